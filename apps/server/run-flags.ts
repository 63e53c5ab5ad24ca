/**
 * Node flags of a server process on the embedded database: `--liftoff-only` keeps PGlite's WebAssembly on V8's
 * baseline compiler (~70 MB less resident memory; README "Memory of the embedded database"). package.json's
 * `start` script passes the same flags; the browser tests (playwright.config.ts) and benchmarks (bench/server.ts)
 * take them from here, so all three run the server alike.
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only'];
