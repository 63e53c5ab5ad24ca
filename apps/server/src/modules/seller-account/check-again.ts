import type { CheckAgainBody, CheckAgainResponse } from '@dealradar/shared/contracts/seller-account';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import * as repo from './seller-account.repository.ts';
import { withListingRestrictions } from './seller-account.service.ts';
import { queueListingChecks } from './seller-account.jobs.ts';

export const NOT_CONNECTED = 'Connect your Amazon seller account in Settings first: Amazon answers this only for your own account.';
export const RECONNECT_FIRST = "Amazon no longer accepts your seller account's authorization: connect it again in Settings, then check again.";

/**
 * POST /seller-account/listing-checks ("check again" on a card): the ASIN in these markets goes to the front of the
 * organization's queue whatever answer is cached, and the job is sent; the answer is each market's state right after
 * (CHECKING until Amazon answered). Keyed by the signed-in user's organization: a member of another one reaches only
 * their own.
 */
export async function checkAgain(deps: AppDeps, user: CurrentUser, body: CheckAgainBody): Promise<CheckAgainResponse> {
  const account = await repo.findAccount(deps.db, user.organizationId);
  if (!account) throw conflict(NOT_CONNECTED);
  if (account.status !== 'CONNECTED') throw conflict(RECONNECT_FIRST);
  const markets = [...new Set(body.markets)];
  await queueListingChecks(
    deps,
    user.organizationId,
    markets.map((market) => ({ asin: body.asin, market })),
    { force: true },
  );
  const answers = await withListingRestrictions(
    deps,
    user.organizationId,
    markets.map((market) => ({ asin: body.asin, market })),
  );
  return { asin: body.asin, restrictions: answers.map((a) => ({ market: a.market, listingRestriction: a.listingRestriction! })) };
}
