/**
 * How a server process on the embedded database is run (decisions 0003 and 0032). package.json's `start` script
 * passes the same flags and environment; the browser tests (playwright.config.ts), the process tests and the
 * benchmarks (bench/server.ts) take them from here, so all of them run the server alike.
 * - `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler, which keeps no optimized copy of it.
 * - `--max-semi-space-size=8` halves V8's young generation.
 * - `MALLOC_ARENA_MAX=2`: glibc's allocator keeps two arenas instead of one per thread.
 * All three trade little or no time for resident memory; the figures are in the decisions.
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=8'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
