import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AlertRule } from '@dealradar/shared/contracts/alerts';
import { DROP_CATEGORY_LABELS, type DropCategory } from '@dealradar/shared/drops';
import { useQuery } from '@tanstack/react-query';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { ListTable } from '../../../components/list-table.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

interface RulesTableProps {
  rules: AlertRule[];
  busy: boolean;
  onPause: (rule: AlertRule, paused: boolean) => void;
  onDelete: (rule: AlertRule) => void;
  onTest: (rule: AlertRule) => void;
  onEdit: (rule: AlertRule) => void;
  /** Switches alert e-mails back on after the unsubscribe link (PATCH /alerts/channels). */
  onResubscribe: () => void;
}

/** "Nivea, Garnier · Small, Medium · ≥ 20 % · ROI ≥ 30 % (DE) · stock ≥ 5 · only products I can sell". */
export function ruleFilterText(rule: AlertRule): string {
  const parts = [
    rule.brands.length ? rule.brands.join(', ') : 'All brands',
    rule.categories.length ? rule.categories.map((c) => DROP_CATEGORY_LABELS[c as DropCategory] ?? c).join(', ') : 'all categories',
    `drop ≥ ${rule.minDropPercentage} %`,
  ];
  if (rule.minRoiPercentage !== null) parts.push(`ROI ≥ ${rule.minRoiPercentage} %${rule.roiMarkets.length ? ` (${rule.roiMarkets.join(', ')})` : ''}`);
  if (rule.minStock !== null) parts.push(`stock ≥ ${rule.minStock}`);
  if (rule.onlySellable) parts.push('only products I can sell');
  parts.push(`again after +${rule.rearmPoints} pts`);
  return parts.join(' · ');
}

export function channelText(rule: Pick<AlertRule, 'channel' | 'emailFrequency' | 'webhookFormat' | 'webhookUrl'>): string {
  if (rule.channel === 'email') return rule.emailFrequency === 'instant' ? 'E-mail at once' : `E-mail, ${rule.emailFrequency} digest`;
  const format = { generic: 'JSON', discord: 'Discord', slack: 'Slack' }[rule.webhookFormat ?? 'generic'];
  return `Webhook (${format}) ${rule.webhookUrl ? new URL(rule.webhookUrl).host : ''}`;
}

/** The rule's state: paused (by the user or the plan), e-mails unsubscribed, or active. Never cut short. */
function RuleStatus({ rule }: { rule: AlertRule }) {
  const nowrap = { root: { overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } as const;
  if (rule.paused)
    return (
      <Badge
        color={rule.pausedReason === 'plan' ? 'orange' : 'gray'}
        variant="light"
        styles={nowrap}
        title={rule.pausedReason === 'plan' ? 'Paused because the plan ended' : undefined}
        data-testid="alert-rule-status"
      >
        {rule.pausedReason === 'plan' ? 'Paused (plan)' : 'Paused'}
      </Badge>
    );
  if (rule.emailUnsubscribed)
    return (
      <Badge color="orange" variant="light" styles={nowrap} data-testid="alert-rule-status">
        E-mails unsubscribed
      </Badge>
    );
  return (
    <Badge color="green" variant="light" styles={nowrap} data-testid="alert-rule-status">
      Active
    </Badge>
  );
}

/** Under an e-mail rule whose user clicked an alert e-mail's unsubscribe link: what that means and the way back. */
function UnsubscribedNote({ rule, busy, onResubscribe }: { rule: AlertRule; busy: boolean; onResubscribe: () => void }) {
  if (!rule.emailUnsubscribed) return null;
  return (
    <Stack gap={4} mt={4} align="flex-start" data-testid="alert-rule-unsubscribed">
      <Text size="xs" c="dimmed">
        You unsubscribed from alert e-mails (the link in an e-mail): this rule sends nothing until you switch them back on.
      </Text>
      <Button size="compact-xs" variant="light" color="orange" onClick={onResubscribe} disabled={busy}>
        Switch e-mails back on
      </Button>
    </Stack>
  );
}

const sellerAccountQuery = endpointQuery(sellerAccountApi.get);

/** Under a rule of "only products I can sell" while no seller account is connected: it alerts nothing until one is. */
function OnlySellableNote({ rule }: { rule: AlertRule }) {
  const account = useQuery({ ...sellerAccountQuery, enabled: rule.onlySellable });
  const data = account.data;
  if (!rule.onlySellable || !data || (data.connected && data.status === 'CONNECTED')) return null;
  return (
    <Text size="xs" c="orange.8" mt={4} data-testid="alert-rule-only-sellable-note">
      {data.connected
        ? 'Only products you can sell: Amazon no longer accepts your seller account, so this rule alerts nothing new until it is connected again in Settings.'
        : 'Only products you can sell: no Amazon seller account is connected, so this rule alerts nothing until one is connected in Settings.'}
    </Text>
  );
}

function RuleActions({ rule, busy, onEdit, onPause, onDelete, onTest }: Omit<RulesTableProps, 'rules' | 'onResubscribe'> & { rule: AlertRule }) {
  return (
    <Group gap={6} justify="flex-end" wrap="wrap" data-testid="alert-rule-actions">
      <Button size="xs" variant="default" onClick={() => onEdit(rule)} disabled={busy} aria-label={`Edit ${rule.name}`}>
        Edit
      </Button>
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
  );
}

/**
 * The rules: a table from Mantine's `sm` breakpoint up (the status column sized to its badge, the actions wrapping
 * within their cell), one card per rule on a phone, where the table's actions were off-screen.
 */
export function RulesTable(props: RulesTableProps) {
  const { rules, busy, onResubscribe } = props;
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  if (isPhone && rules.length > 0) {
    return (
      <Stack gap="sm" data-testid="alert-rules-table">
        {rules.map((rule) => (
          <Paper key={rule.id} withBorder radius="md" p="sm" data-testid="alert-rule">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {rule.name}
              </Text>
              <RuleStatus rule={rule} />
            </Group>
            <Text size="sm" mt={4}>
              {ruleFilterText(rule)}
            </Text>
            <Text size="sm" c="dimmed">
              {channelText(rule)}
            </Text>
            <UnsubscribedNote rule={rule} busy={busy} onResubscribe={onResubscribe} />
            <OnlySellableNote rule={rule} />
            <Box mt="xs">
              <RuleActions {...props} rule={rule} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <ListTable
      headers={['Rule', 'Drops', 'Channel', 'Status', '']}
      empty="No alert rules yet. Create one to be told about new price drops."
      hasRows={rules.length > 0}
      minWidth={720}
      testId="alert-rules-table"
    >
      {rules.map((rule) => (
        <Table.Tr key={rule.id} data-testid="alert-rule">
          <Table.Td fw={600}>{rule.name}</Table.Td>
          <Table.Td>
            <Text size="sm">{ruleFilterText(rule)}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{channelText(rule)}</Text>
            <UnsubscribedNote rule={rule} busy={busy} onResubscribe={onResubscribe} />
            <OnlySellableNote rule={rule} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap', width: '1%' }}>
            <RuleStatus rule={rule} />
          </Table.Td>
          <Table.Td w={220}>
            <RuleActions {...props} rule={rule} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
