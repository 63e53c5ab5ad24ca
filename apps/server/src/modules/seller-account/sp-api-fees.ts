import type { SellerRegion } from '@dealradar/shared/contracts/seller-account';
import { baseUrlOf, SpApiError, UNREACHABLE, type SpApiConfig } from './sp-api-client.ts';

/**
 * Product Fees v0 getMyFeesEstimates (external-apis.md §3.5): POST /products/fees/v0/feesEstimate with a bare JSON
 * array of up to 20 requests, answered by a bare array of FeesEstimateResult. Each item is Success, or ClientError /
 * ServiceError with Amazon's Error { Type, Code, Message }: per item, never a failure of the call. Nothing here logs.
 */
export const FEES_BATCH = 20;
export const FEES_FORBIDDEN =
  "Amazon refused access to its fee estimate (403 Unauthorized): the application is not authorized for this seller account, or it lacks the Pricing role. Check the application's roles in Amazon's developer console.";
const TIMEOUT_MS = 20_000;

export interface FeesRequestItem {
  asin: string;
  marketplaceId: string;
  currency: string;
  /** The buyer-paid price, major units (the buy box). */
  price: number;
  /** Our own id of the item, echoed back as SellerInputIdentifier. */
  id: string;
}

export type FeesResultItem =
  | {
      id: string;
      status: 'SUCCESS';
      /** Major units of the item's currency, before VAT on fees. */
      referralFee: number;
      fbaFee: number;
      closingFee: number;
      digitalServicesFee: number;
      /** Every other fee type Amazon listed (kept in the total). */
      otherFees: number;
      total: number;
      estimatedAt: string | null;
    }
  | { id: string; status: 'CLIENT_ERROR'; message: string };

interface Money {
  CurrencyCode?: unknown;
  Amount?: unknown;
}
interface FeeDetail {
  FeeType?: unknown;
  FeeAmount?: Money;
  FinalFee?: Money;
}

const amountOf = (money: Money | undefined) => (typeof money?.Amount === 'number' ? money.Amount : 0);
const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Amazon's fee detail list as our four parts (a fee's FinalFee, i.e. after promotions, else its FeeAmount). */
function partsOf(details: FeeDetail[]) {
  const parts = { referralFee: 0, fbaFee: 0, closingFee: 0, digitalServicesFee: 0, otherFees: 0 };
  for (const detail of details) {
    const amount = amountOf(detail.FinalFee ?? detail.FeeAmount);
    switch (detail.FeeType) {
      case 'ReferralFee':
        parts.referralFee += amount;
        break;
      case 'FBAFees':
      case 'FBAPerUnitFulfillmentFee':
        parts.fbaFee += amount;
        break;
      case 'VariableClosingFee':
      case 'PerItemFee':
      case 'FixedClosingFee':
        parts.closingFee += amount;
        break;
      case 'DigitalServicesFee':
      case 'DigitalServicesFeeFBA':
        parts.digitalServicesFee += amount;
        break;
      default:
        parts.otherFees += amount;
    }
  }
  return {
    referralFee: cents(parts.referralFee),
    fbaFee: cents(parts.fbaFee),
    closingFee: cents(parts.closingFee),
    digitalServicesFee: cents(parts.digitalServicesFee),
    otherFees: cents(parts.otherFees),
  };
}

export async function fetchFeesEstimates(config: SpApiConfig, region: SellerRegion, accessToken: string, items: FeesRequestItem[]): Promise<FeesResultItem[]> {
  const body = items.map((item) => ({
    IdType: 'ASIN',
    IdValue: item.asin,
    FeesEstimateRequest: {
      MarketplaceId: item.marketplaceId,
      IsAmazonFulfilled: true,
      PriceToEstimateFees: {
        ListingPrice: { CurrencyCode: item.currency, Amount: item.price },
        Shipping: { CurrencyCode: item.currency, Amount: 0 },
      },
      Identifier: item.id,
      OptionalFulfillmentProgram: 'FBA_CORE',
    },
  }));
  let response: Response;
  try {
    response = await fetch(`${baseUrlOf(config, region)}/products/fees/v0/feesEstimate`, {
      method: 'POST',
      headers: {
        'x-amz-access-token': accessToken,
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'DealRadar/1.0 (Language=TypeScript)',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new SpApiError('unavailable', UNREACHABLE);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  if (response.status === 403 || response.status === 401) throw new SpApiError('forbidden', FEES_FORBIDDEN);
  if (response.status === 429) throw new SpApiError('rate_limited', 'Amazon asks to slow down (429 QuotaExceeded).');
  if (response.status >= 500) throw new SpApiError('unavailable', UNREACHABLE);
  if (!response.ok || !Array.isArray(parsed)) {
    const errors =
      parsed && typeof parsed === 'object' && Array.isArray((parsed as { errors?: unknown }).errors)
        ? (parsed as { errors: Array<{ message?: unknown }> }).errors
        : [];
    const message = typeof errors[0]?.message === 'string' ? errors[0].message : 'no reason given';
    throw new SpApiError('bad_request', `Amazon refused the fee estimate (${response.status}): ${message}.`);
  }
  const results = parsed as Array<Record<string, unknown>>;
  return items.map((item, index): FeesResultItem => {
    const result = results.find((r) => (r.FeesEstimateIdentifier as Record<string, unknown> | undefined)?.SellerInputIdentifier === item.id) ?? results[index];
    if (!result) return { id: item.id, status: 'CLIENT_ERROR', message: 'Amazon gave no estimate for this listing.' };
    if (result.Status !== 'Success') {
      const error = (result.Error ?? {}) as Record<string, unknown>;
      const message = typeof error.Message === 'string' && error.Message ? error.Message : 'Amazon could not estimate the fees of this listing.';
      return { id: item.id, status: 'CLIENT_ERROR', message: typeof error.Code === 'string' ? `${message} (${error.Code})` : message };
    }
    const estimate = (result.FeesEstimate ?? {}) as { TotalFeesEstimate?: Money; FeeDetailList?: FeeDetail[]; TimeOfFeesEstimation?: unknown };
    const parts = partsOf(Array.isArray(estimate.FeeDetailList) ? estimate.FeeDetailList : []);
    const total = estimate.TotalFeesEstimate
      ? cents(amountOf(estimate.TotalFeesEstimate))
      : cents(parts.referralFee + parts.fbaFee + parts.closingFee + parts.digitalServicesFee + parts.otherFees);
    return {
      id: item.id,
      status: 'SUCCESS',
      ...parts,
      total,
      estimatedAt: typeof estimate.TimeOfFeesEstimation === 'string' ? estimate.TimeOfFeesEstimation : null,
    };
  });
}
