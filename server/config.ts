// Configuration from the environment, validated once with zod and frozen. Every setting is
// documented in the README's configuration table; keep the two in step.

import { resolve } from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LUDEX_DATA_DIR: z.string().min(1).default('./data'),
  LUDEX_DEMO: onOff.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_BASE_URL: z.url().optional(),
  DUCKDB_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'must be a size such as "2GB"')
    .default('2GB'),
  NODE_ENV: z.string().default('development'),
});

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
  readonly production: boolean;
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
    production: c.NODE_ENV === 'production',
  });
}
