// Batch throughput: the catalog export streamed to a JSONL file, that file imported into a
// fresh store, and a materialization run over N games and M raw rating votes (bench/
// materialize.ts prepares that data; its own store, because materializing rewrites the
// games' aggregates and the filter-plan store must stay as generated).

import { copyFileSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { exportCatalog } from '../loader/catalog/export.js';
import { importCatalog } from '../loader/catalog/import.js';
import { readLines } from '../loader/lines.js';
import { materialize } from '../snapshots/materialize.js';
import { aggregateRefresh } from '../snapshots/pipeline.js';
import { migrate } from '../loader/schema/migrate.js';
import { Store } from '../loader/store.js';
import { insertRatingVotes, seedBaseline } from './materialize.js';
import { currentLoad } from './machine.js';
import type { ReloadFigures } from './reload.js';
import { openCatalogStore } from './store.js';

type Skipped = { skipped: string };

export interface ExportFigures {
  records: number;
  bytes: number;
  ms: number;
  loadAverage: number;
}

export interface ImportFigures {
  records: number;
  ms: number;
  loadAverage: number;
}

export interface MaterializeFigures {
  games: number;
  votes: number;
  /** The run's own total (materialization_runs timings), and the wall time around it. */
  totalMs: number;
  wallMs: number;
  gamesUpdated: number;
  summary: string;
  loadAverage: number;
}

export interface BatchFigures {
  exportRun: ExportFigures | Skipped;
  importRun: ImportFigures | Skipped;
  materialize: MaterializeFigures | Skipped;
  /** A materialization + reload in a serving process, /healthz polled (bench/reload.ts). */
  reload?: ReloadFigures | Skipped;
}

/** Export of `store` to a temp JSONL file, then its import into a fresh in-memory store. */
export async function measureExportImport(
  store: Store,
  log: (line: string) => void,
): Promise<Pick<BatchFigures, 'exportRun' | 'importRun'>> {
  const dir = mkdtempSync(join(tmpdir(), 'ludex-bench-export-'));
  const file = join(dir, 'catalog.jsonl');
  try {
    const out = createWriteStream(file);
    let bytes = 0;
    const t0 = performance.now();
    const report = await exportCatalog(store, async (line) => {
      bytes += Buffer.byteLength(line) + 1;
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    const exportRun: ExportFigures = {
      records: report.lines,
      bytes,
      ms: performance.now() - t0,
      loadAverage: currentLoad(),
    };
    log(`export: ${report.lines} records in ${exportRun.ms.toFixed(0)} ms`);
    const target = await Store.open(':memory:');
    try {
      await migrate(target);
      const t1 = performance.now();
      const imported = await importCatalog(target, readLines(file), { refresh: aggregateRefresh() });
      const importRun: ImportFigures = {
        records: imported.records,
        ms: performance.now() - t1,
        loadAverage: currentLoad(),
      };
      log(`import: ${imported.records} records in ${importRun.ms.toFixed(0)} ms`);
      return { exportRun, importRun };
    } finally {
      await target.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A first materialization run (every vote folded in) over its own store in `dir`: the
 * catalog is generated once and kept; baseline rows and votes are written afresh each time.
 */
export async function measureMaterialization(
  games: number,
  votes: number,
  seed: number,
  dir: string,
  log: (line: string) => void,
  /**
   * A closed store file holding the same catalog: copied afresh every run (every run then
   * starts from the same state, and emptying 10M votes of an earlier run costs minutes).
   */
  copyFrom?: string,
): Promise<MaterializeFigures> {
  const target = join(dir, `bench-${games}.duckdb`);
  if (copyFrom !== undefined) {
    mkdirSync(dir, { recursive: true });
    rmSync(target, { force: true });
    rmSync(`${target}.wal`, { force: true });
    copyFileSync(copyFrom, target);
    log(`materialization: copied the catalog from ${copyFrom}`);
  }
  const { bench } = await openCatalogStore(dir, games, seed, (line) => log(`materialization: ${line.trim()}`));
  const { store } = bench;
  try {
    // bench/materialize.ts's sequence: the baseline converged first (what an import leaves),
    // then the timed run that folds the new raw votes in
    const t0 = performance.now();
    await store.transaction((tx) => seedBaseline(tx));
    for (const table of ['rating_votes', 'weight_votes', 'game_snapshots', 'materialization_runs'])
      await store.run(`DELETE FROM ${table}`);
    const now = new Date('2026-11-22T03:00:00Z');
    await materialize(store, { trigger: 'cli', now });
    await store.transaction((tx) => insertRatingVotes(tx, votes));
    await store.run('CHECKPOINT');
    log(
      `materialization: baseline converged, ${votes} votes written in ${((performance.now() - t0) / 1000).toFixed(1)} s; running`,
    );
    const t1 = performance.now();
    const report = await materialize(store, { trigger: 'cli', now: new Date(now.getTime() + 3_600_000) });
    const wallMs = performance.now() - t1;
    const totalMs = report.timings_ms.total ?? wallMs;
    const steps = Object.entries(report.timings_ms)
      .filter(([step]) => step !== 'total')
      .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
      .join(', ');
    return {
      games,
      votes,
      totalMs,
      wallMs,
      gamesUpdated: report.games_updated,
      summary:
        `${games.toLocaleString('en-US')} games, the run folding ${votes.toLocaleString('en-US')} new raw rating votes into a converged baseline: ${(totalMs / 1000).toFixed(1)} s ` +
        `(${report.games_updated.toLocaleString('en-US')} games updated; ${steps})`,
      loadAverage: currentLoad(),
    };
  } finally {
    await bench.dispose();
  }
}
