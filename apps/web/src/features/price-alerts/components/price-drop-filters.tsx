import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DROP_CATEGORIES, DROP_CATEGORY_LABELS, DROP_PRIORITIES, DROP_PRIORITY_LABELS } from '@dealradar/shared/drops';
import type { PriceDropFilters } from '../api/price-alerts-queries.ts';
import { ListingRestrictionFilterSelect } from '../../../components/listing-restriction.tsx';

const CATEGORY_OPTIONS = DROP_CATEGORIES.map((c) => ({ value: c, label: DROP_CATEGORY_LABELS[c] }));
const PRIORITY_OPTIONS = DROP_PRIORITIES.map((p) => ({ value: p, label: DROP_PRIORITY_LABELS[p] }));

interface Props {
  value: PriceDropFilters;
  /** The region currency the monthly profit filter is in. */
  currency: string;
  brands: string[];
  onChange(next: PriceDropFilters): void;
}

/** Search, drop category, priority, brand, minimum Best ROI and (with a connected seller account) Can-I-sell-it filters. */
export function PriceDropFiltersBar({ value, brands, currency, onChange }: Props) {
  const empty =
    !value.search &&
    !value.dropCategory &&
    !value.priority &&
    !value.brand &&
    value.minRoi === null &&
    !value.listingRestriction &&
    value.minUnitsPerMonth === null &&
    value.minMonthlyProfit === null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Product, brand or EAN"
        leftSection={<IconSearch size={16} />}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        label="Drop category"
        placeholder="All categories"
        data={CATEGORY_OPTIONS}
        value={value.dropCategory}
        onChange={(v) => onChange({ ...value, dropCategory: v })}
        clearable
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        label="Priority"
        placeholder="All priorities"
        data={PRIORITY_OPTIONS}
        value={value.priority}
        onChange={(v) => onChange({ ...value, priority: v })}
        clearable
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        label="Brand"
        placeholder="All brands"
        data={brands}
        value={value.brand}
        onChange={(v) => onChange({ ...value, brand: v })}
        clearable
        searchable
        w={{ base: '100%', sm: 220 }}
        nothingFoundMessage="No brands"
      />
      <NumberInput
        label="Min. Best ROI %"
        placeholder="Any ROI"
        value={value.minRoi ?? ''}
        onChange={(v) => onChange({ ...value, minRoi: typeof v === 'number' ? v : v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null })}
        min={-100}
        max={100000}
        decimalScale={2}
        hideControls
        w={{ base: '100%', sm: 140 }}
      />
      <NumberInput
        label="Your units/month ≥ (estimate)"
        placeholder="Any"
        min={0}
        allowNegative={false}
        value={value.minUnitsPerMonth ?? ''}
        onChange={(v) => onChange({ ...value, minUnitsPerMonth: typeof v === 'number' ? v : null })}
        hideControls
        w={{ base: '100%', sm: 190 }}
        data-testid="drops-min-units"
      />
      <NumberInput
        label={`Monthly profit ≥ ${currency === 'GBP' ? '£' : '€'} (estimate)`}
        placeholder="Any"
        min={0}
        allowNegative={false}
        value={value.minMonthlyProfit ?? ''}
        onChange={(v) => onChange({ ...value, minMonthlyProfit: typeof v === 'number' ? v : null })}
        hideControls
        w={{ base: '100%', sm: 190 }}
        data-testid="drops-min-monthly-profit"
      />
      <ListingRestrictionFilterSelect value={value.listingRestriction} onChange={(listingRestriction) => onChange({ ...value, listingRestriction })} />
      <Button
        variant="subtle"
        disabled={empty}
        onClick={() =>
          onChange({
            search: '',
            dropCategory: null,
            priority: null,
            brand: null,
            minRoi: null,
            listingRestriction: null,
            minUnitsPerMonth: null,
            minMonthlyProfit: null,
          })
        }
      >
        Clear filters
      </Button>
    </Group>
  );
}
