import { z } from 'zod';
import { MAX_LENGTH } from '../input-limits.ts';
import { MARKET_IDS } from '../markets.ts';

/**
 * The organization's own Amazon seller account (docs/seller-account.md): connected through a self-authorized
 * private application (refresh token + merchant id), and Amazon's listing restrictions on the deals of its scans.
 * The refresh token goes in once (PUT /seller-account) and never comes back out.
 */
export const SELLER_REGIONS = ['EU', 'NA'] as const;
export const sellerRegionSchema = z.enum(SELLER_REGIONS, { error: 'Please choose Europe or North America.' });
export type SellerRegion = z.infer<typeof sellerRegionSchema>;
export const SELLER_REGION_LABELS: Record<SellerRegion, string> = { EU: 'Europe', NA: 'North America' };

/** One store (marketplace) the seller sells in, from Amazon's marketplace participations. */
export const sellerStoreSchema = z.object({
  marketplaceId: z.string(),
  /** Our market id (DE, UK, FR, IT, ES, US, CA) when the store is one of our markets; null otherwise. */
  market: z.string().nullable(),
  countryCode: z.string(),
  name: z.string(),
  domainName: z.string().nullable(),
});
export type SellerStore = z.infer<typeof sellerStoreSchema>;

export const SELLER_ACCOUNT_STATUSES = ['CONNECTED', 'NEEDS_RECONNECT'] as const;

/** GET /seller-account: what every member of the organization sees (never the refresh token). */
export const sellerAccountSchema = z.object({
  /** False: this install has no Amazon application (SP_API_CLIENT_ID / SP_API_CLIENT_SECRET) configured. */
  configured: z.boolean(),
  /** The install offers the website authorization (a public application: SP_API_APPLICATION_ID). */
  websiteAuthorization: z.boolean(),
  /** The signed-in user may connect or disconnect (the organization's admin, or a product admin). */
  canManage: z.boolean(),
  connected: z.boolean(),
  status: z.enum(SELLER_ACCOUNT_STATUSES).nullable(),
  /** Why the connection needs to be made again (Amazon's refusal as a sentence). */
  statusMessage: z.string().nullable(),
  region: sellerRegionSchema.nullable(),
  merchantId: z.string().nullable(),
  stores: z.array(sellerStoreSchema),
  connectedAt: z.string().nullable(),
  /** Deals whose listing restrictions are still being checked. */
  pendingChecks: z.number().int(),
});
export type SellerAccount = z.infer<typeof sellerAccountSchema>;

const tokenText = z.string().trim();
/** PUT /seller-account: the refresh token and merchant id from Amazon's developer console, and the region. */
export const connectSellerAccountBodySchema = z.object({
  refreshToken: tokenText
    .min(1, 'Please paste the refresh token.')
    .max(2000, 'The refresh token is too long (at most 2,000 characters).')
    .refine((v) => v.startsWith('Atzr|'), 'A refresh token from Amazon begins with "Atzr|".'),
  merchantId: tokenText
    .min(1, 'Please enter your merchant id.')
    .max(40, 'The merchant id is too long (at most 40 characters).')
    .regex(/^[A-Z0-9]+$/, 'The merchant id has only capital letters and digits (e.g. A1B2C3D4E5F6G7).'),
  region: sellerRegionSchema,
});
export type ConnectSellerAccountBody = z.infer<typeof connectSellerAccountBodySchema>;

/**
 * Amazon's answer for one deal's ASIN in its market. CHECKING: queued, not asked yet; NOT_CHECKED: the account is
 * not connected for it, the store is not one of the seller's, or Amazon could not be asked.
 */
export const LISTING_RESTRICTION_STATUSES = ['CAN_SELL', 'APPROVAL_REQUIRED', 'NOT_ELIGIBLE', 'NOT_CHECKED', 'CHECKING'] as const;
export type ListingRestrictionStatus = (typeof LISTING_RESTRICTION_STATUSES)[number];
export const listingRestrictionSchema = z.object({
  status: z.enum(LISTING_RESTRICTION_STATUSES),
  /** Amazon's own sentence (or ours for NOT_CHECKED). */
  reason: z.string().nullable(),
  /** Amazon's link to request approval (APPROVAL_REQUIRED). */
  approvalUrl: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type ListingRestriction = z.infer<typeof listingRestrictionSchema>;

export const LISTING_RESTRICTION_LABELS: Record<ListingRestrictionStatus, string> = {
  CAN_SELL: 'Can sell',
  APPROVAL_REQUIRED: 'Approval required',
  NOT_ELIGIBLE: 'Not eligible',
  NOT_CHECKED: 'Not checked',
  CHECKING: 'Checking…',
};

/** ?listingRestriction=sellable (only what I can sell) | hideNotEligible; absent: every deal. */
export const LISTING_RESTRICTION_FILTERS = ['sellable', 'hideNotEligible'] as const;
export type ListingRestrictionFilter = (typeof LISTING_RESTRICTION_FILTERS)[number];
export const listingRestrictionFilterParam = z
  .enum(LISTING_RESTRICTION_FILTERS, { error: 'listingRestriction must be sellable or hideNotEligible.' })
  .optional();

/** POST /seller-account/authorize: the region whose Seller Central consent page to open. */
export const startAuthorizationBodySchema = z.object({ region: sellerRegionSchema });
export const startAuthorizationResponseSchema = z.object({
  /** Seller Central's consent page, with the one-time state (valid 15 minutes, for this user only). */
  url: z.string(),
});
/** POST /seller-account/authorize/complete: what Amazon's redirect to Settings carried. */
export const completeAuthorizationBodySchema = z.object({
  state: z.string().trim().min(1, 'The authorization link has no state.').max(200, 'The state is too long.'),
  spapiOauthCode: z.string().trim().min(1, 'Amazon sent no authorization code.').max(2000, 'The authorization code is too long.'),
  sellingPartnerId: z
    .string()
    .trim()
    .min(1, 'Amazon sent no seller id.')
    .max(40, 'The seller id is too long.')
    .regex(/^[A-Z0-9]+$/, 'The seller id Amazon sent is not valid.'),
});
export type CompleteAuthorizationBody = z.infer<typeof completeAuthorizationBodySchema>;

/** An ASIN sent by the browser: 10 capital letters and digits. */
export const asinField = z
  .string()
  .max(MAX_LENGTH.code, 'An ASIN has 10 capital letters and digits (e.g. B012345678).')
  .trim()
  .regex(/^[A-Z0-9]{10}$/, 'An ASIN has 10 capital letters and digits (e.g. B012345678).');

/**
 * POST /seller-account/listing-checks ("check again" on a card): asks Amazon again at once for one ASIN in these
 * markets, whatever answer is cached.
 */
export const checkAgainBodySchema = z.object({
  asin: asinField,
  markets: z
    .array(z.enum(MARKET_IDS, { error: `Choose markets among ${MARKET_IDS.join(', ')}.` }))
    .min(1, 'Choose at least one market.')
    .max(MARKET_IDS.length, `Choose at most ${MARKET_IDS.length} markets.`),
});
export type CheckAgainBody = z.infer<typeof checkAgainBodySchema>;
/** The ASIN's answer per market right after "check again": CHECKING until Amazon answered. */
export const checkAgainResponseSchema = z.object({
  asin: z.string(),
  restrictions: z.array(z.object({ market: z.string(), listingRestriction: listingRestrictionSchema })),
});
export type CheckAgainResponse = z.infer<typeof checkAgainResponseSchema>;
