/**
 * Where this process is in its life, for the readiness answer (GET /api/health/ready): `starting` until the database
 * is open, `migrating` while its migrations run, `serving` once it takes work, `shutting-down` from the first signal.
 * One process has one life, so this is module state; process.ts moves it forward.
 */
export type ProcessPhase = 'starting' | 'migrating' | 'serving' | 'shutting-down';

// Code that builds an app without process.ts (tests, tools) serves at once.
let phase: ProcessPhase = 'serving';

export function processPhase(): ProcessPhase {
  return phase;
}

export function setProcessPhase(next: ProcessPhase): void {
  phase = next;
}
