import type { ReactNode } from 'react';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card.tsx';
import type { SubscriptionStatus } from '@dealradar/shared/contracts/plans';
import { usageBar } from '../settings-rules.ts';

/**
 * Subscription and usage: EAN uploads this month and brand checks today against the plan's limits,
 * red at or above the limit. `children` is where plan-specific notices (the limit-exhausted alert) go.
 */
export function UsageCard({ status, children }: { status: SubscriptionStatus; children?: ReactNode }) {
  return (
    <SectionCard title="Subscription and usage" icon={<IconGauge size={20} />} testId="usage">
      <Group gap="xs" mb="md">
        <Text size="sm" c="dimmed">
          Current plan
        </Text>
        <Badge variant="light" color="indigo" data-testid="usage-tier">
          {status.tier}
        </Badge>
      </Group>
      <Stack gap="md">
        <UsageRow label="EAN uploads this month" used={status.eanUploadsThisMonth} limit={status.eanUploadLimit} />
        <UsageRow label="Brand checks today" used={status.qogitaBrandChecksToday} limit={status.qogitaBrandChecksPerDay} />
        {children}
      </Stack>
    </SectionCard>
  );
}

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const bar = usageBar(used, limit);
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c={bar.exhausted ? 'red' : 'dimmed'} fw={bar.exhausted ? 600 : 400}>
          {bar.label}
        </Text>
      </Group>
      <Progress value={bar.percent} color={bar.color} size="md" radius="xl" aria-label={label} data-color={bar.color} />
    </div>
  );
}
