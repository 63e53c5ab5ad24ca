import { startQogitaLookAlike } from '../../server/test/market-data/fakes/qogita-fake.ts';
import { E2E_QOGITA_PORT } from '../../../playwright.config.ts';

export type E2eQogita = Awaited<ReturnType<typeof startQogitaLookAlike>>;

/**
 * Starts the Qogita look-alike the test servers' Qogita buyer account points at (E2E_QOGITA_PORT; playwright.config.ts),
 * for the spec that calls it in its beforeAll: its watchlist and recorded calls are that spec's own. It knows no
 * variants: the servers' offers and drops are the demo's, and the watchlist takes any GTIN as Qogita does.
 */
export function startE2eQogita(): Promise<E2eQogita> {
  return startQogitaLookAlike([], E2E_QOGITA_PORT);
}
