import type { ImportResult, MarketDataStatus } from '@dealradar/shared/contracts/market-data';
import type { MarketId } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { readTableFile } from '../../lib/table-file.ts';
import { removeUpload } from '../scans/scan-files.ts';
import { KeepaExportError, KeepaExportReader } from './keepa-export.ts';
import { cacheStats, insertImportLog, recentImports, writeCache, type ImportLogRow } from './market-data.repository.ts';

/** Imported Keepa data stays in the shared cache this long (or until a newer import of the same EAN replaces it). */
export const IMPORT_VALID_DAYS = 30;

function toDto(row: ImportLogRow, problems?: string[]): ImportResult {
  return { ...row, createdAt: new Date(row.createdAt).toISOString(), ...(problems ? { problems } : {}) };
}

/**
 * An admin's Keepa Product Viewer / Finder export (CSV or XLSX, streamed from the uploaded file on disk) goes into the
 * shared look-up cache (source 'import'), replacing what the cache held for those EANs in that market, so scans use
 * real Amazon data without an API key. The uploaded file is removed afterwards.
 */
export async function importKeepaExport(
  deps: Pick<AppDeps, 'clock' | 'db'>,
  user: CurrentUser,
  file: { fileName: string; path: string; market?: MarketId },
): Promise<ImportResult> {
  const now = deps.clock.now();
  let parsed;
  try {
    const reader = new KeepaExportReader({ market: file.market, fetchedAt: now });
    await readTableFile(file.path, {
      header: (cells) => {
        reader.header(cells);
        return null;
      },
      row: (cells, line) => reader.row(cells, line),
    });
    parsed = reader.result();
  } catch (error) {
    if (error instanceof KeepaExportError) throw badRequest(error.message);
    throw error;
  } finally {
    removeUpload(file.path);
  }
  if (parsed.listings === 0) throw badRequest(`No row could be imported. ${parsed.problems.slice(0, 3).join(' ')}`.trim());
  const expiresAt = new Date(now.getTime() + IMPORT_VALID_DAYS * 24 * 3_600_000);
  let eans = 0;
  for (const [market, byEan] of parsed.byMarket) {
    const entries = [...byEan].map(([key, listings]) => ({ key, listings, source: 'import', fetchedAt: now, expiresAt }));
    eans += entries.length;
    await writeCache(deps.db, market, 'ean', entries);
  }
  const markets = [...parsed.byMarket.keys()];
  const log = await insertImportLog(
    deps.db,
    {
      fileName: file.fileName,
      market: markets.length === 1 ? markets[0]! : (file.market ?? null),
      rowsRead: parsed.rowsRead,
      listingsImported: parsed.listings,
      eansImported: eans,
      rowsSkipped: parsed.rowsSkipped,
      importedBy: user.id,
    },
    now,
  );
  return toDto(log, parsed.problems);
}

/** The admin data-source card: providers, FX used per currency, cache contents, recent imports. */
export async function marketDataStatus(deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'marketData'>): Promise<MarketDataStatus> {
  const fx = await Promise.all(['GBP', 'USD', 'CAD'].map((c) => deps.marketData.fxRate('EUR', c)));
  return {
    source: deps.marketData.source,
    mode: deps.config.MARKET_DATA,
    cacheTtlHours: deps.config.MARKET_CACHE_TTL_HOURS,
    fx,
    cache: await cacheStats(deps.db, deps.clock.now()),
    imports: (await recentImports(deps.db, 10)).map((row) => toDto(row)),
  };
}
