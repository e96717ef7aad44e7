// The bench's own store: a fresh file in a temp dir (or in BENCH_DIR), migrated, and removed
// afterwards unless the caller chose the directory. A file store, not ":memory:", because that
// is what the server reads from. A kept store is reused when it holds the same catalog.

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../loader/schema/migrate.js';
import { Store } from '../loader/store.js';
import { generateCatalog, holdsCatalog, type GeneratedCatalog } from './generate.js';

export interface BenchStore {
  store: Store;
  path: string;
  /** The file existed before (a kept store from an earlier run). */
  existed: boolean;
  /** Closes the store and removes the temp dir (a chosen dir keeps its file). */
  dispose(): Promise<void>;
}

/**
 * The bench store holding the (games, seed) catalog: a kept file is reused when it holds
 * exactly that catalog, replaced when it holds anything else (an older generator version),
 * and generated when missing. `generatedMs` is NaN when a kept catalog was reused.
 */
export async function openCatalogStore(
  dir: string | undefined,
  games: number,
  seed: number,
  log: (line: string) => void = () => undefined,
): Promise<{ bench: BenchStore; generated: GeneratedCatalog }> {
  let bench = await openBenchStore(dir, games);
  if (bench.existed) {
    if (await holdsCatalog(bench.store, games, seed)) {
      log(`reusing the catalog in ${bench.path}`);
      return { bench, generated: { games, people: 0, publishers: 0, rows: {}, ms: Number.NaN } };
    }
    log(`${bench.path} holds another catalog (or an older generator's): replacing it`);
    await bench.store.close();
    rmSync(bench.path, { force: true });
    rmSync(`${bench.path}.wal`, { force: true });
    bench = await openBenchStore(dir, games);
  }
  log(`generating ${games} games into ${bench.path}`);
  const generated = await generateCatalog(bench.store, { games, seed, onProgress: (line) => log(`  ${line}`) });
  log(`generated in ${(generated.ms / 1000).toFixed(1)} s`);
  return { bench, generated };
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
