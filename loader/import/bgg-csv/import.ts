// importBggCsv: BGG's CSV files (the boardgames_ranks dump and the 2021 bgg_dataset.csv
// layout) into the store. Each file is streamed; every BATCH_SIZE rows become catalog
// records that go through importCatalog (validation, upsert by slug, one transaction per
// batch), so a failure leaves the store at a batch boundary, never half a game.
// See docs/import-bgg-csv.md.

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CatalogImportError, importCatalog } from '../../catalog/import.js';
import { readGameLines } from '../../catalog/read-games.js';
import { LEGACY_SOURCE } from '../../catalog/tables.js';
import { readLines } from '../../lines.js';
import type { Store } from '../../store.js';
import type { ForeignImporter, ForeignImportOptions, ForeignImportReport } from '../report.js';
import { MAX_SLUG_LENGTH, trimSlug, uniqueSlug } from '../slugs.js';
import { loadKnown, type KnownGames } from './known.js';
import { detectLayout, readRow, type Layout } from './layouts.js';
import { Skips } from '../skips.js';
import { csvRecords, type CsvRecord } from './split.js';
import { buildRecords, type CatalogObject } from './to-records.js';

/** Rows per importCatalog call (one transaction each); measured in docs/import-bgg-csv.md. */
export const BATCH_SIZE = 50_000;

export const importBggCsv: ForeignImporter = async (store, paths, options = {}) => {
  const report: ForeignImportReport = { files: 0, created: 0, updated: 0, unchanged: 0, records: {}, skipped: [], rejectedFiles: [] };
  const skips = new Skips();
  for (const file of await expand(paths)) {
    report.files++;
    await importFile(store, file, report, skips, options);
  }
  report.skipped = skips.list();
  return report;
};

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
    report.rejectedFiles.push({ path, reason: 'not a BGG CSV: the header is neither the boardgames_ranks dump nor the bgg_dataset.csv layout' });
    return;
  }
  const rest = { [Symbol.asyncIterator]: () => iterator };
  const batch = new Batch(store, path, layout, await loadKnown(store), report, skips, options);
  let rows = 0;
  for await (const record of csvRecords(rest, layout.separator, 2)) {
    batch.add(record);
    rows++;
    if (batch.size >= BATCH_SIZE) {
      await batch.flush();
      options.onProgress?.(`${path}: ${rows.toLocaleString('en-US')} rows`);
    }
  }
  await batch.flush();
  options.onProgress?.(`${path}: ${rows.toLocaleString('en-US')} rows, done`);
}

/** Rows of one file waiting to be written, and the per-file slug assignments. */
class Batch {
  private rows: CsvRecord[] = [];
  /** BGG id → slug assigned in this file (a repeated id updates the same game). */
  private readonly assigned = new Map<number, string>();

  constructor(
    private readonly store: Store,
    private readonly path: string,
    private readonly layout: Layout,
    private readonly known: KnownGames,
    private readonly report: ForeignImportReport,
    private readonly skips: Skips,
    private readonly options: ForeignImportOptions,
  ) {}

  get size(): number {
    return this.rows.length;
  }

  add(record: CsvRecord): void {
    this.rows.push(record);
  }

  async flush(): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    if (rows.length === 0) return;
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
    const sourceLines: number[] = [];
    const newSlugs: string[] = [];
    for (const { line, game } of games) {
      const hit = this.known.byLegacyId.get(String(game.bggId));
      const storedLine = hit ? storedLines.get(hit.id) : undefined;
      const stored = storedLine ? (JSON.parse(storedLine) as CatalogObject) : undefined;
      const slug = hit?.slug ?? this.slugFor(game.bggId, game.name);
      if (!hit) newSlugs.push(slug);
      const built = buildRecords(game, slug, stored, this.known);
      for (const record of built.records) {
        lines.push(JSON.stringify(record));
        sourceLines.push(line);
      }
    }
    await this.write(lines, sourceLines);
    await this.remember(newSlugs);
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

  private async write(lines: string[], sourceLines: number[]): Promise<void> {
    let result;
    try {
      result = await importCatalog(this.store, lines, { now: this.options.now, aggregates: this.options.aggregates });
    } catch (error) {
      if (error instanceof CatalogImportError) {
        throw new Error(`${this.path}:${sourceLines[error.line - 1] ?? '?'}: ${error.field ? `${error.field}: ` : ''}${error.reason}`, { cause: error });
      }
      throw error;
    }
    const games = result.kinds.game;
    this.report.created += games.inserted;
    this.report.updated += games.updated;
    this.report.unchanged += games.unchanged;
    const mechanics = result.kinds.mechanic.inserted;
    if (mechanics > 0) this.report.records.mechanic = (this.report.records.mechanic ?? 0) + mechanics;
  }

  /** The games just created are now stored under their legacy_id: later batches merge into them. */
  private async remember(newSlugs: string[]): Promise<void> {
    if (newSlugs.length === 0) return;
    const fresh = await this.store.columns(
      `SELECT e.external_id, g.id, g.slug FROM external_identifiers e JOIN games g ON g.id = e.game_id
       WHERE e.source = $1 AND g.slug IN (SELECT unnest($2::VARCHAR[]))`,
      [LEGACY_SOURCE, newSlugs],
    );
    const ext = (fresh.external_id ?? []) as string[];
    const ids = (fresh.id ?? []) as string[];
    const slugs = (fresh.slug ?? []) as string[];
    for (let i = 0; i < ext.length; i++) this.known.byLegacyId.set(ext[i], { id: ids[i], slug: slugs[i] });
  }
}
