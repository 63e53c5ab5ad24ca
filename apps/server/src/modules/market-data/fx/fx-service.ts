import type { Config } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { latestFxRates, saveFxRates } from '../market-data.repository.ts';
import type { FxRate } from '../market-data.types.ts';
import { fetchEcbDailyRates } from './ecb-client.ts';
import { BUILT_IN_RATES, crossRate, parseFxRates, type RateTable } from './fx-rates.ts';

const ECB_REFRESH_MS = 6 * 3_600_000;
const ECB_RETRY_MS = 10 * 60_000;

export interface FxServiceDeps {
  config: Pick<Config, 'FX_RATES' | 'ECB_BASE_URL'>;
  db: Db;
  clock: Clock;
  /** Demo mode stays offline unless FX_RATES=ecb. */
  offline: boolean;
  log: { warn(obj: object, msg?: string): void };
  fetchImpl?: typeof fetch;
}

/**
 * Where rates come from:
 * - FX_RATES with rates → those, with their date (nothing fetched);
 * - FX_RATES=ecb, or real market data without FX_RATES → the ECB daily feed (refreshed every 6 h, stored in fx_rates;
 *   if the feed fails: the last stored day, else the built-in table);
 * - demo without FX_RATES → the built-in table.
 */
export function createFxService(deps: FxServiceDeps) {
  const configured = deps.config.FX_RATES?.trim();
  const useEcb = configured?.toLowerCase() === 'ecb' || (!configured && !deps.offline);
  const staticTable: RateTable | undefined = configured && !useEcb ? parseFxRates(configured, deps.clock.now().toISOString().slice(0, 10)) : undefined;
  let ecbTable: RateTable | undefined;
  let nextRefreshAt = 0;
  let refreshing: Promise<void> | undefined;

  async function refreshEcb(): Promise<void> {
    const now = deps.clock.now().getTime();
    try {
      const { date, rates } = await fetchEcbDailyRates(deps.config.ECB_BASE_URL, { fetchImpl: deps.fetchImpl });
      ecbTable = { date, rates, source: 'ecb' };
      nextRefreshAt = now + ECB_REFRESH_MS;
      await saveFxRates(deps.db, date, rates, 'ecb');
    } catch (error) {
      deps.log.warn({ err: (error as Error).message }, 'ECB reference rates unavailable');
      nextRefreshAt = now + ECB_RETRY_MS;
      if (!ecbTable) {
        const stored = await latestFxRates(deps.db);
        if (stored) ecbTable = { ...stored, source: 'ecb' };
      }
    }
  }

  async function table(): Promise<RateTable> {
    if (staticTable) return staticTable;
    if (!useEcb) return BUILT_IN_RATES;
    if (deps.clock.now().getTime() >= nextRefreshAt) {
      refreshing ??= refreshEcb().finally(() => {
        refreshing = undefined;
      });
      await refreshing;
    }
    return ecbTable ?? BUILT_IN_RATES;
  }

  async function fxRate(from: string, to: string): Promise<FxRate> {
    const t = await table();
    const rate = crossRate(t, from, to) ?? crossRate(BUILT_IN_RATES, from, to);
    if (!rate) throw new Error(`No exchange rate from ${from} to ${to}.`);
    return rate;
  }

  return { fxRate, mode: staticTable ? 'config' : useEcb ? 'ecb' : 'built-in' } as const;
}
