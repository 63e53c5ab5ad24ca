import { performance } from 'node:perf_hooks';
import type { CsvScan, QueueInfo, ScanTimeRemaining, SupplierScanStatus } from '@dealradar/shared/contracts/scans';
import { describeTokenCost, type ScanTokens, type TokenEstimateAnswer } from '@dealradar/shared/keepa-tokens';
import { ALL_MARKETS, type MarketChoice } from '@dealradar/shared/best-market';
import { MARKET_IDS, type MarketId } from '@dealradar/shared/markets';
import { regionCurrency } from '@dealradar/shared/regions';
import { priceTermsOf, type PriceTerms, type SupplierCurrency } from '@dealradar/shared/price-terms';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { effectiveMinRoi, getEntitlements, releaseEanUploads, requireAllMarkets, reserveEanUploads } from '../plans/entitlements.ts';
import { minutesFor } from '../market-data/token-estimate.ts';
import { estimateAllMarketsTokens } from './all-markets.ts';
import { fileChecksOf } from './file-checks.ts';
import { readOptionsOf, removeUpload, storeParsedFile } from './scan-files.ts';
import { buildReport, completeReport } from './scan-report.ts';
import { abortLocalScan, enqueueScan, RETENTION_MS } from './scans.jobs.ts';
import * as repo from './scans.repository.ts';
import { findOrganizationSupplierScan } from './supplier-lists.repository.ts';
import { eanSampleOf, readSupplierFile, type SupplierColumns } from './supplier-file.ts';

/** Scans that ended, for the scan-finished e-mails. */
export { listScansEndedSince, type EndedScan } from './scans.repository.ts';

/** The rules shared by both analyzers: start (parse, plan allowance, queue), read, cancel, delete. */

export const SCAN_NOT_FOUND = 'Scan not found';
export const CANCELED_MESSAGE = 'The scan was canceled.';

export interface StartedScan {
  scan: repo.ScanRow;
  totalEans: number;
  allowedEans: number;
}

/**
 * All markets: refused (403) unless the plan has multi-market analysis. The scan's market is then the
 * region's home market (UK or DE), and the markets are compared in the region's currency (UK → GBP, else EUR).
 */
async function allMarketsOf(deps: AppDeps, user: CurrentUser, market: MarketChoice): Promise<{ market: MarketId; comparisonCurrency: string } | null> {
  if (market !== ALL_MARKETS) return null;
  requireAllMarkets(await getEntitlements(deps.db, user.organizationId, deps.clock.now()));
  const { currency } = regionCurrency(user.primaryCountry);
  return { market: currency === 'GBP' ? 'UK' : 'DE', comparisonCurrency: currency };
}

/**
 * Parses the stored upload (400 for unusable files), takes the plan's EAN allowance for its distinct valid EANs
 * (403 when nothing is left; partial when only some are left), stores the scan (its id is the upload's) and queues it.
 * The parse is stored beside the file for the worker (scan-files.ts storeParsedFile). A refused start leaves the file
 * to the caller (an upload stays for another try; a file sent with the request is removed by its route). An
 * all-markets scan counts each EAN once against the allowance.
 */
export async function startScan(
  deps: AppDeps,
  user: CurrentUser,
  input: {
    kind: repo.ScanKind;
    upload: { id: string; path: string; fileName: string; bytes: number };
    source: 'upload' | 'manual';
    market: MarketChoice;
    columns: SupplierColumns;
    /** The minimum ROI to use instead of today's effective one (a re-run keeps its list's). */
    minRoi?: number;
    /** Runs in the scan's transaction after its row is stored (the upload is marked as scanned, a re-run links itself). */
    afterInsert?: (tx: Db, scan: repo.ScanRow) => Promise<void>;
  },
): Promise<StartedScan> {
  const { upload } = input;
  const allMarkets = await allMarketsOf(deps, user, input.market);
  const market = allMarkets?.market ?? (input.market as MarketId);
  const readStarted = performance.now();
  const readCpu = process.cpuUsage();
  const parsed = await readSupplierFile(upload.path, input.columns, readOptionsOf(input.source));
  const cpu = process.cpuUsage(readCpu);
  deps.log.info(
    {
      rows: parsed.rowsRead,
      eans: parsed.eans.length,
      bytes: upload.bytes,
      readMs: Math.round(performance.now() - readStarted),
      readCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    },
    'supplier file read',
  );
  if (parsed.eans.length === 0) {
    const first = parsed.issueSamples[0];
    const where = first ? ` (${input.source === 'manual' ? 'row' : 'line'} ${first.line}: ${first.message})` : '';
    throw badRequest(`None of the ${parsed.rowsRead} rows has a usable EAN and brand${where}.`);
  }
  // Before the scan is queued: the worker finds the parse whichever process claims it.
  await storeParsedFile(upload.path, parsed).catch((error: Error) =>
    deps.log.warn({ err: error.message }, 'the parse could not be stored; the worker reads the file'),
  );
  const now = deps.clock.now();
  const minRoi = input.minRoi ?? (await effectiveMinRoi(deps.db, user.id));
  const { scan, allowed } = await deps.db.tx(async (tx) => {
    const reservation = await reserveEanUploads(tx, user.organizationId, parsed.eans.length, now);
    const partial = reservation.allowed > 0 && reservation.allowed < parsed.eans.length;
    const row = await repo.insertScan(tx, {
      id: upload.id,
      kind: input.kind,
      userId: user.id,
      organizationId: user.organizationId,
      fileName: upload.fileName,
      source: input.source,
      market,
      eanColumn: input.columns.ean,
      brandColumn: input.columns.brand,
      priceColumn: input.columns.price,
      unitsColumn: input.columns.units ?? '',
      unitsPerPrice: input.columns.unitsPerPrice ?? null,
      sheet: input.columns.sheet ?? null,
      priceTerms: input.columns.priceTerms,
      uploadPath: upload.path,
      uploadBytes: upload.bytes,
      totalEans: parsed.eans.length,
      allowedEans: reservation.allowed,
      minRoi,
      report: buildReport(parsed, reservation.allowed, { matched: 0, deals: 0, notLookedUp: [], notLookedUpCount: 0 }),
      now,
      analyzedUntilLine: partial ? (parsed.lines[reservation.allowed - 1] ?? null) : null,
      allMarkets: allMarkets ?? undefined,
    });
    await input.afterInsert?.(tx, row);
    return { scan: row, allowed: reservation.allowed };
  });
  await enqueueScan(deps, scan.id);
  return { scan, totalEans: parsed.eans.length, allowedEans: allowed };
}

/**
 * The expected Keepa tokens of a file's distinct valid EANs (answer of POST /supplier-analyzer/token-estimate). All
 * markets: every market counts (Keepa charges per market), `markets` says 7 and newEans counts EAN-market look-ups.
 */
export async function estimateScanTokens(
  deps: AppDeps,
  user: CurrentUser,
  input: { path: string; source?: 'upload' | 'manual'; market: MarketChoice; eanColumn: string; sheet?: string },
): Promise<TokenEstimateAnswer> {
  const allMarkets = await allMarketsOf(deps, user, input.market);
  const parsed = await readSupplierFile(
    input.path,
    { ean: input.eanColumn, brand: '', price: '', sheet: input.sheet },
    readOptionsOf(input.source ?? 'upload'),
  );
  const eans = eanSampleOf(parsed.eans);
  const estimate = allMarkets
    ? await estimateAllMarketsTokens(deps.marketData, eans)
    : deps.marketData.estimateTokens
      ? await deps.marketData.estimateTokens(eans, input.market as MarketId)
      : { eans: eans.count, newEans: 0, tokens: 0, refillRate: null, tokensLeft: null, minutes: 0 };
  const { eans: count, newEans, tokens, refillRate, tokensLeft, minutes } = estimate;
  return {
    eans: count,
    newEans,
    tokens,
    refillRate,
    tokensLeft,
    minutes,
    text: describeTokenCost(estimate),
    ...(allMarkets ? { markets: MARKET_IDS.length } : {}),
    // Usable and damaged EANs of the same parse, for the dialog's warnings before Confirm.
    checks: fileChecksOf(parsed),
  };
}

export const RERUN_LIST_GONE = 'This list is no longer kept, so it cannot be re-run. Please upload the file again.';

/**
 * What re-running a supplier list would cost (the re-run asks for a confirmation first): the expected Keepa
 * tokens of the list's EANs in its market(s) today, as for an upload. Another user's list: 404; a list no longer kept: 409.
 */
export async function estimateRerunTokens(deps: AppDeps, user: CurrentUser, id: string): Promise<TokenEstimateAnswer> {
  if (!isUuid(id)) throw notFound(SCAN_NOT_FOUND);
  // Supplier lists are the organization's: any member may re-run one (docs/organizations.md).
  const scan = await findOrganizationSupplierScan(deps.db, id, user.organizationId);
  if (!scan) throw notFound(SCAN_NOT_FOUND);
  if (scan.status !== 'COMPLETED' || !scan.list_path) throw conflict(RERUN_LIST_GONE);
  return estimateScanTokens(deps, user, {
    path: scan.list_path,
    market: scan.all_markets ? ALL_MARKETS : scan.market,
    eanColumn: scan.ean_column,
    sheet: scan.sheet ?? undefined,
  });
}

function retentionStart(deps: Pick<AppDeps, 'clock'>): Date {
  return new Date(deps.clock.now().getTime() - RETENTION_MS);
}

/** The column mapping of an upload's fields; brand '' = no brand column (deals carry the listing's brand). */
export function columnsOf(fields: {
  eanColumn: string;
  brandColumn?: string;
  noBrandColumn: boolean;
  priceColumn: string;
  unitsColumn?: string;
  unitsPerPrice?: number;
  sheet?: string;
  priceCurrency?: SupplierCurrency;
  priceIncludesVat?: boolean;
  priceVatRate?: number;
}): SupplierColumns {
  return {
    ean: fields.eanColumn,
    brand: fields.noBrandColumn ? '' : (fields.brandColumn ?? ''),
    price: fields.priceColumn,
    units: fields.unitsColumn,
    unitsPerPrice: fields.unitsPerPrice,
    sheet: fields.sheet,
    priceTerms: priceTermsOfFields(fields),
  };
}

/** The price's currency and VAT of an upload's or manual entry's fields (the VAT rate in percent). */
export function priceTermsOfFields(fields: { priceCurrency?: SupplierCurrency; priceIncludesVat?: boolean; priceVatRate?: number }): PriceTerms {
  return priceTermsOf(fields.priceCurrency ?? 'EUR', fields.priceIncludesVat ?? false, fields.priceVatRate === undefined ? null : fields.priceVatRate / 100);
}

/** The user's own scan of that kind (ended ones only within 24 h); anything else is 404. */
export async function getOwnScan(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser, kind: repo.ScanKind, id: string): Promise<repo.ScanRow> {
  if (!isUuid(id)) throw notFound(SCAN_NOT_FOUND);
  const scan = await repo.findUserScan(deps.db, id, user.id, kind, retentionStart(deps));
  if (!scan) throw notFound(SCAN_NOT_FOUND);
  return scan;
}

export async function listActive(deps: Pick<AppDeps, 'db'>, user: CurrentUser, kind: repo.ScanKind): Promise<repo.ScanRow[]> {
  return repo.listActiveScans(deps.db, user.id, kind);
}

export async function listHistory(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser, kind: repo.ScanKind): Promise<repo.ScanRow[]> {
  return repo.listEndedScans(deps.db, user.id, kind, retentionStart(deps));
}

/** Cancel: an unfinished scan ends as ERROR ('The scan was canceled.') at once and its worker stops at the next batch. */
export async function cancelOwnScan(deps: AppDeps, user: CurrentUser, kind: repo.ScanKind, id: string): Promise<repo.ScanRow> {
  return cancelScanRow(deps, await getOwnScan(deps, user, kind, id));
}

async function cancelScanRow(deps: AppDeps, scan: repo.ScanRow): Promise<repo.ScanRow> {
  const canceled = await repo.cancelScan(deps.db, scan.id, deps.clock.now(), CANCELED_MESSAGE);
  if (!canceled) return scan; // already ended: nothing to stop
  abortLocalScan(deps, scan.id);
  if (canceled.allowed_eans !== null) {
    await releaseEanUploads(deps.db, scan.organization_id, canceled.allowed_eans - canceled.processed_eans, deps.clock.now());
  }
  removeUpload(scan.upload_path);
  return canceled;
}

/** Before a user is deleted (users module): their unfinished scans stop, so no worker goes on writing for them. */
export async function cancelScansOfUser(deps: AppDeps, userId: string): Promise<void> {
  for (const kind of ['csv_template', 'supplier'] as const) {
    for (const scan of await repo.listActiveScans(deps.db, userId, kind)) await cancelScanRow(deps, scan);
  }
}

/** Delete: cancels when still running, then removes the scan and its results. */
export async function deleteOwnScan(deps: AppDeps, user: CurrentUser, kind: repo.ScanKind, id: string): Promise<void> {
  const scan = await cancelOwnScan(deps, user, kind, id);
  await repo.deleteScan(deps.db, scan.id);
  removeUpload(scan.upload_path);
}

/**
 * Queue info: position 0 = running (or ended); a PENDING scan's position is the number of unfinished scans (every
 * user's) created before it, i.e. how many are ahead of it. queueSize = unfinished scans in total.
 */
export async function queuePosition(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser, kind: repo.ScanKind, id: string): Promise<QueueInfo> {
  const scan = await getOwnScan(deps, user, kind, id);
  const queue = await repo.runningScanIds(deps.db);
  const index = queue.findIndex((s) => s.id === scan.id);
  const position = scan.status === 'PENDING' && index > 0 ? index : 0;
  return { position, queueSize: queue.length };
}

export function requireCompleted(scan: repo.ScanRow): void {
  if (scan.status !== 'COMPLETED') throw conflict('Scan is not completed yet');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function reportOf(scan: repo.ScanRow) {
  const report = completeReport(scan.report);
  return { ...report, matchedProducts: scan.matched_products, dealsFound: scan.deals_found };
}

/** Keepa tokens of a scan (absent when its data source charged and expected none). */
export function tokensOf(scan: repo.ScanRow): ScanTokens | undefined {
  if (scan.tokens_estimated === null && !scan.tokens_spent) return undefined;
  const running = scan.status === 'PENDING' || scan.status === 'PROCESSING';
  const account = { tokensLeft: scan.tokens_left, refillRate: scan.token_refill_rate };
  const rest = Math.max(0, (scan.tokens_estimated ?? 0) - scan.tokens_spent);
  return {
    estimated: scan.tokens_estimated,
    spent: scan.tokens_spent,
    refillRate: scan.token_refill_rate,
    tokensLeft: scan.tokens_left,
    // From tokens and refill, not from rows: the expected tokens not spent yet, less the balance, at the refill rate.
    minutesRemaining: running && scan.tokens_estimated !== null ? minutesFor(rest, account) : null,
    waitingUntil: running ? iso(scan.token_wait_until) : null,
    waitingReason: running ? scan.token_wait_reason : null,
  };
}

export function toCsvScan(scan: repo.ScanRow): CsvScan {
  const pending = scan.status === 'PENDING' && scan.started_at === null;
  return {
    scanId: scan.id,
    fileName: scan.file_name,
    status: scan.status,
    // A new scan is PENDING with 0 of 0 EANs (SPEC §4); the total appears once the worker has it.
    processedEans: scan.processed_eans,
    totalEans: pending ? 0 : (scan.allowed_eans ?? scan.total_eans),
    createdAt: scan.created_at.toISOString(),
    updatedAt: scan.updated_at.toISOString(),
    startTime: iso(scan.started_at),
    lastUpdateTime: scan.updated_at.toISOString(),
    market: scan.market,
    completedAt: iso(scan.completed_at),
    ...(scan.error ? { error: scan.error } : {}),
    report: reportOf(scan),
    ...withTokens(scan),
  };
}

const withTokens = (scan: repo.ScanRow) => {
  const tokens = tokensOf(scan);
  return tokens ? { tokens } : {};
};

/**
 * The expected time left of a running scan: before the first EANs are done, from the token estimate at the
 * account's refill rate; then from the rate measured since the scan started — with a real Keepa account (balance
 * known) never less than what the refill allows for the tokens still expected, so a fast start on the account's
 * balance does not promise minutes for hours of work. Absent once the scan ended.
 */
export function timeRemainingOf(scan: repo.ScanRow, now: Date): ScanTimeRemaining | undefined {
  if (scan.status !== 'PENDING' && scan.status !== 'PROCESSING') return undefined;
  const tokens = tokensOf(scan);
  const tokenSeconds = tokens?.minutesRemaining != null ? tokens.minutesRemaining * 60 : null;
  const left = Math.max(0, (scan.allowed_eans ?? scan.total_eans) - scan.processed_eans);
  const elapsedMs = scan.started_at ? now.getTime() - scan.started_at.getTime() : 0;
  if (scan.status === 'PROCESSING' && scan.processed_eans > 0 && elapsedMs > 0) {
    const measured = (left * elapsedMs) / scan.processed_eans / 1000;
    const paced = tokenSeconds !== null && tokens?.tokensLeft !== null ? Math.max(measured, tokenSeconds) : measured;
    return { seconds: Math.round(paced), basis: 'measured' };
  }
  if (tokenSeconds !== null && left > 0) return { seconds: tokenSeconds, basis: 'tokens' };
  return { seconds: null, basis: 'unknown' };
}

/** A scan its user (or a deletion) cancelled: ERROR 'The scan was canceled.' with cancel_requested. */
export function isCanceled(scan: repo.ScanRow): boolean {
  return scan.status === 'ERROR' && scan.cancel_requested;
}

/** The status answer; with `now`, a running scan's time remaining too. */
export function toSupplierStatus(scan: repo.ScanRow, now?: Date): SupplierScanStatus {
  const remaining = now ? timeRemainingOf(scan, now) : undefined;
  const allowed = scan.allowed_eans ?? scan.total_eans;
  return {
    scanId: scan.id,
    processedEans: scan.processed_eans,
    // The EANs this run analyzes (the plan's allowance of the file's distinct valid EANs).
    totalEans: allowed,
    allowedEans: allowed,
    status: scan.status,
    ...(scan.error ? { error: scan.error } : {}),
    report: reportOf(scan),
    ...withTokens(scan),
    ...(scan.all_markets ? { allMarkets: true } : {}),
    // A re-run of a supplier list: the screen shows its changes once it completes.
    ...(scan.rerun_of ? { rerunOf: scan.rerun_of } : {}),
    ...(isCanceled(scan) ? { canceled: true } : {}),
    ...(remaining ? { timeRemaining: remaining } : {}),
  };
}
