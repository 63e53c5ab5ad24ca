import client from 'prom-client';

/**
 * Every Prometheus metric of the server, in one registry (docs/operations.md lists them). Counters and histograms are
 * counted where the work happens (HTTP hook, scan engine, durable runs, provider clients, alert delivery); the gauges
 * below `SCRAPE-TIME` are set from `readSystemFigures` (modules/health/system-figures.ts) just before each scrape, and the
 * admin System screen (GET /api/admin/system) shows the same figures from the same place.
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'dealradar_' });

const registers = [metricsRegistry];

export const httpRequests = new client.Counter({
  name: 'dealradar_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpRequestDuration = new client.Histogram({
  name: 'dealradar_http_request_duration_seconds',
  help: 'HTTP request latency, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const scanRowsScanned = new client.Counter({
  name: 'dealradar_scan_rows_scanned_total',
  help: 'EANs of supplier / CSV Template scans committed (rate() gives rows scanned per second).',
  labelNames: ['kind'] as const,
  registers,
});

export const durableRunsClaimed = new client.Counter({
  name: 'dealradar_durable_runs_claimed_total',
  help: 'Durable runs (scans, brand scans, price refreshes) claimed by a worker of this process, first attempts and resumptions.',
  labelNames: ['kind'] as const,
  registers,
});

export const durableRunsResumed = new client.Counter({
  name: 'dealradar_durable_runs_resumed_total',
  help: 'Durable runs claimed again after an interrupted attempt (resumed from their checkpoint).',
  labelNames: ['kind'] as const,
  registers,
});

export const durableRunsFailed = new client.Counter({
  name: 'dealradar_durable_runs_failed_total',
  help: 'Durable runs this process ended as failed (an error, or too many interrupted attempts).',
  labelNames: ['kind'] as const,
  registers,
});

export type UpstreamProvider = 'keepa' | 'qogita' | 'sp-api';

export const upstreamCalls = new client.Counter({
  name: 'dealradar_upstream_calls_total',
  help: 'HTTP calls to upstream providers (each try of a retried call counts).',
  labelNames: ['provider'] as const,
  registers,
});

export const upstreamErrors = new client.Counter({
  name: 'dealradar_upstream_errors_total',
  help: 'Upstream calls that failed: no answer (network, timeout) or an HTTP status of 400 or more.',
  labelNames: ['provider'] as const,
  registers,
});

export const keepaTokensLeft = new client.Gauge({
  name: 'dealradar_keepa_tokens_left',
  help: 'Keepa tokens left, as the last Keepa answer of this process said (absent until one arrived).',
  // Labelled so that there is no sample (rather than a misleading 0) until Keepa has answered.
  labelNames: ['provider'] as const,
  registers,
});

export const keepaRefillRate = new client.Gauge({
  name: 'dealradar_keepa_refill_rate_per_minute',
  help: 'Keepa tokens refilled per minute, as the last Keepa answer of this process said (absent until one arrived).',
  labelNames: ['provider'] as const,
  registers,
});

export const alertDeliveries = new client.Counter({
  name: 'dealradar_alert_deliveries_total',
  help: 'Alert and scan-finished message attempts, by channel (email, webhook) and outcome (sent, retrying, failed).',
  labelNames: ['channel', 'outcome'] as const,
  registers,
});

// SCRAPE-TIME: set from the database by setScrapeGauges before every scrape.

export const scansByState = new client.Gauge({
  name: 'dealradar_scans',
  help: 'Scans in the database by kind (supplier, csv_template, brand) and state (PENDING, PROCESSING, COMPLETED, ERROR).',
  labelNames: ['kind', 'state'] as const,
  registers,
});

export const queueWaiting = new client.Gauge({
  name: 'dealradar_queue_waiting_jobs',
  help: 'Jobs waiting in each pg-boss queue (created or retry, start time reached).',
  labelNames: ['queue'] as const,
  registers,
});

export const queueActive = new client.Gauge({
  name: 'dealradar_queue_active_jobs',
  help: 'Jobs running in each pg-boss queue.',
  labelNames: ['queue'] as const,
  registers,
});

export const queueOldestWaiting = new client.Gauge({
  name: 'dealradar_queue_oldest_waiting_seconds',
  help: 'Age of the oldest waiting job of each pg-boss queue (0 when none waits).',
  labelNames: ['queue'] as const,
  registers,
});

export const priceRefreshDuration = new client.Gauge({
  name: 'dealradar_price_refresh_last_duration_seconds',
  help: 'How long the last finished price refresh took.',
  labelNames: ['status'] as const,
  registers,
});

export const priceRefreshVariantsChanged = new client.Gauge({
  name: 'dealradar_price_refresh_last_variants_changed',
  help: 'Variants whose price changed in the last finished price refresh.',
  registers,
});

export const priceRefreshLastFinished = new client.Gauge({
  name: 'dealradar_price_refresh_last_finished_timestamp_seconds',
  help: 'When the last price refresh finished (Unix time).',
  labelNames: ['status'] as const,
  registers,
});

export const queueFailed24h = new client.Gauge({
  name: 'dealradar_queue_failed_jobs_24h',
  help: 'Jobs of each pg-boss queue that failed in the last 24 hours.',
  labelNames: ['queue'] as const,
  registers,
});

export const processesAlive = new client.Gauge({
  name: 'dealradar_processes_alive',
  help: 'API and worker processes whose heartbeat is recent (process_heartbeats), by role.',
  labelNames: ['role'] as const,
  registers,
});

export const durableRunsRunning = new client.Gauge({
  name: 'dealradar_durable_runs',
  help: 'Durable runs in progress by kind and state (running; stuck = no heartbeat for 60 s or its process lease released).',
  labelNames: ['kind', 'state'] as const,
  registers,
});

export const keepaTokenWait = new client.Gauge({
  name: 'dealradar_keepa_token_wait_seconds',
  help: 'Seconds until the first scan waiting for Keepa tokens continues (absent when none waits).',
  registers,
});

export const alertDeliveriesFailed24h = new client.Gauge({
  name: 'dealradar_alert_deliveries_failed_24h',
  help: 'Alert and scan-finished messages that failed after their last try, created in the last 24 hours.',
  registers,
});

export const databaseSizeBytes = new client.Gauge({
  name: 'dealradar_database_size_bytes',
  help: 'Size of the database (pg_database_size).',
  registers,
});

export const dbPoolClients = new client.Gauge({
  name: 'dealradar_db_pool_clients',
  help: 'PostgreSQL pool clients of this process by state (total, idle, waiting); absent on the embedded database.',
  labelNames: ['state'] as const,
  registers,
});

/** Counts one upstream call: its answer's status (an error from 400 up), or its failure to answer (rethrown). */
export async function countUpstreamCall(provider: UpstreamProvider, call: () => Promise<Response>): Promise<Response> {
  upstreamCalls.inc({ provider });
  try {
    const response = await call();
    if (response.status >= 400) upstreamErrors.inc({ provider });
    return response;
  } catch (error) {
    upstreamErrors.inc({ provider });
    throw error;
  }
}

/** The last Keepa token figures this process learned. */
export function recordKeepaTokens(tokensLeft: number | undefined, refillRate: number | undefined): void {
  if (typeof tokensLeft === 'number') keepaTokensLeft.set({ provider: 'keepa' }, tokensLeft);
  if (typeof refillRate === 'number') keepaRefillRate.set({ provider: 'keepa' }, refillRate);
}
