import { PRICE_DROP_SORT_FIELDS, type PriceDropSortField } from '@dealradar/shared/contracts/price-drops';
import { DROP_CATEGORIES, DROP_PRIORITIES } from '@dealradar/shared/drops';
import { LISTING_RESTRICTION_FILTERS } from '@dealradar/shared/contracts/seller-account';
import type { PriceDropFilters } from './api/price-alerts-queries.ts';

/**
 * The filters, sort and page of Price Alerts as the page's query string, so a reload, a shared link
 * and back/forward show the same list: `?q=&category=&priority=&brand=&minRoi=&sell=&minUnits=&minMonthlyProfit=&sort=field:order&page=` (1-based;
 * defaults are left out). Unknown values are ignored, not errors: an old or edited link still opens the page.
 */
export interface PriceAlertsView {
  filters: PriceDropFilters;
  sortBy: PriceDropSortField;
  sortOrder: 'asc' | 'desc';
  /** 1-based, as the pagination shows it. */
  page: number;
}

export const DEFAULT_VIEW: PriceAlertsView = {
  filters: {
    search: '',
    dropCategory: null,
    priority: null,
    brand: null,
    minRoi: null,
    listingRestriction: null,
    minUnitsPerMonth: null,
    minMonthlyProfit: null,
  },
  sortBy: 'detectedAt',
  sortOrder: 'desc',
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | null =>
  raw && (values as readonly string[]).includes(raw) ? (raw as T) : null;

export function readView(params: URLSearchParams): PriceAlertsView {
  const [field, order] = (params.get('sort') ?? '').split(':');
  const minRoi = params.get('minRoi');
  const minRoiNumber = minRoi === null || minRoi.trim() === '' ? null : Number(minRoi);
  const atLeastZero = (raw: string | null) => {
    const n = raw === null || raw.trim() === '' ? null : Number(raw);
    return n !== null && Number.isFinite(n) && n >= 0 ? n : null;
  };
  const page = Number(params.get('page'));
  return {
    filters: {
      search: params.get('q') ?? '',
      dropCategory: oneOf(DROP_CATEGORIES, params.get('category')),
      priority: oneOf(DROP_PRIORITIES, params.get('priority')),
      brand: params.get('brand') || null,
      minRoi: minRoiNumber !== null && Number.isFinite(minRoiNumber) ? minRoiNumber : null,
      listingRestriction: oneOf(LISTING_RESTRICTION_FILTERS, params.get('sell')),
      minUnitsPerMonth: atLeastZero(params.get('minUnits')),
      minMonthlyProfit: atLeastZero(params.get('minMonthlyProfit')),
    },
    sortBy: oneOf(PRICE_DROP_SORT_FIELDS, field ?? null) ?? DEFAULT_VIEW.sortBy,
    sortOrder: order === 'asc' ? 'asc' : 'desc',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeView(view: PriceAlertsView): URLSearchParams {
  const params = new URLSearchParams();
  const { search, dropCategory, priority, brand, minRoi, listingRestriction, minUnitsPerMonth, minMonthlyProfit } = view.filters;
  if (search) params.set('q', search);
  if (dropCategory) params.set('category', dropCategory);
  if (priority) params.set('priority', priority);
  if (brand) params.set('brand', brand);
  if (minRoi !== null) params.set('minRoi', String(minRoi));
  if (listingRestriction) params.set('sell', listingRestriction);
  if (minUnitsPerMonth !== null) params.set('minUnits', String(minUnitsPerMonth));
  if (minMonthlyProfit !== null) params.set('minMonthlyProfit', String(minMonthlyProfit));
  if (view.sortBy !== DEFAULT_VIEW.sortBy || view.sortOrder !== DEFAULT_VIEW.sortOrder) params.set('sort', `${view.sortBy}:${view.sortOrder}`);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
