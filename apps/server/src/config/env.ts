import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Every environment variable the server reads. Nothing else reads process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('DealRadar <no-reply@dealradar.local>'),
  APP_URL: z.string().url().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  MARKET_DATA: z.enum(['demo', 'keepa', 'qogita', 'real']).default('demo'),
  MARKET_CACHE_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Demo market data only: milliseconds each upstream look-up batch waits (simulates Keepa/Qogita latency; 0 = none). */
  DEMO_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  KEEPA_API_KEY: z.string().optional(),
  KEEPA_BASE_URL: z.string().url().default('https://api.keepa.com'),
  QOGITA_EMAIL: z.string().optional(),
  QOGITA_PASSWORD: z.string().optional(),
  QOGITA_BASE_URL: z.string().url().default('https://api.qogita.com'),
  ECB_BASE_URL: z.string().url().default('https://www.ecb.europa.eu'),
  FX_RATES: z.string().optional(),
  PADDLE_WEBHOOK_SECRET: z.string().optional(),
  PADDLE_CHECKOUT_URL: z.string().url().default('https://checkout.paddle.com/checkout'),
  PADDLE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().positive().default(5),
  /** Paddle Billing API key (plan changes, customer portal; docs/plans.md). Without it those calls answer 503. */
  PADDLE_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** https://api.paddle.com (live) or https://sandbox-api.paddle.com (sandbox). */
  PADDLE_API_BASE_URL: z.string().url().default('https://api.paddle.com'),
  PRICE_SCHEDULE_TIMEZONE: z.string().default('Europe/Berlin'),
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  RUN_SCHEDULER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Built web app to serve (tests build into their own folder). */
  WEB_DIST_DIR: z.string().optional(),
  /** Trust X-Forwarded-For (true, or a comma list of proxy addresses/CIDRs). Off: the socket address is the client. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  /**
   * CSP `upgrade-insecure-requests`: `auto` sends it only on HTTPS requests (TLS here, or X-Forwarded-Proto: https from
   * a trusted proxy); `true` always (a site served only over HTTPS); `false` never. Sent over plain HTTP it made the
   * browser fetch the scripts over https: a blank page on http://<host name>:3000.
   */
  UPGRADE_INSECURE_REQUESTS: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Alerts: let webhooks reach loopback/private/link-local addresses (tests, self-hosted networks). */
  ALERT_WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Alerts: tries after the first failed one, and the first back-off in seconds (doubling each time). */
  ALERT_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(4),
  ALERT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Amazon SP-API (docs/seller-account.md): the application's LWA client id and secret; without them no seller account can be connected. */
  SP_API_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  SP_API_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  SP_API_LWA_URL: z.string().url().default('https://api.amazon.com/auth/o2/token'),
  SP_API_BASE_URL_EU: z.string().url().default('https://sellingpartnerapi-eu.amazon.com'),
  SP_API_BASE_URL_NA: z.string().url().default('https://sellingpartnerapi-na.amazon.com'),
  /** Website authorization (a public application): its application id; without it only the self-authorized form is offered. */
  SP_API_APPLICATION_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Seller Central's consent pages per region, and `version=beta` while the application is a draft. */
  SP_API_CONSENT_URL_EU: z.string().url().default('https://sellercentral-europe.amazon.com'),
  SP_API_CONSENT_URL_NA: z.string().url().default('https://sellercentral.amazon.com'),
  SP_API_AUTHORIZE_BETA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Key of the stored refresh tokens (≥ 32 characters); generated into DATA_DIR/sp-api-token-key when unset. */
  SP_API_TOKEN_KEY: z.string().min(32, 'SP_API_TOKEN_KEY must be at least 32 characters').optional(),
  /** The key before a rotation: tokens it encrypted are still read and re-encrypted with SP_API_TOKEN_KEY. */
  SP_API_TOKEN_KEY_PREVIOUS: z.string().min(32, 'SP_API_TOKEN_KEY_PREVIOUS must be at least 32 characters').optional(),
  /** GET /metrics on the public port, only with `Authorization: Bearer <METRICS_TOKEN>` (docs/operations.md). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** GET /metrics without a token on a port of its own (bound to HOST); unset: no separate metrics port. */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /**
   * Scheduled backups (docs/operations.md "Backups and restore"): a cron expression (UTC) or `off`; unset: daily at
   * 03:30 on the embedded database, off on PostgreSQL (whose own backups usually cover it).
   */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** Where scheduled backups go; unset: DATA_DIR/backups. */
  BACKUP_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  /** How many scheduled backups are kept (the oldest are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'APP_URL' | 'DATA_DIR'> {
  DATA_DIR: string;
  APP_URL: string;
}

/** Parses the environment once; exits with every bad key listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  return Object.freeze({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  });
}
