import type { SellerRegion, SellerStore } from '@dealradar/shared/contracts/seller-account';
import type { Db } from '../../db/client.ts';
import type { CheckedRestriction } from './sp-api-client.ts';

export interface SellerAccountRow {
  organization_id: string;
  region: SellerRegion;
  merchant_id: string;
  refresh_token_encrypted: string;
  stores: SellerStore[];
  status: 'CONNECTED' | 'NEEDS_RECONNECT';
  status_message: string | null;
  connected_at: Date;
}

export async function findAccount(db: Db, organizationId: string): Promise<SellerAccountRow | undefined> {
  return db.maybeOne<SellerAccountRow>(
    `select organization_id, region, merchant_id, refresh_token_encrypted, stores, status, status_message, connected_at
       from seller_accounts where organization_id = $1`,
    [organizationId],
  );
}

/** Connects (or connects again): a new token, a fresh bucket, no pending reconnect. */
export async function saveAccount(
  db: Db,
  account: { organizationId: string; region: SellerRegion; merchantId: string; encryptedToken: string; stores: SellerStore[]; userId: string; now: Date },
): Promise<void> {
  await db.execute(
    `insert into seller_accounts (organization_id, region, merchant_id, refresh_token_encrypted, stores, connected_by, connected_at)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7)
     on conflict (organization_id) do update set region = excluded.region, merchant_id = excluded.merchant_id,
       refresh_token_encrypted = excluded.refresh_token_encrypted, stores = excluded.stores, connected_by = excluded.connected_by,
       connected_at = excluded.connected_at, status = 'CONNECTED', status_message = null, reconnect_notified_at = null,
       bucket_tokens = 10, bucket_at = clock_timestamp(), blocked_until = null`,
    [account.organizationId, account.region, account.merchantId, account.encryptedToken, JSON.stringify(account.stores), account.userId, account.now],
  );
}

export async function updateEncryptedToken(db: Db, organizationId: string, encryptedToken: string): Promise<void> {
  await db.execute('update seller_accounts set refresh_token_encrypted = $2 where organization_id = $1', [organizationId, encryptedToken]);
}

/** Disconnect: the token and everything Amazon said for this organization go. */
export async function deleteAccount(db: Db, organizationId: string): Promise<void> {
  await db.tx(async (tx) => {
    await tx.execute('delete from listing_restriction_queue where organization_id = $1', [organizationId]);
    await tx.execute('delete from listing_restrictions where organization_id = $1', [organizationId]);
    await tx.execute('delete from seller_accounts where organization_id = $1', [organizationId]);
  });
}

/**
 * Amazon revoked the authorization: the connection needs to be made again and the waiting checks stop. Answers true
 * for the one call that should tell the organization's admin (the first since the last connect).
 */
export async function markNeedsReconnect(db: Db, organizationId: string, message: string, now: Date): Promise<boolean> {
  return db.tx(async (tx) => {
    await tx.execute('delete from listing_restriction_queue where organization_id = $1', [organizationId]);
    await tx.execute(`update seller_accounts set status = 'NEEDS_RECONNECT', status_message = $2 where organization_id = $1`, [organizationId, message]);
    const first = await tx.execute('update seller_accounts set reconnect_notified_at = $2 where organization_id = $1 and reconnect_notified_at is null', [
      organizationId,
      now,
    ]);
    return first > 0;
  });
}

export async function pendingCount(db: Db, organizationId: string): Promise<number> {
  const row = await db.one<{ n: number }>('select count(*)::int as n from listing_restriction_queue where organization_id = $1', [organizationId]);
  return row.n;
}

/**
 * Queues the deals of a finished supplier scan for its organization's check, when the organization has a connected
 * account; Amazon's answers of the last week (`reuseAfter`) are reused (ours — "Not checked: …", Amazon could not be asked — are not). Returns the organization when something was queued.
 */
export async function queueScanDeals(db: Db, scanId: string, now: Date, reuseAfter: Date): Promise<string | undefined> {
  return db.tx(async (tx) => {
    const owner = await tx.maybeOne<{ organization_id: string }>('select u.organization_id from scans s join users u on u.id = s.user_id where s.id = $1', [
      scanId,
    ]);
    if (!owner) return undefined;
    await lockChecksOf(tx, owner.organization_id);
    const rows = await tx.query<{ organization_id: string }>(
      `insert into listing_restriction_queue (organization_id, asin, market, queued_at)
     select distinct u.organization_id, r.asin, r.market, $2::timestamptz
       from scan_results r
       join users u on u.id = r.user_id
       join seller_accounts a on a.organization_id = u.organization_id and a.status = 'CONNECTED'
      where r.scan_id = $1 and r.is_deal
        and not exists (select 1 from listing_restrictions l where l.organization_id = u.organization_id and l.asin = r.asin
                          and l.market = r.market and l.checked_at > $3
                          and not (l.status = 'NOT_CHECKED' and l.reason like 'Not checked:%'))
     on conflict do nothing
     returning organization_id`,
      [scanId, now, reuseAfter],
    );
    return rows[0]?.organization_id;
  });
}

/**
 * Queueing a pair and storing Amazon's answer for it take turns per organization (a transaction-scoped advisory
 * lock). Otherwise, on PostgreSQL, a queueing statement could read the old answer ("Not checked: …", to be asked
 * again) while a worker stores the new one and takes the pair off the queue, and put the pair back: one call too many.
 */
async function lockChecksOf(tx: Db, organizationId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(72011024, hashtext($1::text))', [organizationId]);
}

/**
 * Queues ASIN × market pairs of one organization for the check, when it has a connected account. `reuseAfter`: an
 * answer of Amazon's checked after it is reused and the pair is not queued (ours — "Not checked: …" — are asked
 * again); null asks again whatever is cached ("check again"). `queuedAt` orders the queue: an earlier time is taken
 * first, and a pair already waiting moves up to it. Answers how many pairs are waiting for the check.
 */
export async function queueItems(
  db: Db,
  organizationId: string,
  items: ReadonlyArray<{ asin: string; market: string }>,
  queuedAt: Date,
  reuseAfter: Date | null,
): Promise<number> {
  if (!items.length) return 0;
  return db.tx(async (tx) => {
    await lockChecksOf(tx, organizationId);
    const rows = await tx.query<{ asin: string }>(
      `insert into listing_restriction_queue (organization_id, asin, market, queued_at)
     select distinct a.organization_id, i.asin, i.market, $3::timestamptz
       from jsonb_to_recordset($2::jsonb) as i(asin text, market text)
       join seller_accounts a on a.organization_id = $1::uuid and a.status = 'CONNECTED'
      where i.asin is not null and i.market is not null
        and ($4::timestamptz is null
             or not exists (select 1 from listing_restrictions l where l.organization_id = a.organization_id and l.asin = i.asin
                              and l.market = i.market and l.checked_at > $4::timestamptz
                              and not (l.status = 'NOT_CHECKED' and l.reason like 'Not checked:%')))
     on conflict (organization_id, asin, market) do update set queued_at = least(listing_restriction_queue.queued_at, excluded.queued_at)
     returning asin`,
      [organizationId, JSON.stringify(items.map((i) => ({ asin: i.asin, market: i.market }))), queuedAt, reuseAfter],
    );
    return rows.length;
  });
}

/**
 * Claims the next ASIN waiting for this organization (every market of it, for one call) until `claimUntil`; an
 * expired claim (its worker died) is taken again.
 */
export async function claimNextAsin(db: Db, organizationId: string, now: Date, claimUntil: Date): Promise<{ asin: string; markets: string[] } | undefined> {
  return db.tx(async (tx) => {
    // Claims of one organization take turns (as queueing and storing do): two claims at once could each lock one market
    // row of the same ASIN, then wait for the other's to claim the rest, and PostgreSQL ended one as a deadlock.
    await lockChecksOf(tx, organizationId);
    const next = await tx.maybeOne<{ asin: string }>(
      `select asin from listing_restriction_queue where organization_id = $1 and (claimed_until is null or claimed_until < $2)
        order by queued_at, asin limit 1 for update skip locked`,
      [organizationId, now],
    );
    if (!next) return undefined;
    const rows = await tx.query<{ market: string }>(
      `update listing_restriction_queue set claimed_until = $4
        where organization_id = $1 and asin = $2 and (claimed_until is null or claimed_until < $3) returning market`,
      [organizationId, next.asin, now, claimUntil],
    );
    return { asin: next.asin, markets: rows.map((r) => r.market).sort() };
  });
}

/** Stores Amazon's answers (or ours) for one ASIN and takes those markets off the queue. */
export async function storeAnswers(db: Db, organizationId: string, asin: string, answers: Map<string, CheckedRestriction>, now: Date): Promise<void> {
  const markets = [...answers.keys()];
  if (!markets.length) return;
  await db.tx(async (tx) => {
    await lockChecksOf(tx, organizationId);
    await tx.execute(
      `insert into listing_restrictions (organization_id, asin, market, status, reason, approval_url, checked_at)
       select $1, $2, a.market, a.status, a.reason, a.approval_url, $3
         from jsonb_to_recordset($4::jsonb) as a(market text, status text, reason text, approval_url text)
       on conflict (organization_id, asin, market) do update set status = excluded.status, reason = excluded.reason,
         approval_url = excluded.approval_url, checked_at = excluded.checked_at`,
      [organizationId, asin, now, JSON.stringify(markets.map((market) => ({ market, ...answerRow(answers.get(market)!) })))],
    );
    await tx.execute('delete from listing_restriction_queue where organization_id = $1 and asin = $2 and market = any($3::text[])', [
      organizationId,
      asin,
      markets,
    ]);
  });
}

function answerRow(answer: CheckedRestriction) {
  return { status: answer.status, reason: answer.reason, approval_url: answer.approvalUrl };
}

export interface RestrictionRow {
  asin: string;
  market: string;
  status: CheckedRestriction['status'];
  reason: string | null;
  approval_url: string | null;
  checked_at: Date;
}

export async function restrictionsFor(
  db: Db,
  organizationId: string,
  asins: string[],
): Promise<{ answers: RestrictionRow[]; queued: Array<{ asin: string; market: string }> }> {
  if (!asins.length) return { answers: [], queued: [] };
  const [answers, queued] = await Promise.all([
    db.query<RestrictionRow>(
      'select asin, market, status, reason, approval_url, checked_at from listing_restrictions where organization_id = $1 and asin = any($2::text[])',
      [organizationId, asins],
    ),
    db.query<{ asin: string; market: string }>('select asin, market from listing_restriction_queue where organization_id = $1 and asin = any($2::text[])', [
      organizationId,
      asins,
    ]),
  ]);
  return { answers, queued };
}

// ---- The per-seller rate limiter: a token bucket row every process updates atomically on the database's clock. ----

/** Amazon's default for getListingsRestrictions: 5 requests per second, burst 10 (external-apis.md §3.6). */
export const RESTRICTIONS_RATE = 5;
export const RESTRICTIONS_BURST = 10;

/**
 * Takes one request from the seller's bucket. Answers 0 when taken, otherwise the seconds to wait before trying again
 * (the bucket refills at the seller's rate — the one Amazon last stated in x-amzn-RateLimit-Limit, else
 * RESTRICTIONS_RATE — per second up to RESTRICTIONS_BURST; a 429 back-off blocks it until blocked_until). Undefined:
 * the account is gone (disconnected meanwhile).
 */
export async function takeRequest(db: Db, organizationId: string): Promise<number | undefined> {
  const row = await db.maybeOne<{ taken: boolean; tokens: number; blocked: number; rate: number }>(
    `with t as (select clock_timestamp() as now),
     s as (
       select a.organization_id, coalesce(a.restrictions_rate, $3::float8) as rate,
              least($2::float8, a.bucket_tokens + greatest(0, extract(epoch from (t.now - a.bucket_at))::float8) * coalesce(a.restrictions_rate, $3::float8)) as tokens,
              greatest(0, coalesce(extract(epoch from (a.blocked_until - t.now))::float8, 0)) as blocked,
              t.now
         from seller_accounts a, t where a.organization_id = $1 for update of a
     ),
     u as (
       update seller_accounts a set bucket_tokens = s.tokens - 1, bucket_at = s.now
         from s where a.organization_id = s.organization_id and s.blocked = 0 and s.tokens >= 1
       returning 1
     )
     select exists (select 1 from u) as taken, s.tokens, s.blocked, s.rate from s`,
    [organizationId, RESTRICTIONS_BURST, RESTRICTIONS_RATE],
  );
  if (!row) return undefined;
  if (row.taken) return 0;
  return Math.max(row.blocked, (1 - row.tokens) / row.rate, 0.01);
}

/** Keeps the rate Amazon stated for this seller (x-amzn-RateLimit-Limit); every process's bucket follows it. */
export async function keepRestrictionsRate(db: Db, organizationId: string, rate: number): Promise<void> {
  await db.execute('update seller_accounts set restrictions_rate = $2 where organization_id = $1 and restrictions_rate is distinct from $2', [
    organizationId,
    rate,
  ]);
}

/** A 429: nobody asks Amazon for this seller for `seconds`, and the bucket starts empty after it. */
export async function backOff(db: Db, organizationId: string, seconds: number): Promise<void> {
  await db.execute(
    `update seller_accounts set blocked_until = greatest(coalesce(blocked_until, clock_timestamp()), clock_timestamp() + make_interval(secs => $2::float8)),
       bucket_tokens = 0, bucket_at = clock_timestamp() + make_interval(secs => $2::float8)
     where organization_id = $1`,
    [organizationId, seconds],
  );
}

// ---- Website authorization: one-time states bound to the user who asked ----

export async function insertState(
  db: Db,
  state: { hash: string; userId: string; organizationId: string; region: SellerRegion; expiresAt: Date },
): Promise<void> {
  await db.execute('insert into seller_account_states (state_hash, user_id, organization_id, region, expires_at) values ($1, $2, $3, $4, $5)', [
    state.hash,
    state.userId,
    state.organizationId,
    state.region,
    state.expiresAt,
  ]);
}

export interface StateRow {
  user_id: string;
  organization_id: string;
  region: SellerRegion;
  expires_at: Date;
  used_at: Date | null;
}

export async function findState(db: Db, hash: string): Promise<StateRow | undefined> {
  return db.maybeOne<StateRow>('select user_id, organization_id, region, expires_at, used_at from seller_account_states where state_hash = $1', [hash]);
}

/** Uses the state once: true for the one call that marked it. */
export async function useState(db: Db, hash: string, now: Date): Promise<boolean> {
  return (await db.execute('update seller_account_states set used_at = $2 where state_hash = $1 and used_at is null', [hash, now])) > 0;
}

export async function deleteOldStates(db: Db, before: Date): Promise<void> {
  await db.execute('delete from seller_account_states where expires_at < $1', [before]);
}
