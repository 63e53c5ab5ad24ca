import { abortableSleep } from '../../lib/abortable-sleep.ts';
import { randomUUID } from 'node:crypto';
import type { MarketId } from '@dealradar/shared/markets';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { resolveListing, type EanMatchRules } from './listing-resolution.ts';
import { claimLookupKeys, releaseLookupClaims, renewLookupClaims } from './lookup-claims.repository.ts';
import { matchRulesForEans } from './match-rules.repository.ts';
import { countFreshCache, mappingsForEans, readBuyBoxHistories, readFreshCache, writeCache, type CacheKeyType } from './market-data.repository.ts';
import type { AmazonListing, EanSample, LookupOptions, LookupResult, ResolvedListing, TokenEstimate } from './market-data.types.ts';
import type { RetailCallOptions, RetailProvider } from './providers/provider.types.ts';
import { estimateTokens } from './token-estimate.ts';

export interface ListingLookupDeps {
  db: Db;
  clock: Clock;
  provider: RetailProvider;
  ttlMs: number;
  log: { warn(obj: object, msg?: string): void };
  /** This process's lease (PostgreSQL API and worker processes): its claims die with it. */
  leaseId?: number | null;
}

/** undefined: the key could not be looked up (upstream failure). */
type KeyResult = AmazonListing[] | undefined;
/**
 * A look-up's answers by key. A key asked for and absent is a "no listing" answer: a warm list of many unknown codes
 * is mostly such answers, and none of them costs a map entry or any work per key.
 */
type Answers = Map<string, KeyResult>;
const answerOf = (answers: Answers, key: string): KeyResult => (answers.has(key) ? answers.get(key) : []);
/** What waiters receive when the caller that was fetching their key gave up (aborted): they fetch it themselves. */
const ABANDONED = Symbol('abandoned');
type Settled = KeyResult | typeof ABANDONED;
type Fetched = { results: Answers; requests: number; tokens: number };

/** The chosen listing priced at the highest price Keepa shows (what the scan's candidate test evaluates). */
function atHighestSeenPrice(choice: ResolvedListing): ResolvedListing {
  return { ...choice, listing: { ...choice.listing, buyBoxPrice: choice.listing.highestSeenPrice ?? null } };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A claim on a key being fetched lasts this long and is renewed while the fetch runs: a process that died holds its
 * keys for at most this long.
 */
const CLAIM_TTL_MS = 60_000;
/** Keys claimed at once, in upstream batches. */
const CLAIM_BATCHES = 10;
/** How often a caller waiting for keys another process is fetching looks for their answers in the cache. */
const CLAIM_POLL_MS = 200;

/**
 * Look-ups through the shared database cache:
 * - fresh entries (also "no listing" answers) cost no upstream call;
 * - the rest go upstream in batches of provider.batchSize (Keepa: 100 codes per request);
 * - a key already being fetched by another caller in this process is awaited, not fetched again;
 * - on PostgreSQL, so is a key another process is fetching (claimed in market_lookup_claims).
 */
export function createListingLookup(deps: ListingLookupDeps) {
  const inflight = new Map<string, Promise<Settled>>();

  /** Fresh cache entries first, without any bookkeeping (a warm scan's keys are all answered here); then the misses. */
  async function fetchKeys(
    market: MarketId,
    keyType: CacheKeyType,
    keys: string[],
    signal: AbortSignal | undefined,
    call: RetailCallOptions,
  ): Promise<Fetched> {
    const unique = [...new Set(keys)];
    const { listed, missing: misses } = await readFreshCache(deps.db, market, keyType, unique, deps.clock.now());
    const results: Answers = listed;
    if (misses.length === 0) return { results, requests: 0, tokens: 0 };
    signal?.throwIfAborted();
    const fetched = await claimAndFetch(market, keyType, misses, signal, call);
    for (const [key, value] of fetched.results) results.set(key, value);
    return { results, requests: fetched.requests, tokens: fetched.tokens };
  }

  /** Keys not in the cache: claimed (or awaited when another caller has them), read again, then fetched upstream. */
  async function claimAndFetch(
    market: MarketId,
    keyType: CacheKeyType,
    unique: string[],
    signal: AbortSignal | undefined,
    call: RetailCallOptions,
  ): Promise<Fetched> {
    const results: Answers = new Map();
    const waits: Array<Promise<void>> = [];
    const claimed: string[] = [];
    const abandoned: string[] = [];
    const settle = new Map<string, (value: Settled) => void>();
    // Claim every key nobody in this process is already looking up, before the first await, so concurrent callers
    // join the claim (and its cache read or upstream batch) instead of duplicating it.
    for (const key of unique) {
      const id = `${market}|${keyType}|${key}`;
      const pending = inflight.get(id);
      if (pending) {
        waits.push(pending.then((value) => void (value === ABANDONED ? abandoned.push(key) : results.set(key, value))));
      } else {
        claimed.push(key);
        inflight.set(id, new Promise<Settled>((resolve) => settle.set(key, resolve)));
      }
    }
    const release = (key: string, value: Settled) => {
      settle.get(key)!(value);
      inflight.delete(`${market}|${keyType}|${key}`);
    };

    let requests = 0;
    let tokens = 0;
    const answer = (key: string, value: KeyResult) => {
      results.set(key, value);
      release(key, value);
    };
    // On PostgreSQL other processes (API, workers) may look the same keys up at the same moment: the keys are claimed
    // in the database too (lookup-claims.repository.ts), and the keys another process holds are waited for in the
    // cache, so every key is fetched upstream once across processes. PGlite has one process: the in-process join is all.
    const shared = deps.db.kind === 'postgres';
    const owner = shared ? randomUUID() : '';
    const held = new Set<string>();
    let renewal: ReturnType<typeof setInterval> | undefined;

    /** Claims what it can of `keys`, answers those from the cache or upstream; returns the keys another process holds. */
    async function claimRound(keys: string[]): Promise<string[]> {
      let mine = keys;
      let others: string[] = [];
      if (shared) {
        const got = await claimLookupKeys(deps.db, market, keyType, keys, { id: owner, leaseId: deps.leaseId ?? null }, CLAIM_TTL_MS);
        for (const key of got) held.add(key);
        if (got.size && !renewal) {
          renewal = setInterval(() => void renewLookupClaims(deps.db, owner, CLAIM_TTL_MS).catch(() => undefined), CLAIM_TTL_MS / 3);
          renewal.unref();
        }
        mine = keys.filter((key) => got.has(key));
        others = keys.filter((key) => !got.has(key));
      }
      if (!mine.length) return others;
      // Read again once claimed: another caller may have stored the answer since the first read.
      const cached = await readFreshCache(deps.db, market, keyType, mine, deps.clock.now());
      const toFetch = new Set(cached.missing);
      const fresh = mine.filter((key) => !toFetch.has(key));
      for (const key of fresh) answer(key, cached.listed.get(key) ?? []);
      await releaseHeld(market, keyType, fresh, owner, held);
      const fetchList = mine.filter((key) => toFetch.has(key));
      for (let i = 0; i < fetchList.length; i += deps.provider.batchSize) {
        const batch = fetchList.slice(i, i + deps.provider.batchSize);
        signal?.throwIfAborted();
        const fetched = await fetchBatch(market, keyType, batch, signal, call);
        requests += fetched.requests;
        tokens += fetched.tokens;
        for (const key of batch) answer(key, fetched.values.get(key));
        // Stored (fetchBatch wrote the cache) before released: a waiting process finds the answer.
        await releaseHeld(market, keyType, batch, owner, held);
        if (deps.db.kind === 'pglite') await yieldToEventLoop();
      }
      return others;
    }

    try {
      // PostgreSQL claims a long list a few batches at a time: a process holds (and renews) few claims at once, and
      // two processes on the same list share its batches instead of one waiting for all of them.
      const chunk = shared ? deps.provider.batchSize * CLAIM_BATCHES : claimed.length;
      let pending: string[] = [];
      for (let i = 0; i < claimed.length; i += chunk) pending.push(...(await claimRound(claimed.slice(i, i + chunk))));
      while (pending.length) {
        // Another process holds these keys: its answers show up in the cache. What is still missing is claimed again,
        // which succeeds once the holder released its claim without an answer (a failed batch) or died (claim expired).
        await abortableSleep(CLAIM_POLL_MS, signal);
        const polled = await readFreshCache(deps.db, market, keyType, pending, deps.clock.now());
        const stillMissing = new Set(polled.missing);
        for (const key of pending) if (!stillMissing.has(key)) answer(key, polled.listed.get(key) ?? []);
        pending = polled.missing.length ? await claimRound(polled.missing) : [];
      }
    } finally {
      clearInterval(renewal);
      // Claims left (this caller aborted, or an unexpected throw) are handed back at once rather than left to expire.
      if (held.size) await releaseLookupClaims(deps.db, market, keyType, [...held], owner).catch(() => undefined);
      // Keys left unsettled (this caller aborted, or an unexpected throw): waiters fetch them themselves.
      for (const key of claimed) {
        if (!results.has(key)) release(key, ABANDONED);
      }
    }
    await Promise.all(waits);
    // A cancelled caller that only waited for other callers' keys stops here too.
    signal?.throwIfAborted();
    if (abandoned.length) {
      const retry = await fetchKeys(market, keyType, abandoned, signal, call);
      for (const [key, value] of retry.results) results.set(key, value);
      requests += retry.requests;
      tokens += retry.tokens;
    }
    return { results, requests, tokens };
  }

  async function releaseHeld(market: MarketId, keyType: CacheKeyType, keys: string[], owner: string, held: Set<string>) {
    const release = keys.filter((key) => held.delete(key));
    if (release.length) await releaseLookupClaims(deps.db, market, keyType, release, owner);
  }

  async function fetchBatch(
    market: MarketId,
    keyType: CacheKeyType,
    batch: string[],
    signal: AbortSignal | undefined,
    call: RetailCallOptions,
  ): Promise<{ values: Map<string, KeyResult>; requests: number; tokens: number }> {
    const values = new Map<string, KeyResult>();
    let failed: string[];
    let requests: number;
    let tokens: number;
    let found: Map<string, AmazonListing[]>;
    try {
      if (keyType === 'ean') {
        const answer = await deps.provider.lookupEans(batch, market, signal, call);
        ({ failed, requests, found } = answer);
        tokens = answer.tokens ?? 0;
      } else {
        const answer = await deps.provider.lookupAsins(batch, market, signal, call);
        failed = answer.failed;
        requests = answer.requests;
        tokens = answer.tokens ?? 0;
        found = new Map([...answer.found].map(([asin, listing]) => [asin, [listing]]));
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      deps.log.warn({ market, keyType, codes: batch.length, err: (error as Error).message }, 'market-data batch failed');
      return { values, requests: 1, tokens: 0 };
    }
    const failedSet = new Set(failed);
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + deps.ttlMs);
    const entries = [];
    for (const key of batch) {
      if (failedSet.has(key)) continue;
      const listings = found.get(key) ?? [];
      // Cached with the daily history (in its own column); answered without it, like a cache hit (withBuyBoxHistory).
      values.set(
        key,
        listings.map(({ buyBoxDaily90: _daily, ...listing }) => listing),
      );
      entries.push({ key, listings, source: deps.provider.name, fetchedAt: now, expiresAt });
    }
    await writeCache(deps.db, market, keyType, entries);
    return { values, requests, tokens };
  }

  /**
   * Resolved listings for canonical EANs in one market (mappings applied).
   * With `options.candidate` (a scan), EANs not in the cache are looked up in two phases: first without buy-box data,
   * then the buy box only for the listings the scan calls candidates. Without it, every listing gets its buy box.
   */
  async function lookupListings(eans: string[], market: MarketId, options: LookupOptions = {}): Promise<LookupResult> {
    const { signal, candidate, onTokenWait, organizationId } = options;
    signal?.throwIfAborted();
    const unique = [...new Set(eans)];
    const eanLookup = await fetchKeys(market, 'ean', unique, signal, { buyBox: !candidate, onTokenWait });
    const results = eanLookup.results;
    const [mappings, rules] = await Promise.all([
      mappingsForEans(deps.db, unique),
      organizationId ? matchRulesForEans(deps.db, organizationId, unique) : Promise.resolve(new Map<string, EanMatchRules>()),
    ]);

    // Mapped (or always-matched) ASINs that the EAN's own listings don't contain are looked up by ASIN (also cached,
    // with the buy box).
    const missingAsins: string[] = [];
    for (const [ean, mapping] of mappings) {
      const listings = results.get(ean);
      if (!listings?.some((l) => l.asin === mapping.asin)) missingAsins.push(mapping.asin);
    }
    for (const [ean, rule] of rules) {
      const always = rule.always;
      if (always && !results.get(ean)?.some((l) => l.asin === always.asin)) missingAsins.push(always.asin);
    }
    const asinLookup: Fetched = missingAsins.length
      ? await fetchKeys(market, 'asin', [...new Set(missingAsins)], signal, { buyBox: true, onTokenWait })
      : { results: new Map(), requests: 0, tokens: 0 };

    const resolved = new Map<string, ResolvedListing>();
    const notLookedUp = new Set<string>();
    const resolveEan = (ean: string) => {
      const listings = answerOf(results, ean);
      const mapping = mappings.get(ean);
      const mappedListing = mapping ? asinLookup.results.get(mapping.asin)?.[0] : undefined;
      const rule = rules.get(ean);
      const ruleListing = rule?.always ? asinLookup.results.get(rule.always.asin)?.[0] : undefined;
      if (listings === undefined && !mappedListing && !ruleListing) {
        notLookedUp.add(ean);
        return;
      }
      const choice = resolveListing(ean, listings ?? [], mapping, mappedListing, rule, ruleListing);
      if (choice) resolved.set(ean, choice);
      else resolved.delete(ean);
    };
    // An EAN with no listings of its own, no mapping and no rule resolves to nothing: only the others are resolved.
    for (const ean of unique) if (results.has(ean) || mappings.has(ean) || rules.has(ean)) resolveEan(ean);

    // Second phase: the buy box of the chosen listing, for candidates only (or every listing without a predicate).
    const needBuyBox = new Map<string, string[]>();
    for (const [ean, choice] of resolved) {
      if (!choice.listing.withoutBuyBox) continue;
      if (candidate && !candidate(ean, atHighestSeenPrice(choice))) continue;
      needBuyBox.set(choice.listing.asin, [...(needBuyBox.get(choice.listing.asin) ?? []), ean]);
    }
    let phase2: Fetched = { results: new Map(), requests: 0, tokens: 0 };
    if (needBuyBox.size) {
      phase2 = await fetchKeys(market, 'asin', [...needBuyBox.keys()], signal, { buyBox: true, onTokenWait });
      const upgraded: Array<{ key: string; listings: AmazonListing[] }> = [];
      for (const [asin, owners] of needBuyBox) {
        const answer = answerOf(phase2.results, asin);
        for (const ean of owners) {
          if (answer === undefined) {
            // The buy box could not be fetched: report the EAN, never treat it as "no buy box".
            resolved.delete(ean);
            notLookedUp.add(ean);
            continue;
          }
          const full = answer[0];
          if (!full) continue; // the ASIN is gone: the first-phase listing stays (no buy box, no deal)
          const listings = (results.get(ean) ?? []).map((l) => (l.asin === asin ? { ...full, ean } : l));
          results.set(ean, listings);
          upgraded.push({ key: ean, listings });
          resolveEan(ean);
        }
      }
      // The EAN's cache entry now holds the buy box: the next scan of it reads everything in one statement.
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + deps.ttlMs);
      await writeCache(
        deps.db,
        market,
        'ean',
        upgraded.map((u) => ({ ...u, source: deps.provider.name, fetchedAt: now, expiresAt })),
      );
    }
    return {
      resolved,
      notLookedUp: [...notLookedUp],
      upstreamRequests: eanLookup.requests + asinLookup.requests + phase2.requests,
      tokensSpent: eanLookup.tokens + asinLookup.tokens + phase2.tokens,
    };
  }

  /** Expected tokens of looking these EANs up now (the shared cache's fresh entries cost nothing). */
  async function estimate({ count, sample }: EanSample, market: MarketId): Promise<TokenEstimate> {
    const account = deps.provider.tokenAccount ? await deps.provider.tokenAccount() : null;
    if (!account) return { eans: count, newEans: 0, withoutBuyBoxEans: 0, tokens: 0, refillRate: null, tokensLeft: null, minutes: 0 };
    // A long list is judged by its sample: the estimate stays cheap at any size.
    const cached = await countFreshCache(deps.db, market, sample, deps.clock.now());
    const scale = count / Math.max(1, sample.length);
    return estimateTokens({
      eans: count,
      complete: Math.round(cached.complete * scale),
      withoutBuyBox: Math.round(cached.withoutBuyBox * scale),
      account,
    });
  }

  /**
   * The same resolved listings with their 90-day daily buy-box history, read from the cache
   * entries they came from. Lists are priced without it; only the deals of a list need it (one statement for them).
   */
  async function withBuyBoxHistory(market: MarketId, items: ResolvedListing[]): Promise<ResolvedListing[]> {
    if (!items.length) return [];
    const eans = [...new Set(items.map((r) => r.listing.ean))];
    const asins = [...new Set(items.map((r) => r.listing.asin))];
    const histories = await readBuyBoxHistories(deps.db, market, eans, asins, deps.clock.now());
    return items.map((r) => ({ ...r, listing: { ...r.listing, buyBoxDaily90: histories.get(r.listing.asin) ?? null } }));
  }

  return { lookupListings, estimate, withBuyBoxHistory };
}
