import { Checkbox, Group, MultiSelect, NumberInput, SegmentedControl, Select, TagsInput } from '@mantine/core';
import { MARKETS, isMarketId, type MarketId } from '@dealradar/shared/markets';
import type { DealWarningCode } from '@dealradar/shared/deal-warnings';
import { HideWarningsSelect } from '../../../components/deal-warning-badges.tsx';
import { DEAL_SORT_OPTIONS, isDealSortBy, type DealSortBy, type SortOrder } from '../deal-sort.ts';
import { MinStabilityInput } from '../../../components/stability-line.tsx';
import { ListingRestrictionFilterSelect } from '../../../components/listing-restriction.tsx';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';

export interface DealFilterState {
  brands: string[];
  markets: MarketId[];
  sortBy: DealSortBy;
  sortOrder: SortOrder;
  /** Leave out deals whose buy box Amazon itself holds. */
  hideAmazonBuyBox: boolean;
  /** Leave out deals with any of these warnings. */
  hideWarnings: DealWarningCode[];
  /** Only deals profitable on at least this percentage of the last 90 days; null: any. */
  minProfitableShare: number | null;
  /** Only what the seller can sell / hide the not eligible; null: every deal. */
  listingRestriction: ListingRestrictionFilter | null;
  /** Only deals with at least this estimated monthly profit (EUR) / share in units a month; null: any. */
  minMonthlyProfit: number | null;
  minUnitsPerMonth: number | null;
}

interface DealFiltersProps {
  value: DealFilterState;
  /** Brands seen in the loaded deals, offered as suggestions (any brand may be typed). */
  brandSuggestions: string[];
  onChange: (patch: Partial<DealFilterState>) => void;
  onSortByChange: (sortBy: DealSortBy) => void;
}

const MARKET_OPTIONS = MARKETS.map((m) => ({ value: m.id, label: `${m.id} · ${m.name}` }));

/** Filters (brands, markets, Amazon's own buy boxes), the nine sort options and the order (SPEC §2, §9). */
export function DealFilters({ value, brandSuggestions, onChange, onSortByChange }: DealFiltersProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TagsInput
        label="Brands"
        placeholder={value.brands.length ? '' : 'All brands'}
        data={brandSuggestions}
        value={value.brands}
        onChange={(brands) => onChange({ brands })}
        clearable
        w={{ base: '100%', sm: 260 }}
        data-testid="deal-filter-brands"
      />
      <MultiSelect
        label="Markets"
        placeholder={value.markets.length ? '' : 'All markets'}
        data={MARKET_OPTIONS}
        value={value.markets}
        onChange={(markets) => onChange({ markets: markets.filter(isMarketId) })}
        clearable
        w={{ base: '100%', sm: 220 }}
        data-testid="deal-filter-markets"
      />
      <HideWarningsSelect value={value.hideWarnings} onChange={(hideWarnings) => onChange({ hideWarnings })} testId="deal-filter-hide-warnings" />
      <MinStabilityInput
        value={value.minProfitableShare}
        onChange={(minProfitableShare) => onChange({ minProfitableShare })}
        testId="deal-filter-min-stability"
      />
      <ListingRestrictionFilterSelect value={value.listingRestriction} onChange={(listingRestriction) => onChange({ listingRestriction })} />
      <NumberInput
        label="Your units/month ≥ (estimate)"
        placeholder="Any"
        min={0}
        allowNegative={false}
        value={value.minUnitsPerMonth ?? ''}
        onChange={(v) => onChange({ minUnitsPerMonth: typeof v === 'number' ? v : null })}
        w={{ base: '100%', sm: 190 }}
        data-testid="deal-filter-min-units"
      />
      <NumberInput
        label="Monthly profit ≥ € (estimate)"
        placeholder="Any"
        min={0}
        allowNegative={false}
        value={value.minMonthlyProfit ?? ''}
        onChange={(v) => onChange({ minMonthlyProfit: typeof v === 'number' ? v : null })}
        w={{ base: '100%', sm: 190 }}
        data-testid="deal-filter-min-monthly-profit"
      />
      <Select
        label="Sort by"
        data={DEAL_SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        value={value.sortBy}
        onChange={(v) => isDealSortBy(v) && onSortByChange(v)}
        allowDeselect={false}
        w={{ base: '100%', sm: 190 }}
        data-testid="deal-sort-by"
      />
      <SegmentedControl
        value={value.sortOrder}
        onChange={(v) => onChange({ sortOrder: v === 'desc' ? 'desc' : 'asc' })}
        data={[
          { value: 'asc', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
        data-testid="deal-sort-order"
      />
      <Checkbox
        label="Hide Amazon buy boxes"
        checked={value.hideAmazonBuyBox}
        onChange={(event) => onChange({ hideAmazonBuyBox: event.currentTarget.checked })}
        mb={8}
        data-testid="deal-filter-hide-amazon"
      />
    </Group>
  );
}
