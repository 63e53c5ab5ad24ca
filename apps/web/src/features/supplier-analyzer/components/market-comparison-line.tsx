import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { MarketComparison, MarketResult } from '@dealradar/shared/contracts/market-comparison';
import { getMarket } from '@dealradar/shared/markets';
import { conversionOf, formatMoney, moneyWithListAmount, type Conversion } from '@dealradar/shared/money';
import { formatPercent } from '../../../lib/format.ts';

/**
 * The one comparison currency of an all-markets card (docs/money.md): the region's, in which the markets are ranked,
 * named on the card; where it is not the list's EUR every profit carries its euro amount, the rate and its day
 * ('£13.10 · €14.98 at 0.8745 on 28 Nov'), so the best market's figure is the card's own euro profit. Older stored
 * deals carry no euro amounts: only the region's, labelled.
 */
function regionConversion(comparison: MarketComparison): Conversion | null {
  if (comparison.currency === 'EUR' || !comparison.fxRate) return null;
  return conversionOf(comparison.currency, 'EUR', comparison.fxRate, 1, comparison.fxDate);
}

/** "US · profit £7.98 · €9.13 at 0.8745 on 28 Nov · ROI 130.4%": one market in the card's comparison currency. */
export function marketResultText(result: MarketResult, comparison: MarketComparison): string {
  const conversion = result.listProfit === undefined ? null : regionConversion(comparison);
  const profit = conversion ? moneyWithListAmount(result.profit, conversion, result.listProfit) : formatMoney(result.profit, comparison.currency);
  return `${result.market} · profit ${profit} · ROI ${formatPercent(result.roiPercentage)}`;
}

/** The market's own profit when its currency is not the list's: '$10.00 · €9.26 at 1.0821 on 28 Nov'. */
function ownCurrencyText(result: MarketResult, comparison: MarketComparison): string | null {
  if (result.marketCurrency === 'EUR') return null;
  if (!result.fxRate) return formatMoney(result.marketProfit, result.marketCurrency);
  return moneyWithListAmount(result.marketProfit, conversionOf(result.marketCurrency, 'EUR', result.fxRate, 1, comparison.fxDate));
}

/**
 * An all-markets deal: its best market and the runner-up in one comparison currency, named on the card;
 * the tooltip names every market where the product meets the minimum ROI (with its own currency's profit) and where
 * it is listed.
 */
export function MarketComparisonLine({ comparison }: { comparison: MarketComparison }) {
  const { best, runnerUp, dealMarkets, listedIn } = comparison;
  const withEuro = best.listProfit !== undefined && regionConversion(comparison) !== null;
  const label = `Markets compared in ${comparison.currency}, your region's currency${withEuro ? ", each with the list's EUR" : ''}`;
  const detail = [
    ...dealMarkets.map((m) => {
      const own = ownCurrencyText(m, comparison);
      return `${getMarket(m.market).name}: ${marketResultText(m, comparison)}${own ? ` (${own} there)` : ''}`;
    }),
    `Listed in ${listedIn.join(', ')}; reference rates of ${comparison.fxDate}.`,
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
      <Text size="xs" c="dimmed" data-testid="deal-comparison-currency">
        {label}
      </Text>
      <Text size="xs" fw={600} data-testid="deal-best-market">
        Best market: {marketResultText(best, comparison)}
      </Text>
      <Text size="xs" c="dimmed" data-testid="deal-runner-up">
        {runnerUp ? `Runner-up: ${marketResultText(runnerUp, comparison)}` : 'Runner-up: none (a deal in this market only)'}
      </Text>
    </Group>
  );
}
