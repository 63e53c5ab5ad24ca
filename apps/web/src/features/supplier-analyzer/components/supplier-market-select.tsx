import { Select } from '@mantine/core';
import { MARKETS, isMarketId, type MarketId } from '@dealradar/shared/markets';

const GROUPS = ['Europe', 'North America'] as const;
/** Grouped Europe (DE, UK, FR, IT, ES) / North America (US, CA) (SPEC §2). */
const DATA = GROUPS.map((group) => ({
  group,
  items: MARKETS.filter((m) => m.region === group).map((m) => ({ value: m.id, label: `${m.id} · ${m.name}` })),
}));

export function SupplierMarketSelect({ value, onChange, disabled }: { value: MarketId; onChange: (market: MarketId) => void; disabled?: boolean }) {
  return (
    <Select
      label="Market"
      data={DATA}
      value={value}
      onChange={(v) => isMarketId(v) && onChange(v)}
      allowDeselect={false}
      disabled={disabled}
      w={{ base: '100%', sm: 240 }}
      data-testid="supplier-market-select"
    />
  );
}
