// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { settingsApi } from '@dealradar/shared/contracts/endpoints/settings';
import { chooseOption, renderWithProviders, stubApi, type ApiStub } from '../../test/test-utils.tsx';
import { noSellerAccount } from '../../test/fixtures.ts';
import { PriceAlertsPage } from './price-alerts.tsx';

/** A GROWTH user's Price Alerts screen (real data, not the example rows) with no drops. */
function stubPriceAlerts() {
  return stubApi()
    .on(priceDropsApi.list, { content: [], totalPages: 0, totalElements: 0 })
    .on(priceDropsApi.stats, {
      totalProducts: 1200,
      totalPriceDrops: 0,
      currentUpdateFrequency: 'Hourly',
      lastUpdateTime: null,
      nextUpdateTime: '2026-11-29T09:00:00.000Z',
      refreshing: false,
      timeZone: 'Europe/Berlin',
    })
    .on(priceDropsApi.brands, ['Dove', 'Nivea'])
    .on(settingsApi.primaryCountry, { country: 'DE', currency: 'EUR', currencySymbol: '€' })
    .on(marketDataApi.source, { retail: 'Keepa', wholesale: 'Qogita', isDemo: false })
    .on(sellerAccountApi.get, noSellerAccount());
}

/** The query of the latest drops request: what the list on screen was asked with. */
const lastDropsQuery = (api: ApiStub) => api.requests(priceDropsApi.list).at(-1)?.query;

function openPriceAlerts(path = '/qogita-price-alerts') {
  return renderWithProviders(<PriceAlertsPage />, { path, session: { subscriptionTier: 'GROWTH' } });
}

async function choose(user: ReturnType<typeof openPriceAlerts>['user'], label: string, option: string) {
  await chooseOption(user, screen.getByLabelText(label, { selector: 'input' }), option);
}

describe('price drop filters', () => {
  it('puts a chosen category and brand in the address and the drops request, and Clear filters takes them out', async () => {
    const api = stubPriceAlerts();
    const { user, searchParams } = openPriceAlerts();
    expect(await screen.findByText('No price drops found')).toBeTruthy();
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveProperty('disabled', true);

    await choose(user, 'Drop category', 'Large');
    await choose(user, 'Brand', 'Nivea');

    await waitFor(() => expect(searchParams().toString()).toBe('category=LARGE&brand=Nivea'));
    await waitFor(() => expect(lastDropsQuery(api)?.get('brand')).toBe('Nivea'));
    expect(lastDropsQuery(api)?.get('dropCategory')).toBe('LARGE');
    expect(lastDropsQuery(api)?.get('page')).toBe('0');

    await user.click(clear);

    await waitFor(() => expect(searchParams().toString()).toBe(''));
    await waitFor(() => expect(lastDropsQuery(api)?.has('brand')).toBe(false));
    expect(lastDropsQuery(api)?.has('dropCategory')).toBe(false);
    expect(clear).toHaveProperty('disabled', true);
  });

  it('opens a shared link with its filters filled in and asks for that page', async () => {
    const api = stubPriceAlerts();
    openPriceAlerts('/qogita-price-alerts?q=serum&priority=HIGH&minRoi=25&page=2');

    await waitFor(() => expect(api.requests(priceDropsApi.list)).toHaveLength(1));
    const query = lastDropsQuery(api);
    expect(query?.get('search')).toBe('serum');
    expect(query?.get('priority')).toBe('HIGH');
    expect(query?.get('minRoi')).toBe('25');
    expect(query?.get('page')).toBe('1');
    expect(screen.getByLabelText('Search')).toHaveProperty('value', 'serum');
    expect(screen.getByLabelText('Priority', { selector: 'input' })).toHaveProperty('value', 'High');
    expect(screen.getByLabelText('Min. Best ROI %')).toHaveProperty('value', '25');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveProperty('disabled', false);
  });

  it('sends a typed search once typing pauses and starts again from the first page', async () => {
    const api = stubPriceAlerts();
    const { user, searchParams } = openPriceAlerts('/qogita-price-alerts?page=3');
    await waitFor(() => expect(lastDropsQuery(api)?.get('page')).toBe('2'));

    await user.click(screen.getByLabelText('Search'));
    await user.paste('nivea');

    await waitFor(() => expect(searchParams().toString()).toBe('q=nivea'));
    await waitFor(() => expect(lastDropsQuery(api)?.get('search')).toBe('nivea'));
    expect(lastDropsQuery(api)?.get('page')).toBe('0');
    // One request for the settled text, after the debounce.
    expect(api.requests(priceDropsApi.list).filter((r) => r.query.has('search'))).toHaveLength(1);
  });
});
