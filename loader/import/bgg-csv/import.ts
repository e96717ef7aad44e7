// importBggCsv: BGG's CSV files (the boardgames_ranks dump and the 2021 bgg_dataset.csv
// layout) into the store. Each file is streamed: rows are converted LOOKUP_CHUNK at a time
// into catalog records, merged with the stored games they match, and handed to importCatalog
// as they are made (validation, upsert by slug), FILE_BATCH_ROWS rows per call and
// transaction. Neither the file nor a batch's records are ever all in memory; the
// known-games map and the catalog registry are loaded once per file, and each chunk's
// garbage is collected before the next (loader/import/heap.ts). A failure rolls back its
// batch and ends the import; earlier batches stay, and the error names the CSV line.
// See docs/import-bgg-csv.md.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogImportError, importCatalog, type ImportReport } from '../../catalog/import.js';
import { readGameLines } from '../../catalog/read-games.js';
import { Registry } from '../../catalog/registry.js';
import { readLines } from '../../lines.js';
import type { Store } from '../../store.js';
import { datasetAsOf, dumpAsOf } from '../as-of.js';
import { collectGarbage } from '../heap.js';
import { storePrior } from '../prior.js';
import {
  emptyForeignReport,
  refreshingOnce,
  type ForeignImporter,
  type ForeignImportOptions,
  type ForeignImportReport,
} from '../report.js';
import { MAX_SLUG_LENGTH, trimSlug, uniqueSlug } from '../slugs.js';
import { loadKnown, type KnownGames } from './known.js';
import { detectLayout, readRow, type Layout } from './layouts.js';
import { Skips } from '../skips.js';
import { csvRecords, type CsvRecord } from './split.js';
import { buildRecords, type CatalogObject } from './to-records.js';

/**
 * Rows converted at a time (one stored-record lookup each, one garbage collection after
 * each); measured in docs/import-bgg-csv.md. Smaller chunks and batches hold less at once;
 * since the registry is loaded once per file they cost little time.
 */
export const LOOKUP_CHUNK = 10_000;
/** Rows per importCatalog call (one transaction each); measured in docs/import-bgg-csv.md. */
export const FILE_BATCH_ROWS = 20_000;
/** Progress is reported every this many rows. */
export const PROGRESS_ROWS = 25_000;

export const importBggCsv: ForeignImporter = refreshingOnce(async (store, paths, options) => {
  const report = emptyForeignReport(0);
  const skips = new Skips();
  for (const file of await expand(paths)) {
    report.files++;
    await importFile(store, file, report, skips, options);
  }
  report.skipped = skips.list();
  return report;
});

/** Paths as files: a folder stands for the .csv files in it, in name order. */
async function expand(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    if ((await stat(path)).isDirectory()) {
      const names = (await readdir(path)).filter((n) => n.toLowerCase().endsWith('.csv')).sort();
      files.push(...names.map((n) => join(path, n)));
    } else {
      files.push(path);
    }
  }
  return files;
}

async function importFile(
  store: Store,
  path: string,
  report: ForeignImportReport,
  skips: Skips,
  options: ForeignImportOptions,
): Promise<void> {
  const iterator = readLines(path)[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? '' : first.value.replace(/^\uFEFF/, '').replace(/\r$/, '');
  const layout = detectLayout(header);
  if (!layout) {
    await iterator.return?.();
    report.rejectedFiles.push({
      path,
      reason: 'not a BGG CSV: the header is neither the boardgames_ranks dump nor the bgg_dataset.csv layout',
    });
    return;
  }
  const rest = { [Symbol.asyncIterator]: () => iterator };
  // The dump carries BGG's geek ratings: store the prior fitted to them with it (loader/import/prior.ts).
  if (layout.name === 'boardgames_ranks') await storePrior(store);
  const asOf = layout.name === 'boardgames_ranks' ? await dumpAsOf(path, options.asOf) : datasetAsOf(options.asOf);
  const converter = new Converter(store, path, layout, await loadKnown(store), skips, asOf);
  // Loaded once for the file's batches (each commits before the next begins; a failure ends the file).
  const registry = await Registry.load(store);
  const chunks = converter.chunks(csvRecords(rest, layout.separator, 2), options)[Symbol.asyncIterator]();
  try {
    let next = await chunks.next();
    while (!next.done) {
      const offset = converter.handedOut - next.value.length;
      const firstRow = converter.rows;
      let first: string[] | undefined = next.value;
      // One transaction: this chunk and the following ones up to FILE_BATCH_ROWS rows.
      async function* batch(): AsyncGenerator<string> {
        while (first) {
          yield* first;
          first = undefined;
          if (converter.rows - firstRow >= FILE_BATCH_ROWS) return;
          next = await chunks.next();
          if (!next.done) first = next.value;
        }
      }
      let result: ImportReport;
      try {
        result = await importCatalog(store, batch(), {
          now: options.now,
          refresh: null,
          registry,
        });
      } catch (error) {
        if (error instanceof CatalogImportError) {
          throw new Error(
            `${path}:${converter.sourceLine(offset + error.line)}: ${error.field ? `${error.field}: ` : ''}${error.reason}`,
            { cause: error },
          );
        }
        throw error;
      }
      addCounts(report, result);
      if (!next.done && first === undefined && converter.rows - firstRow >= FILE_BATCH_ROWS) next = await chunks.next();
    }
  } finally {
    await iterator.return?.();
    report.unchanged += converter.unchanged;
  }
  options.onProgress?.(`${path}: ${converter.rows.toLocaleString('en-US')} rows, done`);
}

function addCounts(report: ForeignImportReport, result: ImportReport): void {
  const games = result.kinds.game;
  report.created += games.inserted;
  report.updated += games.updated;
  report.unchanged += games.unchanged;
  for (const kind of ['mechanic', 'category'] as const) {
    const inserted = result.kinds[kind].inserted;
    if (inserted > 0) report.records[kind] = (report.records[kind] ?? 0) + inserted;
  }
  // The dump's rank and geek rating at its date (to-records.ts): written or rewritten snapshots.
  const snapshots = result.kinds.snapshot.inserted + result.kinds.snapshot.updated;
  if (snapshots > 0) report.records['snapshots written'] = (report.records['snapshots written'] ?? 0) + snapshots;
}

/** Turns one file's rows into catalog lines, and remembers which CSV line each came from. */
class Converter {
  rows = 0;
  /** Rows whose stored game they would not change (not handed to the catalog import). */
  unchanged = 0;
  /** CSV line of each catalog line handed out (index = catalog line − 1), for error messages. */
  private readonly origins: number[] = [];
  /** BGG id → slug assigned in this file (a repeated id updates the same game). */
  private readonly assigned = new Map<number, string>();

  constructor(
    private readonly store: Store,
    private readonly path: string,
    private readonly layout: Layout,
    private readonly known: KnownGames,
    private readonly skips: Skips,
    /** The file's as-of date (as-of.ts): its rows never replace statistics dated later. */
    private readonly asOf: string,
  ) {}

  sourceLine(catalogLine: number): number | string {
    return this.origins[catalogLine - 1] ?? '?';
  }

  /** Catalog lines handed out so far. */
  get handedOut(): number {
    return this.origins.length;
  }

  /** The file's rows as catalog lines, LOOKUP_CHUNK rows at a time (empty chunks left out). */
  async *chunks(records: AsyncIterable<CsvRecord>, options: ForeignImportOptions): AsyncGenerator<string[]> {
    let chunk: CsvRecord[] = [];
    for await (const record of records) {
      chunk.push(record);
      this.rows++;
      if (chunk.length >= LOOKUP_CHUNK) {
        // The previous chunk is garbage by now (converted, and its lines taken by the import).
        collectGarbage();
        const lines = await this.convert(chunk);
        // And the stored games the merge read (one JSON text of 10,000 games, parsed): garbage
        // before the chunk's import makes its own.
        collectGarbage();
        if (lines.length > 0) yield lines;
        chunk = [];
      }
      if (this.rows % PROGRESS_ROWS === 0)
        options.onProgress?.(`${this.path}: ${this.rows.toLocaleString('en-US')} rows`);
    }
    // The last chunk too: after a full chunk's import (the 2021 dataset's second of two) the
    // heap held 550 MB, 180 MB of it live, before V8 collected on its own.
    collectGarbage();
    const lines = await this.convert(chunk);
    if (lines.length > 0) yield lines;
  }

  /**
   * A chunk of rows as catalog lines. Stored games are read before the file's transaction
   * began (another connection), which is all a merge needs: each BGG id is one row.
   */
  private async convert(rows: readonly CsvRecord[]): Promise<string[]> {
    const games = [];
    for (const row of rows) {
      const result = readRow(this.layout, row.fields);
      if (result.ok) games.push({ line: row.line, game: result.game });
      else this.skips.add(`row ${result.reason}`, `${this.path}:${row.line}`);
    }
    const matched = games.flatMap(({ game }) => {
      const hit = this.known.byLegacyId.get(String(game.bggId));
      return hit ? [hit.id] : [];
    });
    const storedLines = await readGameLines(this.store, matched);
    const lines: string[] = [];
    for (const { line, game } of games) {
      const hit = this.known.byLegacyId.get(String(game.bggId));
      const storedLine = hit ? storedLines.get(hit.id) : undefined;
      const stored = storedLine ? (JSON.parse(storedLine) as CatalogObject) : undefined;
      const slug = hit?.slug ?? this.slugFor(game.bggId, game.name);
      const built = buildRecords(game, slug, stored, this.known, this.asOf);
      if (built.kept) this.skips.add(built.kept, `${this.path}:${line}: id ${game.bggId}`);
      for (const record of built.records) {
        const text = JSON.stringify(record);
        // A stored game the row leaves exactly as it was (its canonical line, byte for byte)
        // is counted here and never handed to the catalog import, which would read it back
        // and compare it again: a re-import of an unchanged dump does no work per row.
        if (text === storedLine) {
          this.unchanged++;
          continue;
        }
        lines.push(text);
        this.origins.push(line);
      }
    }
    return lines;
  }

  /** A new game's slug: from the name; on a collision (or a name with no Latin letters) the BGG id is appended. */
  private slugFor(bggId: number, name: string): string {
    const earlier = this.assigned.get(bggId);
    if (earlier) return earlier;
    const taken = (s: string) => this.known.slugs.has(s);
    let slug = uniqueSlug(name, bggId, taken, 'bgg');
    // Extremely rare: "<name>-<id>" is itself another game's name slug.
    for (let n = 2; taken(slug); n++) slug = `${trimSlug(slug, MAX_SLUG_LENGTH - 4)}-${n}`;
    this.known.slugs.add(slug);
    this.assigned.set(bggId, slug);
    return slug;
  }
}
