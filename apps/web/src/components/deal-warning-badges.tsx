import { Badge, Group, MultiSelect, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DEAL_WARNING_CODES, DEAL_WARNING_LABELS, type DealWarning, type DealWarningCode } from '@dealradar/shared/deal-warnings';

/**
 * The warnings of a deal or favorite as badges; each badge's one-line reason is its tooltip and its
 * accessible name. "Amazon holds the buy box" has its own badge (AmazonBuyBoxBadge) and is not repeated here.
 */
export function DealWarningBadges({ warnings }: { warnings: DealWarning[] }) {
  const shown = warnings.filter((w) => w.code !== 'amazon_buy_box');
  if (!shown.length) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="deal-warnings">
      {shown.map((w) => (
        <Tooltip key={w.code} label={w.reason} multiline maw={360} withArrow>
          <Badge
            color="yellow"
            variant="light"
            size="sm"
            leftSection={<IconAlertTriangle size={12} />}
            data-testid="deal-warning"
            data-code={w.code}
            aria-label={`${DEAL_WARNING_LABELS[w.code]}: ${w.reason}`}
          >
            {DEAL_WARNING_LABELS[w.code]}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

const OPTIONS = DEAL_WARNING_CODES.map((code) => ({ value: code, label: DEAL_WARNING_LABELS[code] }));
const isCode = (v: string): v is DealWarningCode => (DEAL_WARNING_CODES as readonly string[]).includes(v);

/** "Hide warnings": leave out the deals or favorites carrying any of the chosen warnings. */
export function HideWarningsSelect({ value, onChange, testId }: { value: DealWarningCode[]; onChange: (codes: DealWarningCode[]) => void; testId?: string }) {
  return (
    <MultiSelect
      label="Hide warnings"
      placeholder={value.length ? '' : 'Show all'}
      data={OPTIONS}
      value={value}
      onChange={(codes) => onChange(codes.filter(isCode))}
      clearable
      w={{ base: '100%', sm: 260 }}
      data-testid={testId}
    />
  );
}
