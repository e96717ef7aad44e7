// Opening the store for a command: create the data dir, open the file, apply migrations,
// and — only for a store that `serve` itself created — import the bundled demo catalog.

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importCatalog } from '../loader/catalog/import.js';
import { readLines } from '../loader/lines.js';
import { migrate } from '../loader/schema/migrate.js';
import { getSetting, setSetting } from '../loader/settings.js';
import { Store } from '../loader/store.js';
import { aggregateRefresh } from '../snapshots/pipeline.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

export const DEMO_CATALOG_PATH = fileURLToPath(new URL('../loader/demo/catalog.jsonl', import.meta.url));

/** store_settings key: 'pending' while the demo import is owed, 'imported' after. */
const DEMO_SETTING = 'demo_catalog';
const CURSOR_SECRET_SETTING = 'cursor_secret';

export interface OpenedStore {
  store: Store;
  created: boolean;
}

/**
 * The data directory, created owner-only (0700): the store holds key hashes and the cursor
 * secret. An existing directory is left as the operator made it.
 */
export function prepareDataDir(dataDir: string): void {
  if (existsSync(dataDir)) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/** The store file and its write-ahead log, readable by the owner only (0600). */
export function protectStoreFiles(storePath: string): void {
  for (const path of [storePath, `${storePath}.wal`]) if (existsSync(path)) chmodSync(path, 0o600);
}

export async function openStore(config: Config, logger: Logger): Promise<OpenedStore> {
  prepareDataDir(config.dataDir);
  const created = !existsSync(config.storePath);
  const store = await Store.open(config.storePath, { memoryLimit: config.duckdbMemoryLimit });
  try {
    protectStoreFiles(config.storePath);
    const report = await migrate(store);
    for (const m of report.applied) logger.info({ version: m.version, name: m.name }, 'migration applied');
  } catch (error) {
    await store.close();
    throw error;
  }
  return { store, created };
}

/**
 * The demo catalog goes only into a store `serve` created (never one made by the CLI),
 * unless LUDEX_DEMO=off. A start interrupted mid-import retries on the next start.
 */
export async function ensureDemoCatalog(opened: OpenedStore, config: Config, logger: Logger): Promise<void> {
  const { store, created } = opened;
  if (created && config.demo) await setSetting(store, DEMO_SETTING, 'pending');
  if ((await getSetting(store, DEMO_SETTING)) !== 'pending') return;
  logger.info({ path: DEMO_CATALOG_PATH }, 'importing the bundled demo catalog into the new store');
  const report = await importCatalog(store, readLines(DEMO_CATALOG_PATH), {
    refresh: aggregateRefresh(config.aggregates),
  });
  await setSetting(store, DEMO_SETTING, 'imported');
  logger.info({ lines: report.lines }, 'demo catalog imported');
}

/** The store's cursor key, if it has one (a read replica cannot write one). */
export async function existingCursorSecret(store: Store): Promise<string | undefined> {
  return getSetting(store, CURSOR_SECRET_SETTING);
}

/** The key cursors are signed with: generated once per store so cursors survive restarts. */
export async function cursorSecret(store: Store): Promise<string> {
  const existing = await getSetting(store, CURSOR_SECRET_SETTING);
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  await setSetting(store, CURSOR_SECRET_SETTING, secret);
  return secret;
}
