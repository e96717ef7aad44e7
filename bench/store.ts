// The bench's own store: a fresh file in a temp dir (or in BENCH_DIR), migrated, and removed
// afterwards unless the caller chose the directory. A file store, not ":memory:", because that
// is what the server reads from. A kept store is reused when it holds the same catalog.

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../loader/schema/migrate.js';
import { Store } from '../loader/store.js';

export interface BenchStore {
  store: Store;
  path: string;
  /** The file existed before (a kept store from an earlier run). */
  existed: boolean;
  /** Closes the store and removes the temp dir (a chosen dir keeps its file). */
  dispose(): Promise<void>;
}

/** Opens (creating if needed) and migrates the bench store for this catalog size. */
export async function openBenchStore(dir: string | undefined, games: number): Promise<BenchStore> {
  const temporary = dir === undefined;
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'ludex-bench-'));
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `bench-${games}.duckdb`);
  const existed = existsSync(path);
  const store = await Store.open(path);
  await migrate(store);
  return {
    store,
    path,
    existed,
    async dispose() {
      await store.close();
      if (temporary) rmSync(folder, { recursive: true, force: true });
    },
  };
}
