import { Select } from '@mantine/core';
import { MARKETS, isMarketId, type MarketId } from '@dealradar/shared/markets';

const GROUPS = ['Europe', 'North America'] as const;
/** Grouped Europe / North America, each labelled with name and currency (SPEC §2). */
const DATA = GROUPS.map((group) => ({
  group,
  items: MARKETS.filter((m) => m.region === group).map((m) => ({ value: m.id, label: `${m.name} (${m.currency})` })),
}));

export function CsvMarketSelect({ value, onChange }: { value: MarketId; onChange: (market: MarketId) => void }) {
  return (
    <Select
      label="Market"
      data={DATA}
      value={value}
      onChange={(v) => isMarketId(v) && onChange(v)}
      allowDeselect={false}
      w={{ base: '100%', sm: 300 }}
      data-testid="csv-market-select"
    />
  );
}
