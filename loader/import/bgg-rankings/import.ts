// importBggRankings: BGG ranking history (dated ranking CSVs, or a series of dates in one
// file) → one GameSnapshot per game and date, through importCatalog (validation, upsert on
// (game, date), one transaction per batch). A game the store does not hold yet is created
// minimal (name, year, legacy_id) from a dated file; games already stored are never
// changed. Re-importing writes nothing. See docs/import-bgg-rankings.md.

import { basename } from 'node:path';
import { importCatalog, type ImportReport } from '../../catalog/import.js';
import { readLines } from '../../lines.js';
import type { Store } from '../../store.js';
import { csvRecords } from '../bgg-csv/split.js';
import { listFiles } from '../files.js';
import { collectGarbage } from '../heap.js';
import { KnownGameSlugs } from '../known-games.js';
import { RegistryHolder } from '../registry-holder.js';
import {
  emptyForeignReport,
  refreshingOnce,
  type ForeignImporter,
  type ForeignImportOptions,
  type ForeignImportReport,
} from '../report.js';
import { Skips } from '../skips.js';
import { dateOfFileName, detectRankingLayout, readRankingRow, type RankingRow } from './layouts.js';

/** Rows per transaction: a monthly file (≤ 20k rows) is one transaction; a long series is several. */
export const RANKING_BATCH_ROWS = 25_000;

export const SKIP = {
  duplicate: 'row repeats a game already listed for the same date (the first row is kept)',
  unknownGame:
    'row names a game the store does not hold, and the file has no names to create it (import a dated ranking file or the BGG dump first)',
} as const;

/** What the whole run shares across files. */
interface Run {
  store: Store;
  report: ForeignImportReport;
  skips: Skips;
  known: KnownGameSlugs;
  /** The catalog registry, loaded once for every batch (not once per batch). */
  registry: RegistryHolder;
  /** BGG ids of stored games the files referred to (reported as unchanged games). */
  existing: Set<number>;
  /** BGG ids of the games this run created. */
  created: Set<number>;
  options: ForeignImportOptions;
  now: Date;
}

export const importBggRankings: ForeignImporter = refreshingOnce(async (store, paths, options) => {
  const { files, unreadable } = await listFiles(paths, /\.csv$/i);
  const report = emptyForeignReport(files.length, unreadable);
  const run: Run = {
    store,
    report,
    skips: new Skips(),
    known: await KnownGameSlugs.load(store),
    registry: new RegistryHolder(store),
    existing: new Set(),
    created: new Set(),
    options,
    now: options.now ?? new Date(),
  };
  for (const [index, file] of files.entries()) {
    await importFile(run, file);
    options.onProgress?.(
      `${index + 1}/${files.length} files, ${snapshotCount(report).toLocaleString('en-US')} snapshots`,
    );
  }
  report.unchanged = run.existing.size;
  report.skipped = run.skips.list();
  return report;
});

async function importFile(run: Run, path: string): Promise<void> {
  const iterator = readLines(path)[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? '' : first.value.replace(/^\uFEFF/, '').replace(/\r$/, '');
  const layout = detectRankingLayout(header);
  const fileDate = dateOfFileName(basename(path));
  const rejection = !layout
    ? 'not a BGG ranking file: the header has neither ID,Name,Year,Rank,Average,Bayes average,Users rated nor date,ID,Rank,Average,Bayes average,Users rated'
    : layout.name === 'dated_file' && fileDate === undefined
      ? 'the file name carries no date: dated ranking files are named YYYY-MM-DD.csv'
      : undefined;
  if (!layout || rejection) {
    await iterator.return?.();
    run.report.rejectedFiles.push({ path, reason: rejection ?? 'not a BGG ranking file' });
    return;
  }
  const batch = new Batch(run, path);
  const seen = new Set<string>();
  const rest = { [Symbol.asyncIterator]: () => iterator };
  for await (const record of csvRecords(rest, ',', 2)) {
    const result = readRankingRow(layout, record.fields, fileDate);
    const where = `${path}:${record.line}`;
    if (!result.ok) {
      run.skips.add(`row ${result.reason}`, where);
      continue;
    }
    const key = `${result.row.bggId}|${result.row.date}`;
    if (seen.has(key)) {
      run.skips.add(SKIP.duplicate, where);
      continue;
    }
    seen.add(key);
    batch.add(result.row, record.line, where);
    if (batch.size >= RANKING_BATCH_ROWS && !(await batch.flush())) {
      await iterator.return?.();
      return;
    }
  }
  await batch.flush();
}

/** One transaction's worth of rows: new games first, then the snapshots. */
class Batch {
  private games: string[] = [];
  private snapshots: string[] = [];
  private firstLine = 0;
  private lastLine = 0;

  constructor(
    private readonly run: Run,
    private readonly path: string,
  ) {}

  get size(): number {
    return this.snapshots.length;
  }

  add(row: RankingRow, line: number, where: string): void {
    const { known, existing, skips } = this.run;
    let slug = known.slug(row.bggId);
    if (slug !== undefined) {
      if (!this.run.created.has(row.bggId)) existing.add(row.bggId);
    } else if (row.name !== undefined) {
      slug = known.create(row.bggId, row.name);
      this.run.created.add(row.bggId);
      const game: Record<string, unknown> = {
        kind: 'game',
        slug,
        name: row.name,
        type: 'base_game',
        legacy_id: row.bggId,
      };
      if (row.year !== undefined) game.year_published = row.year;
      this.games.push(JSON.stringify(game));
    } else {
      skips.add(SKIP.unknownGame, where);
      return;
    }
    const snapshot: Record<string, unknown> = { kind: 'snapshot', game: slug, date: row.date, rank_overall: row.rank };
    if (row.average !== undefined) snapshot.rating = row.average;
    if (row.usersRated !== undefined) snapshot.rating_count = row.usersRated;
    if (row.bayesAverage !== undefined) snapshot.bayes_rating = row.bayesAverage;
    this.snapshots.push(JSON.stringify(snapshot));
    if (this.firstLine === 0) this.firstLine = line;
    this.lastLine = line;
  }

  /** Writes the batch in one transaction; false when it failed (the file is then reported and left). */
  async flush(): Promise<boolean> {
    if (this.snapshots.length === 0) return true;
    const lines = [...this.games, ...this.snapshots];
    const { store, known, report, now, registry } = this.run;
    const span = `lines ${this.firstLine}–${this.lastLine}`;
    this.games = [];
    this.snapshots = [];
    this.firstLine = 0;
    try {
      addCounts(report, await importCatalog(store, lines, { now, refresh: null, registry: await registry.get() }));
      known.commit();
      // The batch's records, stored lines and bound JSON are garbage now; V8 left 450 MB of
      // such garbage over a 150 MB live set before collecting on its own (heap.ts).
      collectGarbage();
      return true;
    } catch (error) {
      known.rollback();
      registry.drop();
      report.rejectedFiles.push({
        path: this.path,
        reason: `import of ${span} failed and was rolled back (earlier lines stay imported): ${(error as Error).message}`,
      });
      return false;
    }
  }
}

function addCounts(report: ForeignImportReport, result: ImportReport): void {
  const games = result.kinds.game;
  report.created += games.inserted;
  report.updated += games.updated;
  const snapshots = result.kinds.snapshot;
  for (const [key, n] of [
    ['snapshots created', snapshots.inserted],
    ['snapshots updated', snapshots.updated],
    ['snapshots unchanged', snapshots.unchanged],
  ] as const) {
    if (n > 0) report.records[key] = (report.records[key] ?? 0) + n;
  }
}

function snapshotCount(report: ForeignImportReport): number {
  return (
    (report.records['snapshots created'] ?? 0) +
    (report.records['snapshots updated'] ?? 0) +
    (report.records['snapshots unchanged'] ?? 0)
  );
}
