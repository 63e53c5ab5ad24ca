// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { PriceDropProfit } from '@dealradar/shared/contracts/price-drops';
import { ungatingInvoiceApi } from '@dealradar/shared/contracts/endpoints/sales-estimate';
import { renderWithProviders, stubApi } from '../../../test/test-utils.tsx';
import { ProfitBasis } from './drop-profit-popover.tsx';

/** A drop's profit basis in Germany: €5.00 profit a sale at a new wholesale price of €7.20, 7.5 of the sales a month. */
function basis(overrides: Partial<PriceDropProfit> = {}): PriceDropProfit {
  return {
    dropId: 11,
    market: 'DE',
    currency: 'EUR',
    available: true,
    asin: 'B0DROP0001',
    vatRegistered: true,
    seller: { country: 'DE', vatRegistered: true },
    rulesDate: '2026-11-29',
    buyBoxSellerId: 'A1SELLER',
    amazonHoldsBuyBox: false,
    feeLines: [],
    purchaseVat: null,
    unitCostEur: 7.2,
    fxRate: 1,
    fxDate: '2026-11-20',
    salePrice: 19.99,
    vatRate: 0.19,
    vat: 3.19,
    revenue: 16.8,
    referralFee: 2.52,
    fbaFee: 2.08,
    numberOfPacks: 1,
    unitCost: 7.2,
    totalCost: 7.2,
    profit: 5,
    roiPercentage: 69.44,
    listingRestriction: {
      status: 'APPROVAL_REQUIRED',
      reason: 'You need approval to list in this brand.',
      approvalUrl: 'https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=B0DROP0001',
      checkedAt: '2026-11-29T08:00:00.000Z',
    },
    breakdown: null,
    salesEstimate: {
      unitsPerMonth: 30,
      basis: 'rankDrops30',
      basisText: '≈ 30 from 30-day rank drops',
      competitors: 4,
      amazonShare: 0,
      sellerUnitsPerMonth: 7.5,
      noShareReason: null,
    },
    estimatedMonthlyProfit: 37.5,
    ...overrides,
  };
}

describe("a price drop's profit basis", () => {
  it('says what approval would earn beside the ungating invoice at the units set in Settings', async () => {
    stubApi().on(ungatingInvoiceApi.get, { units: 12 });
    renderWithProviders(<ProfitBasis data={basis()} />);
    await waitFor(() =>
      expect(screen.getByTestId('drop-approval-worth').textContent).toBe(
        'Approval would earn ≈ €38/month (estimate) · an ungating invoice of 12 units costs ≈ €86',
      ),
    );
  });

  it('says nothing of approval for a listing the seller may sell', async () => {
    stubApi().on(ungatingInvoiceApi.get, { units: 12 });
    renderWithProviders(<ProfitBasis data={basis({ listingRestriction: { status: 'CAN_SELL', reason: null, approvalUrl: null, checkedAt: null } })} />);
    expect(await screen.findByTestId('drop-profit-basis')).toBeTruthy();
    expect(screen.queryByTestId('drop-approval-worth')).toBeNull();
  });
});
