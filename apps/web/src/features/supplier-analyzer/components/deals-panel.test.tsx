// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { chooseOption, renderWithProviders, stubApi, type ApiStub } from '../../../test/test-utils.tsx';
import { noSellerAccount } from '../../../test/fixtures.ts';
import { DealsPanel } from './deals-panel.tsx';

function stubDeals() {
  return stubApi().on(supplierAnalyzerApi.results, { content: [], totalPages: 0, totalElements: 0 }).on(sellerAccountApi.get, noSellerAccount());
}

/** The query of the latest deals request: what the list on screen was asked with. */
const lastQuery = (api: ApiStub) => api.requests(supplierAnalyzerApi.results).at(-1)?.query;

async function openDeals() {
  const api = stubDeals();
  const rendered = renderWithProviders(<DealsPanel />);
  expect(await screen.findByText('No deals found.')).toBeTruthy();
  return { api, ...rendered };
}

describe('supplier deal filters', () => {
  it('asks for the best sales rank first (SPEC §9: ascending) on the first page of 100', async () => {
    const { api } = await openDeals();

    const query = lastQuery(api);
    expect(query?.get('sortBy')).toBe('mainCategoryRank');
    expect(query?.get('sortOrder')).toBe('asc');
    expect(query?.get('page')).toBe('0');
    expect(query?.get('size')).toBe('100');
    expect(screen.getByLabelText('Ascending')).toHaveProperty('checked', true);
  });

  it('sorts a newly chosen field best first, and the order can be flipped', async () => {
    const { api, user } = await openDeals();

    await chooseOption(user, screen.getByLabelText('Sort by', { selector: 'input' }), 'ROI');

    await waitFor(() => expect(lastQuery(api)?.get('sortBy')).toBe('roi'));
    expect(lastQuery(api)?.get('sortOrder')).toBe('desc');
    expect(screen.getByLabelText('Descending')).toHaveProperty('checked', true);

    await user.click(screen.getByLabelText('Ascending'));
    await waitFor(() => expect(lastQuery(api)?.get('sortOrder')).toBe('asc'));
    expect(lastQuery(api)?.get('sortBy')).toBe('roi');
  });

  it('sends the chosen brands, markets, hidden warnings and Amazon buy-box filter, and drops a filter once cleared', async () => {
    const { api, user } = await openDeals();

    await user.type(screen.getByLabelText('Brands', { selector: 'input' }), 'Nivea{Enter}Dove{Enter}');
    await chooseOption(user, screen.getByLabelText('Markets', { selector: 'input' }), 'DE · Germany');
    await chooseOption(user, screen.getByLabelText('Hide warnings', { selector: 'input' }), 'Pack listing');
    await user.click(screen.getByLabelText('Hide Amazon buy boxes'));

    await waitFor(() => expect(lastQuery(api)?.get('hideAmazonBuyBox')).toBe('true'));
    const query = lastQuery(api);
    expect(query?.getAll('brands')).toEqual(['Nivea', 'Dove']);
    expect(query?.getAll('markets')).toEqual(['DE']);
    expect(query?.get('hideWarnings')).toBe('pack');

    await user.click(screen.getByLabelText('Hide Amazon buy boxes'));
    await waitFor(() => expect(lastQuery(api)?.has('hideAmazonBuyBox')).toBe(false));
    expect(lastQuery(api)?.getAll('brands')).toEqual(['Nivea', 'Dove']);
  });
});
