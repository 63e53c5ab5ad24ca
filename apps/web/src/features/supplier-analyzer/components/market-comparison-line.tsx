import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { MarketComparison, MarketResult } from '@dealradar/shared/contracts/market-comparison';
import { getMarket } from '@dealradar/shared/markets';
import { formatMoney, formatPercent } from '../../../lib/format.ts';

/** "US · €9.13 profit · ROI 130.4%" in the comparison (region's) currency. */
export function marketResultText(result: MarketResult, currency: string): string {
  return `${result.market} · ${formatMoney(result.profit, currency)} profit · ROI ${formatPercent(result.roiPercentage)}`;
}

/**
 * An all-markets deal (issue 17): its best market and the runner-up, profits in the region's currency; the tooltip
 * names every market where the product meets the minimum ROI and where it is listed.
 */
export function MarketComparisonLine({ comparison }: { comparison: MarketComparison }) {
  const { currency, best, runnerUp, dealMarkets, listedIn } = comparison;
  const detail = [
    ...dealMarkets.map((m) => `${getMarket(m.market).name}: ${marketResultText(m, currency)} (${formatMoney(m.marketProfit, m.marketCurrency)} there)`),
    `Listed in ${listedIn.join(', ')}; markets compared in ${currency} (reference rates of ${comparison.fxDate}).`,
  ];
  return (
    <Group gap="xs" wrap="wrap" data-testid="deal-market-comparison">
      <Tooltip
        label={detail.map((line) => (
          <div key={line}>{line}</div>
        ))}
        multiline
        w={380}
      >
        <Badge variant="light" color="indigo" leftSection={<IconWorld size={12} />}>
          Best of {listedIn.length} market{listedIn.length === 1 ? '' : 's'}
        </Badge>
      </Tooltip>
      <Text size="xs" fw={600} data-testid="deal-best-market">
        Best market: {marketResultText(best, currency)}
      </Text>
      <Text size="xs" c="dimmed" data-testid="deal-runner-up">
        {runnerUp ? `Runner-up: ${marketResultText(runnerUp, currency)}` : 'Runner-up: none (a deal in this market only)'}
      </Text>
    </Group>
  );
}
