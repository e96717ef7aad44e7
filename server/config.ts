// Configuration from the environment, validated once with zod and frozen. Every setting is
// documented in the README's configuration table; keep the two in step.

import { resolve } from 'node:path';
import { validate as isValidCron } from 'node-cron';
import { z } from 'zod';
import { CorsOriginsError, parseCorsOrigins } from './cors-origins.js';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/** A size as DuckDB reads it ("2GB", "512MiB"). */
const MEMORY_SIZE = /^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LUDEX_DATA_DIR: z.string().min(1).default('./data'),
  LUDEX_DEMO: onOff.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_BASE_URL: z.url().optional(),
  DUCKDB_MEMORY_LIMIT: z.string().regex(MEMORY_SIZE, 'must be a size such as "2GB"').default('2GB'),
  IMPORT_MEMORY_LIMIT: z
    .string()
    .refine((v) => /^(auto|off)$/i.test(v) || MEMORY_SIZE.test(v), 'must be auto, off or a size such as "512MB"')
    .default('auto'),
  NODE_ENV: z.string().default('development'),
  // access (SPEC-NOTES D33–D35)
  API_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_AUTHENTICATED: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: onOff.default(false),
  REDIS_URL: z.url().optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CORS_ORIGINS: z
    .string()
    .default('*')
    .transform((value, ctx) => {
      try {
        return parseCorsOrigins(value);
      } catch (error) {
        if (!(error instanceof CorsOriginsError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  // read replicas: the writer publishes its store and Dataset next to the store
  REPLICA_PUBLISH: onOff.default(false),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  // materialization (SPEC-NOTES D20, D21, D40, D47)
  MATERIALIZE_CRON: z
    .string()
    .refine((v) => v === 'off' || isValidCron(v), 'must be a cron expression such as "0 3 * * *" (UTC) or off')
    .default('0 3 * * *'),
  SNAPSHOT_CADENCE: z.enum(['monthly', 'quarterly', 'yearly']).default('monthly'),
  BAYES_PRIOR_VOTES: z.coerce.number().min(0).default(100),
  BAYES_PRIOR_MEAN: z.coerce.number().min(1).max(10).optional(),
  RANK_MIN_VOTES: z.coerce.number().int().min(1).default(1),
  TRENDING_WINDOW_DAYS: z.coerce.number().int().min(1).default(30),
});

export type SnapshotCadence = z.infer<typeof configSchema>['SNAPSHOT_CADENCE'];

/** The knobs of the aggregate pipeline (import and materialization share them). */
export interface AggregateSettings {
  readonly bayesPriorVotes: number;
  /** null: the global mean of step 2. */
  readonly bayesPriorMean: number | null;
  readonly rankMinVotes: number;
  readonly trendingWindowDays: number;
  readonly snapshotCadence: SnapshotCadence;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly storePath: string;
  readonly demo: boolean;
  readonly logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** Base of problem `type` URIs (SPEC-NOTES D32). */
  readonly publicBaseUrl: string;
  readonly duckdbMemoryLimit: string;
  /** DuckDB's memory limit while a foreign import runs: 'auto' (by store size), 'off', or a size. */
  readonly importMemoryLimit: string;
  readonly production: boolean;
  /** Explicit API_KEY_SECRET; undefined means "generate one in the data dir" (not in production). */
  readonly apiKeySecret: string | undefined;
  readonly rateLimitAnonymous: number;
  readonly rateLimitAuthenticated: number;
  readonly trustProxy: boolean;
  readonly redisUrl: string | undefined;
  /** METRICS_TOKEN: /metrics answers only `Authorization: Bearer <token>`; undefined: open. */
  readonly metricsToken: string | undefined;
  /** '*' or an explicit list of origins, each as a browser serializes it (server/cors-origins.ts). */
  readonly corsOrigins: '*' | readonly string[];
  readonly requestTimeoutMs: number;
  /** Publish a replica copy (<dataDir>/replica) after each Dataset load (REPLICA_PUBLISH). */
  readonly replicaPublish: boolean;
  /** Cron expression (UTC) of the scheduled materialization; null when MATERIALIZE_CRON=off. */
  readonly materializeCron: string | null;
  readonly aggregates: AggregateSettings;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export const STORE_FILE_NAME = 'ludex.duckdb';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.LUDEX_DATA_DIR);
  return Object.freeze({
    port: c.PORT,
    host: c.HOST,
    dataDir,
    storePath: resolve(dataDir, STORE_FILE_NAME),
    demo: c.LUDEX_DEMO,
    logLevel: c.LOG_LEVEL,
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    duckdbMemoryLimit: c.DUCKDB_MEMORY_LIMIT,
    importMemoryLimit: /^(auto|off)$/i.test(c.IMPORT_MEMORY_LIMIT)
      ? c.IMPORT_MEMORY_LIMIT.toLowerCase()
      : c.IMPORT_MEMORY_LIMIT,
    // `Production` and ` production ` are production too: a typo must not drop the checks.
    production: c.NODE_ENV.trim().toLowerCase() === 'production',
    apiKeySecret: c.API_KEY_SECRET,
    rateLimitAnonymous: c.RATE_LIMIT_ANONYMOUS,
    rateLimitAuthenticated: c.RATE_LIMIT_AUTHENTICATED,
    trustProxy: c.TRUST_PROXY,
    redisUrl: c.REDIS_URL,
    metricsToken: c.METRICS_TOKEN,
    corsOrigins: c.CORS_ORIGINS,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    replicaPublish: c.REPLICA_PUBLISH,
    materializeCron: c.MATERIALIZE_CRON === 'off' ? null : c.MATERIALIZE_CRON,
    aggregates: Object.freeze({
      bayesPriorVotes: c.BAYES_PRIOR_VOTES,
      bayesPriorMean: c.BAYES_PRIOR_MEAN ?? null,
      rankMinVotes: c.RANK_MIN_VOTES,
      trendingWindowDays: c.TRENDING_WINDOW_DAYS,
      snapshotCadence: c.SNAPSHOT_CADENCE,
    }),
  });
}
