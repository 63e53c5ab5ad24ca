import { Group, NumberInput, Text, Tooltip } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { formatMoney } from '../lib/format.ts';

/** "Profitable 64 % of the last 90 days" with the buy box's 30/90-day averages; nothing when all unknown. */
export function stabilityText(share: number | null): string | null {
  return share === null ? null : `Profitable ${Math.round(share * 100)} % of the last 90 days`;
}

export function StabilityLine({ share, avg30, avg90, currency }: { share: number | null; avg30: number | null; avg90: number | null; currency: string }) {
  if (share === null && avg30 === null && avg90 === null) return null;
  const color = share === null ? 'dimmed' : share >= 0.7 ? 'green.8' : share >= 0.4 ? 'yellow.8' : 'red.9';
  return (
    <Group gap="sm" wrap="wrap" data-testid="deal-stability">
      <IconChartLine size={14} color="var(--mantine-color-gray-6)" />
      {share !== null && (
        <Tooltip
          label="Share of the last 90 days on which the buy box would have given your minimum ROI at this price (days without a buy box count as not profitable)"
          multiline
          maw={320}
        >
          <Text size="xs" fw={600} c={color} data-testid="deal-stability-share">
            {stabilityText(share)}
          </Text>
        </Tooltip>
      )}
      {avg30 !== null && (
        <Text size="xs" c="dimmed">
          30-day avg {formatMoney(avg30, currency)}
        </Text>
      )}
      {avg90 !== null && (
        <Text size="xs" c="dimmed">
          90-day avg {formatMoney(avg90, currency)}
        </Text>
      )}
    </Group>
  );
}

/** The deals' and favorites' filter on the 90-day stability: at least this many percent of the days (null: any). */
export function MinStabilityInput({ value, onChange, testId }: { value: number | null; onChange: (percent: number | null) => void; testId: string }) {
  return (
    <NumberInput
      label="Profitable ≥ % of 90 days"
      placeholder="Any"
      min={0}
      max={100}
      step={10}
      allowDecimal={false}
      value={value ?? ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : null)}
      w={{ base: '100%', sm: 190 }}
      data-testid={testId}
    />
  );
}
