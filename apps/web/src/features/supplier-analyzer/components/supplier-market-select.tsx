import { Select } from '@mantine/core';
import { ALL_MARKETS, isMarketChoice, type MarketChoice } from '@dealradar/shared/best-market';
import { MARKETS } from '@dealradar/shared/markets';

const GROUPS = ['Europe', 'North America'] as const;
/** Grouped Europe (DE, UK, FR, IT, ES) / North America (US, CA) (SPEC §2). */
const MARKET_GROUPS = GROUPS.map((group) => ({
  group,
  items: MARKETS.filter((m) => m.region === group).map((m) => ({ value: m.id as string, label: `${m.id} · ${m.name}` })),
}));
/** Every market at once, the best one per product (plans with multi-market analysis). */
const ALL_GROUP = { group: 'Compare', items: [{ value: ALL_MARKETS as string, label: 'All markets (best of 7)' }] };

export function SupplierMarketSelect({
  value,
  onChange,
  disabled,
  allowAllMarkets,
}: {
  value: MarketChoice;
  onChange: (market: MarketChoice) => void;
  disabled?: boolean;
  /** Offer "All markets" (the plan has multi-market analysis). */
  allowAllMarkets?: boolean;
}) {
  return (
    <Select
      label="Market"
      data={allowAllMarkets ? [...MARKET_GROUPS, ALL_GROUP] : MARKET_GROUPS}
      value={value}
      onChange={(v) => isMarketChoice(v) && onChange(v)}
      allowDeselect={false}
      disabled={disabled}
      w={{ base: '100%', sm: 240 }}
      data-testid="supplier-market-select"
    />
  );
}
