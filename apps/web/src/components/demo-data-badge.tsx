import { Badge, Tooltip } from '@mantine/core';

/**
 * Marks numbers that come from the built-in demo catalogue (MARKET_DATA=demo). Presentational only:
 * the screen reads `isDemo` from GET /api/market-data/source (useMarketDataSource) and passes it in.
 */
export function DemoDataBadge({ isDemo }: { isDemo: boolean | undefined }) {
  if (!isDemo) return null;
  return (
    <Tooltip label="Amazon and wholesale figures come from the built-in demo catalogue, not from live data.">
      <Badge color="grape" variant="light" data-testid="demo-data-badge">
        Demo data
      </Badge>
    </Tooltip>
  );
}
