// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import type { SellerAccount } from '@dealradar/shared/contracts/seller-account';
import { renderWithProviders, stubApi } from '../test/test-utils.tsx';
import { noSellerAccount } from '../test/fixtures.ts';
import { SellerAccountDealsNote } from './listing-restriction.tsx';

const connected = (over: Partial<SellerAccount> = {}): SellerAccount => ({
  ...noSellerAccount(true),
  configured: true,
  connected: true,
  status: 'CONNECTED',
  region: 'EU',
  merchantId: 'A1SELLER',
  stores: [{ marketplaceId: 'A1PA6795UKMFR9', market: 'DE', countryCode: 'DE', name: 'Amazon.de', domainName: 'www.amazon.de' }],
  connectedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

async function noteFor(account: SellerAccount): Promise<string | null> {
  stubApi().on(sellerAccountApi.get, account);
  renderWithProviders(<SellerAccountDealsNote />);
  const note = await screen.findByTestId('seller-account-deals-note').catch(() => null);
  return note?.textContent ?? null;
}

/** Rendered with this answer, the line stays away (after the answer has arrived). */
async function silent(account: SellerAccount): Promise<boolean> {
  const api = stubApi().on(sellerAccountApi.get, account);
  renderWithProviders(<SellerAccountDealsNote />);
  await waitFor(() => expect(api.requests(sellerAccountApi.get).length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return screen.queryByTestId('seller-account-deals-note') === null;
}

describe("the deal lists' one line about the seller account", () => {
  it('says how many deals are still being checked with Amazon while the checks run', async () => {
    expect(await noteFor(connected({ pendingChecks: 1234 }))).toBe('Checking with Amazon whether you can sell 1,234 deals…');
  });

  it('says nothing once every deal has its answer', async () => {
    expect(await silent(connected({ pendingChecks: 0 }))).toBe(true);
  });

  it('without a connected account: the one-line hint', async () => {
    expect(await noteFor({ ...noSellerAccount(), configured: true })).toBe('Connect your Amazon seller account in Settings to see which deals you can sell.');
  });

  it('an install without an Amazon application says nothing', async () => {
    expect(await silent(noSellerAccount())).toBe(true);
  });

  it('a revoked authorization asks for connecting again', async () => {
    expect(await noteFor(connected({ status: 'NEEDS_RECONNECT', statusMessage: 'invalid_grant' }))).toMatch(/^Amazon no longer accepts your seller account/);
  });
});
