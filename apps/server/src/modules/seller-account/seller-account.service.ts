import type { DealProduct } from '@dealradar/shared/contracts/scans';
import type { ConnectSellerAccountBody, ListingRestriction, SellerAccount } from '@dealradar/shared/contracts/seller-account';
import { MARKETS } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import * as repo from './seller-account.repository.ts';
import { exchangeRefreshToken, fetchStores, SpApiError } from './sp-api-client.ts';
import { decryptToken, encryptToken, tokenKeys } from './token-crypto.ts';

export const NOT_CONFIGURED =
  'This install has no Amazon application configured (SP_API_CLIENT_ID and SP_API_CLIENT_SECRET), so no seller account can be connected.';
export const ONLY_ADMINS = "Only your organization's admin can connect or disconnect its Amazon seller account.";
export const NO_STORES = 'Amazon accepted the token, but this seller account sells in no store of the chosen region. Check the region.';
/** An answer this recent is reused (a re-run of the same list costs no calls). */
export const REUSE_MS = 24 * 60 * 60 * 1000;

export function isConfigured(deps: Pick<AppDeps, 'config'>): boolean {
  return !!deps.config.SP_API_CLIENT_ID && !!deps.config.SP_API_CLIENT_SECRET;
}

/** The organization's admin (its first member) and the product's admins connect and disconnect. */
async function canManage(deps: AppDeps, user: CurrentUser): Promise<boolean> {
  if (user.role === 'ADMIN') return true;
  const admin = await repo.organizationAdmin(deps.db, user.organizationId);
  return admin?.id === user.id;
}

export async function sellerAccountOf(deps: AppDeps, user: CurrentUser): Promise<SellerAccount> {
  const [account, manage] = await Promise.all([repo.findAccount(deps.db, user.organizationId), canManage(deps, user)]);
  return {
    configured: isConfigured(deps),
    canManage: manage,
    connected: !!account,
    status: account?.status ?? null,
    statusMessage: account?.status_message ?? null,
    region: account?.region ?? null,
    merchantId: account?.merchant_id ?? null,
    stores: account?.stores ?? [],
    connectedAt: account?.connected_at.toISOString() ?? null,
    pendingChecks: account ? await repo.pendingCount(deps.db, user.organizationId) : 0,
  };
}

/** Amazon's refusal as the answer of a call: the user's token → 400; this install's application or Amazon itself → 503. */
export function appErrorOf(error: SpApiError): AppError {
  return new AppError(error.kind === 'invalid_client' || error.kind === 'unavailable' ? 'unavailable' : 'validation', error.message);
}

/**
 * Connect: LWA refresh grant → access token → the seller's stores; only when both succeed is the token stored
 * (encrypted). A refusal is Amazon's answer as a sentence and nothing is stored.
 */
export async function connectSellerAccount(deps: AppDeps, user: CurrentUser, body: ConnectSellerAccountBody): Promise<SellerAccount> {
  if (!isConfigured(deps)) throw new AppError('unavailable', NOT_CONFIGURED);
  if (!(await canManage(deps, user))) throw forbidden(ONLY_ADMINS);
  let stores;
  try {
    const { accessToken } = await exchangeRefreshToken(deps.config, body.refreshToken);
    stores = await fetchStores(deps.config, body.region, accessToken);
  } catch (error) {
    if (error instanceof SpApiError) throw appErrorOf(error);
    throw error;
  }
  const inRegion = stores.filter((s) => {
    const market = MARKETS.find((m) => m.marketplaceId === s.marketplaceId);
    return !market || market.region === (body.region === 'EU' ? 'Europe' : 'North America');
  });
  if (!inRegion.length) throw new AppError('validation', NO_STORES);
  await repo.saveAccount(deps.db, {
    organizationId: user.organizationId,
    region: body.region,
    merchantId: body.merchantId,
    encryptedToken: encryptToken(body.refreshToken, tokenKeys(deps.config).current),
    stores: inRegion,
    userId: user.id,
    now: deps.clock.now(),
  });
  forgetAccessToken(user.organizationId);
  deps.log.info({ organizationId: user.organizationId, region: body.region, stores: inRegion.length }, 'seller account connected');
  return sellerAccountOf(deps, user);
}

export async function disconnectSellerAccount(deps: AppDeps, user: CurrentUser): Promise<SellerAccount> {
  if (!(await canManage(deps, user))) throw forbidden(ONLY_ADMINS);
  await repo.deleteAccount(deps.db, user.organizationId);
  forgetAccessToken(user.organizationId);
  deps.log.info({ organizationId: user.organizationId }, 'seller account disconnected');
  return sellerAccountOf(deps, user);
}

// ---- Access tokens: one per organization and process, until a minute before Amazon's hour ends. ----

const accessTokens = new Map<string, { token: string; expiresAt: number; refreshTokenStored: string }>();

export function forgetAccessToken(organizationId: string): void {
  accessTokens.delete(organizationId);
}

/** The access token of a connected account (refreshed at LWA when missing, expiring, or `fresh` is asked). */
export async function accessTokenOf(deps: AppDeps, account: repo.SellerAccountRow, options: { fresh?: boolean } = {}): Promise<string> {
  const cached = accessTokens.get(account.organization_id);
  if (!options.fresh && cached && cached.refreshTokenStored === account.refresh_token_encrypted && cached.expiresAt > Date.now()) return cached.token;
  const keys = tokenKeys(deps.config);
  const { plain, stale } = decryptToken(account.refresh_token_encrypted, keys);
  let stored = account.refresh_token_encrypted;
  if (stale) {
    // Written with the previous key: store it again with the current one (the rotation, docs/seller-account.md).
    stored = encryptToken(plain, keys.current);
    await repo.updateEncryptedToken(deps.db, account.organization_id, stored);
    account.refresh_token_encrypted = stored;
  }
  const { accessToken, expiresAt } = await exchangeRefreshToken(deps.config, plain);
  accessTokens.set(account.organization_id, { token: accessToken, expiresAt, refreshTokenStored: stored });
  return accessToken;
}

// ---- Restrictions on the deals lists ----

/**
 * Each deal with Amazon's answer for its ASIN and market, when the organization has a connected account (otherwise
 * the deals are left as they are: no badge, the list shows its one-line hint).
 */
export async function withListingRestrictions<T extends Pick<DealProduct, 'asin' | 'market'>>(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  deals: T[],
): Promise<Array<T & { listingRestriction?: ListingRestriction | null }>> {
  if (!deals.length) return deals;
  const account = await repo.findAccount(deps.db, organizationId);
  if (!account) return deals;
  const { answers, queued } = await repo.restrictionsFor(deps.db, organizationId, [...new Set(deals.map((d) => d.asin))]);
  const byKey = new Map(answers.map((a) => [`${a.asin}|${a.market}`, a]));
  const waiting = new Set(queued.map((q) => `${q.asin}|${q.market}`));
  return deals.map((deal) => {
    const key = `${deal.asin}|${deal.market}`;
    const answer = byKey.get(key);
    const listingRestriction: ListingRestriction = waiting.has(key)
      ? { status: 'CHECKING', reason: null, approvalUrl: null, checkedAt: answer?.checked_at.toISOString() ?? null }
      : answer
        ? { status: answer.status, reason: answer.reason, approvalUrl: answer.approval_url, checkedAt: answer.checked_at.toISOString() }
        : {
            status: 'NOT_CHECKED',
            reason: 'Not checked with Amazon yet: it is checked after the next scan that finds it.',
            approvalUrl: null,
            checkedAt: null,
          };
    return { ...deal, listingRestriction };
  });
}
