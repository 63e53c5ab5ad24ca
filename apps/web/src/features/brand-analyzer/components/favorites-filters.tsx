import { Button, Checkbox, Group, MultiSelect, NumberInput, Select, SegmentedControl } from '@mantine/core';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import type { DealWarningCode } from '@dealradar/shared/deal-warnings';
import { HideWarningsSelect } from '../../../components/deal-warning-badges.tsx';
import { FAVORITE_SORT_LABELS, FAVORITE_SORT_OPTIONS, type FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';
import { MinStabilityInput } from '../../../components/stability-line.tsx';
import { ListingRestrictionFilterSelect } from '../../../components/listing-restriction.tsx';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';

export interface FavoriteFilterState {
  brands: string[];
  markets: string[];
  sortBy: FavoriteSortBy;
  sortOrder: 'asc' | 'desc';
  /** Leave out favorites whose buy box Amazon itself holds. */
  hideAmazonBuyBox: boolean;
  /** Leave out favorites with any of these warnings. */
  hideWarnings: DealWarningCode[];
  /** Only favorites profitable on at least this percentage of the last 90 days; null: any. */
  minProfitableShare: number | null;
  /** Amazon's answer for the seller account: only what I can sell, or hide the not eligible; null: every favorite. */
  listingRestriction: ListingRestrictionFilter | null;
  /** Only favorites with at least this estimated monthly profit (their currency) / share in units a month; null: any. */
  minMonthlyProfit: number | null;
  minUnitsPerMonth: number | null;
}

interface FavoritesFiltersProps {
  value: FavoriteFilterState;
  brandOptions: Array<{ group: string; items: string[] }>;
  marketOptions: Array<{ value: string; label: string }>;
  onChange: (patch: Partial<FavoriteFilterState>) => void;
  onSortByChange: (sortBy: FavoriteSortBy) => void;
  onRefresh: () => void;
  onClear: () => void;
  refreshing: boolean;
}

/**
 * Favorites filters (brands, markets, 90-day stability, Amazon's own buy boxes, whether the seller account may sell
 * it), sort and order, Refresh and Clear Filter.
 */
export function FavoritesFilters({ value, brandOptions, marketOptions, onChange, onSortByChange, onRefresh, onClear, refreshing }: FavoritesFiltersProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label="Brands"
        placeholder={value.brands.length ? undefined : 'All brands'}
        data={brandOptions}
        value={value.brands}
        onChange={(brands) => onChange({ brands })}
        searchable
        clearable
        nothingFoundMessage="No brands found"
        w={{ base: '100%', sm: 240 }}
        data-testid="favorites-brand-filter"
      />
      <MultiSelect
        label="Markets"
        placeholder={value.markets.length ? undefined : 'All markets'}
        data={marketOptions}
        value={value.markets}
        onChange={(markets) => onChange({ markets })}
        clearable
        searchable
        w={{ base: '100%', sm: 200 }}
        data-testid="favorites-market-filter"
      />
      <MinStabilityInput
        value={value.minProfitableShare}
        onChange={(minProfitableShare) => onChange({ minProfitableShare })}
        testId="favorites-min-stability"
      />
      <NumberInput
        label="Your units/month ≥ (estimate)"
        placeholder="Any"
        min={0}
        allowNegative={false}
        value={value.minUnitsPerMonth ?? ''}
        onChange={(v) => onChange({ minUnitsPerMonth: typeof v === 'number' ? v : null })}
        w={{ base: '100%', sm: 190 }}
        data-testid="favorites-min-units"
      />
      <NumberInput
        label="Monthly profit ≥ (estimate)"
        placeholder="Any"
        min={0}
        allowNegative={false}
        value={value.minMonthlyProfit ?? ''}
        onChange={(v) => onChange({ minMonthlyProfit: typeof v === 'number' ? v : null })}
        w={{ base: '100%', sm: 190 }}
        data-testid="favorites-min-monthly-profit"
      />
      <Select
        label="Sort by"
        data={FAVORITE_SORT_OPTIONS.map((option) => ({ value: option, label: FAVORITE_SORT_LABELS[option] }))}
        value={value.sortBy}
        onChange={(sortBy) => sortBy && onSortByChange(sortBy as FavoriteSortBy)}
        allowDeselect={false}
        w={{ base: '100%', sm: 190 }}
        data-testid="favorites-sort"
      />
      <SegmentedControl
        value={value.sortOrder}
        onChange={(sortOrder) => onChange({ sortOrder: sortOrder as 'asc' | 'desc' })}
        data={[
          { value: 'asc', label: 'Asc' },
          { value: 'desc', label: 'Desc' },
        ]}
        aria-label="Sort order"
      />
      <Checkbox
        label="Hide Amazon buy boxes"
        checked={value.hideAmazonBuyBox}
        onChange={(event) => onChange({ hideAmazonBuyBox: event.currentTarget.checked })}
        mb={8}
        data-testid="favorites-hide-amazon"
      />
      <ListingRestrictionFilterSelect value={value.listingRestriction} onChange={(listingRestriction) => onChange({ listingRestriction })} />
      <HideWarningsSelect value={value.hideWarnings} onChange={(hideWarnings) => onChange({ hideWarnings })} testId="favorites-hide-warnings" />
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRefresh} loading={refreshing}>
        Refresh
      </Button>
      <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
        Clear Filter
      </Button>
    </Group>
  );
}
