import { test } from '@playwright/test';
import { startFakeSpApi, type FakeSpApi } from '../../server/test/sp-api/fake-sp-api.ts';
import { E2E_SP_API_PORT } from '../../../playwright.config.ts';

/** How long a spec waits for another spec to give the look-alike's port back. */
const WAIT_FOR_PORT_MS = 10 * 60_000;

/**
 * Starts the SP-API look-alike the test servers' Amazon application points at (E2E_SP_API_PORT), for the spec file
 * that calls it in its beforeAll: its state (rules, recorded calls) is that spec's own. Specs in other workers use the
 * same port, so a spec waits until the one holding it has closed it (each holds it from its beforeAll to its afterAll).
 */
export async function startE2eSpApi(): Promise<FakeSpApi> {
  test.setTimeout(WAIT_FOR_PORT_MS + 60_000);
  const until = Date.now() + WAIT_FOR_PORT_MS;
  for (;;) {
    try {
      return await startFakeSpApi(E2E_SP_API_PORT);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
