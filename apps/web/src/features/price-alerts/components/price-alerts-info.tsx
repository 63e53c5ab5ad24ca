import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { HelpTextLink } from '../../../components/help-text-link.tsx';
import { SCHEDULE_TEXT } from '@dealradar/shared/drops-schedule';
import {
  DROP_CATEGORIES,
  DROP_CATEGORY_FLOORS,
  DROP_CATEGORY_LABELS,
  DROP_PRIORITIES,
  DROP_PRIORITY_FLOORS,
  DROP_PRIORITY_LABELS,
  dropCategoryColor,
} from '@dealradar/shared/drops';

function ranges<K extends string>(order: readonly K[], floors: Record<K, number>): Array<{ key: K; text: string }> {
  return order.map((key, i) => {
    const next = order[i + 1];
    return { key, text: next ? `${floors[key]}-${floors[next]}%` : `${floors[key]}%+` };
  });
}

const PRIORITY_COLORS = { LOW: 'gray', MEDIUM: 'blue', HIGH: 'orange', VERY_HIGH: 'red', CRITICAL: 'grape' } as const;

/** The rules banner (24 h expiry, removal on a rise, update on a better discount, the schedule) and the legends. */
export function PriceAlertsInfo() {
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title="How price alerts work" data-testid="price-alerts-info">
        <Text size="sm">Price drops expire after 24 hours. A drop is removed if the price rises again, and updated if a better discount is found.</Text>
        <Text size="sm" mt={4}>
          Price updates: {SCHEDULE_TEXT}.{' '}
          <HelpTextLink doc="price-alerts" section="rules">
            Schedule and rules in detail
          </HelpTextLink>
        </Text>
      </Alert>
      <Paper withBorder radius="md" p="sm">
        <Group gap="xs" wrap="wrap" data-testid="drop-category-legend">
          <Text size="sm" fw={600} mr="xs">
            Drop categories:
          </Text>
          {ranges(DROP_CATEGORIES, DROP_CATEGORY_FLOORS).map(({ key, text }) => (
            <Badge key={key} color={dropCategoryColor(key)} variant="light">
              {DROP_CATEGORY_LABELS[key]} {text}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" wrap="wrap" mt="xs" data-testid="priority-legend">
          <Text size="sm" fw={600} mr="xs">
            Priority:
          </Text>
          {ranges(DROP_PRIORITIES, DROP_PRIORITY_FLOORS).map(({ key, text }) => (
            <Badge key={key} color={PRIORITY_COLORS[key]} variant="outline">
              {DROP_PRIORITY_LABELS[key].toUpperCase()} {text}
            </Badge>
          ))}
        </Group>
      </Paper>
    </Stack>
  );
}

export { PRIORITY_COLORS };
