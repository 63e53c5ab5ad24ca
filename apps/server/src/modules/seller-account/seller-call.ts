import type { AppDeps } from '../../deps.ts';
import { deliverInBackground } from '../../lib/mail/deliver.ts';
import { reconnectMessage } from './seller-account.emails.ts';
import * as repo from './seller-account.repository.ts';
import { accessTokenOf, forgetAccessToken } from './seller-account.service.ts';
import { findOrganizationOwner } from '../organization/organization.service.ts';
import { SpApiError } from './sp-api-client.ts';

/**
 * One SP-API call for an organization's connected seller, the way every call of this module is made: a request is
 * taken from the operation's rate bucket (shared by every process; `take` answers the seconds to wait, 0 when taken,
 * undefined when the account is gone), an access token that expired mid-run (403) is renewed once — a 403 with a fresh
 * token is a real refusal — and a 429 blocks the bucket for every process (first back-off doubling up to 30 s, at
 * most `maxTries` tries). Answers 'gone' when the account was disconnected meanwhile; other refusals are thrown.
 */
export interface SellerCall<T> {
  take: () => Promise<number | undefined>;
  backOff: (seconds: number) => Promise<void>;
  firstBackOffSeconds: number;
  maxTries: number;
  call: (accessToken: string) => Promise<T>;
  /** Each request sent to Amazon (the checks count them). */
  sent?: () => void;
  /** A refused call carried Amazon's rate for the seller (x-amzn-RateLimit-Limit). */
  onRateLimit?: (rate: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function takeFrom(take: () => Promise<number | undefined>): Promise<boolean> {
  for (;;) {
    const wait = await take();
    if (wait === undefined) return false;
    if (wait === 0) return true;
    await sleep(Math.ceil(wait * 1000));
  }
}

export async function callForSeller<T>(deps: AppDeps, account: repo.SellerAccountRow, request: SellerCall<T>): Promise<T | 'gone'> {
  let refreshed = false;
  let backOffSeconds = request.firstBackOffSeconds;
  for (let attempt = 1; ; attempt += 1) {
    const accessToken = await accessTokenOf(deps, account);
    if (!(await takeFrom(request.take))) return 'gone';
    request.sent?.();
    try {
      return await request.call(accessToken);
    } catch (error) {
      if (!(error instanceof SpApiError)) throw error;
      if (error.rateLimit !== undefined) await request.onRateLimit?.(error.rateLimit);
      if (error.kind === 'forbidden' && !refreshed) {
        refreshed = true;
        forgetAccessToken(account.organization_id, accessToken);
        continue;
      }
      if (error.kind === 'rate_limited' && attempt < request.maxTries) {
        await request.backOff(backOffSeconds);
        backOffSeconds = Math.min(backOffSeconds * 2, 30);
        continue;
      }
      throw error;
    }
  }
}

/**
 * Amazon said invalid_grant (the seller revoked the authorization, or the token was rotated): the connection is marked
 * NEEDS_RECONNECT with Amazon's sentence, and the organization's admin is told once.
 */
export async function authorizationRevoked(deps: AppDeps, organizationId: string, message: string): Promise<void> {
  forgetAccessToken(organizationId);
  const tell = await repo.markNeedsReconnect(deps.db, organizationId, message, deps.clock.now());
  deps.log.warn({ organizationId }, 'seller account authorization revoked; calls to Amazon stopped');
  if (!tell) return;
  const admin = await findOrganizationOwner(deps.db, organizationId);
  if (admin) deliverInBackground(deps.mailer, deps.log, reconnectMessage(admin, deps.config.APP_URL, message));
}
