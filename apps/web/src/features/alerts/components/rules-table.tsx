import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { AlertRule } from '@dealradar/shared/contracts/alerts';
import { DROP_CATEGORY_LABELS, type DropCategory } from '@dealradar/shared/drops';
import { ListTable } from '../../../components/list-table.tsx';

interface RulesTableProps {
  rules: AlertRule[];
  busy: boolean;
  onPause: (rule: AlertRule, paused: boolean) => void;
  onDelete: (rule: AlertRule) => void;
  onTest: (rule: AlertRule) => void;
}

/** "Nivea, Garnier · Small, Medium · ≥ 20 % · ROI ≥ 30 % (DE) · stock ≥ 5". */
export function ruleFilterText(rule: AlertRule): string {
  const parts = [
    rule.brands.length ? rule.brands.join(', ') : 'All brands',
    rule.categories.length ? rule.categories.map((c) => DROP_CATEGORY_LABELS[c as DropCategory] ?? c).join(', ') : 'all categories',
    `drop ≥ ${rule.minDropPercentage} %`,
  ];
  if (rule.minRoiPercentage !== null) parts.push(`ROI ≥ ${rule.minRoiPercentage} %${rule.roiMarkets.length ? ` (${rule.roiMarkets.join(', ')})` : ''}`);
  if (rule.minStock !== null) parts.push(`stock ≥ ${rule.minStock}`);
  parts.push(`again after +${rule.rearmPoints} pts`);
  return parts.join(' · ');
}

export function channelText(rule: Pick<AlertRule, 'channel' | 'emailFrequency' | 'webhookFormat' | 'webhookUrl'>): string {
  if (rule.channel === 'email') return rule.emailFrequency === 'instant' ? 'E-mail at once' : `E-mail, ${rule.emailFrequency} digest`;
  const format = { generic: 'JSON', discord: 'Discord', slack: 'Slack' }[rule.webhookFormat ?? 'generic'];
  return `Webhook (${format}) ${rule.webhookUrl ? new URL(rule.webhookUrl).host : ''}`;
}

export function RulesTable({ rules, busy, onPause, onDelete, onTest }: RulesTableProps) {
  return (
    <ListTable
      headers={['Rule', 'Drops', 'Channel', 'Status', '']}
      empty="No alert rules yet. Create one to be told about new price drops."
      hasRows={rules.length > 0}
      minWidth={720}
      testId="alert-rules-table"
    >
      {rules.map((rule) => (
        <Table.Tr key={rule.id}>
          <Table.Td fw={600}>{rule.name}</Table.Td>
          <Table.Td>
            <Text size="sm">{ruleFilterText(rule)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{channelText(rule)}</Text>
          </Table.Td>
          <Table.Td>
            {rule.paused ? (
              <Badge
                color={rule.pausedReason === 'plan' ? 'orange' : 'gray'}
                variant="light"
                title={rule.pausedReason === 'plan' ? 'Paused because the plan ended' : undefined}
              >
                {rule.pausedReason === 'plan' ? 'Paused (plan)' : 'Paused'}
              </Badge>
            ) : (
              <Badge color="green" variant="light">
                Active
              </Badge>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={6} justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="light" onClick={() => onTest(rule)} disabled={busy}>
                Send a test message
              </Button>
              <Button size="xs" variant="default" onClick={() => onPause(rule, !rule.paused)} disabled={busy}>
                {rule.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(rule)} disabled={busy}>
                Delete
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
