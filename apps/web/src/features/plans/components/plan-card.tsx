import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { SubscriptionTier } from '@dealradar/shared/contracts/plans';
import { formatEuro, planFeatureLines, type PlanAction } from '../plan-rules.ts';

/**
 * One plan of the Subscription screen: price in euro, description, limits; 'Current Plan', a Buy Plan link (no paid
 * plan yet) or "Change to this plan" (a paid plan: no second checkout), disabled with a reason when billing
 * cannot change it here.
 */
export function PlanCard({
  plan,
  action,
  onChange,
  changeDisabled = false,
}: {
  plan: SubscriptionTier;
  action: PlanAction;
  onChange?: (plan: SubscriptionTier) => void;
  changeDisabled?: boolean;
}) {
  const current = action === 'current';
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow={current ? 'md' : 'xs'}
      style={current ? { borderColor: 'var(--mantine-color-indigo-5)', boxShadow: '0 0 0 1px var(--mantine-color-indigo-5)' } : undefined}
      data-testid={`plan-${plan.name}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4">
            {plan.name}
          </Title>
        </Group>
        <Group gap={4} align="baseline">
          <Text fz={32} fw={700}>
            {formatEuro(plan.price)}
          </Text>
          <Text c="dimmed" size="sm">
            / month
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <List spacing={6} size="sm" center styles={{ root: { paddingInlineStart: 0 } }}>
          {planFeatureLines(plan).map((line) => (
            <List.Item
              key={line.label}
              icon={
                <ThemeIcon size={18} radius="xl" color={line.included ? 'teal' : 'gray'} variant="light">
                  {line.included ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text span size="sm">
                {line.label}:{' '}
              </Text>
              <Text span size="sm" fw={600}>
                {line.value}
              </Text>
            </List.Item>
          ))}
        </List>
        <div style={{ marginTop: 'auto' }}>
          {current ? (
            <Button fullWidth variant="light" disabled>
              Current Plan
            </Button>
          ) : action === 'change' ? (
            <Button fullWidth variant="outline" disabled={changeDisabled} onClick={() => onChange?.(plan)}>
              Change to this plan
            </Button>
          ) : action === 'buy' && plan.checkoutUrl ? (
            <Button fullWidth component="a" href={plan.checkoutUrl} rel="noopener">
              Buy Plan
            </Button>
          ) : (
            <Text size="xs" c="dimmed" ta="center">
              Included when no paid plan is active.
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}
