// A BGG-scale store from real data (../shared/data: test and bench data only, never
// shipped): the 2021 bgg_dataset.csv, then the XML API2 samples, then the 2025 dump, each
// through its importer (loader/import), so later sources win where they are newer (the
// dump's ratings) and earlier ones keep what only they know (players, mechanics, weights,
// polls). About 172,000 games. Built once and kept under bench/.cache/bgg-store/ (git-
// ignored); reused while a manifest of the inputs (sizes and hashes of the data files, of
// the importer, catalog, materialization and schema code) still matches.
//
//   npx tsx bench/bgg-store.ts [--rebuild]     prints the store's path on stdout
//
// The aggregates use the prior fitted to BGG's geek rating (bench/fit-bayes-prior.ts), so
// bayes_rating and rank_overall come close to BGG's own.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBggCsv } from '../loader/import/bgg-csv.js';
import { importBggXml } from '../loader/import/bgg-xml.js';
import type { ForeignImporter, ForeignImportReport } from '../loader/import/report.js';
import { aggregateRefresh, type AggregateSettings } from '../snapshots/pipeline.js';
import { LATEST_SCHEMA_VERSION, migrate } from '../loader/schema/migrate.js';
import { Store } from '../loader/store.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = resolve(REPO, '../shared/data');
export const DEFAULT_BGG_STORE_DIR = join(REPO, 'bench/.cache/bgg-store');

/** The settings that match BGG's published geek ratings (docs/import-bgg-csv.md). */
export const BGG_AGGREGATES: AggregateSettings = { bayesPriorVotes: 2480, bayesPriorMean: 5.5, rankMinVotes: 30 };

/** The import steps, in order: a step's files are read by its importer in one call. */
const STEPS: readonly { label: string; importer: ForeignImporter; paths: string[] }[] = [
  { label: 'bgg-csv (2021 dataset)', importer: importBggCsv, paths: [join(DATA, 'bgg-csv/bgg_dataset.csv')] },
  { label: 'bgg-xml (samples)', importer: importBggXml, paths: [join(DATA, 'bgg-xml')] },
  {
    label: 'bgg-csv (2025-12-10 dump)',
    importer: importBggCsv,
    paths: [join(DATA, 'bgg-csv/boardgames_ranks_2025-12-10.csv')],
  },
];

/** Code whose change makes a kept store stale. */
const CODE_DIRS = ['loader/import', 'loader/catalog', 'snapshots', 'loader/schema'];

export interface BggStoreOptions {
  dir?: string;
  /** Build even when a kept store matches. */
  rebuild?: boolean;
  log?: (line: string) => void;
}

export class MissingDataError extends Error {}

/** The path of an up-to-date BGG store, built first when missing or stale. */
export async function bggStore(options: BggStoreOptions = {}): Promise<string> {
  const { dir = DEFAULT_BGG_STORE_DIR, rebuild = false, log = (line: string) => console.error(line) } = options;
  const missing = STEPS.flatMap((s) => s.paths).filter((p) => !existsSync(p));
  if (missing.length > 0)
    throw new MissingDataError(`the BGG store needs ${missing.join(', ')} (../shared/data is absent)`);
  const path = join(dir, 'bgg.duckdb');
  const manifestPath = join(dir, 'manifest.json');
  const manifest = currentManifest();
  if (!rebuild && existsSync(path) && existsSync(manifestPath) && readFileSync(manifestPath, 'utf8') === manifest) {
    log(`bgg store: reusing ${path}`);
    return path;
  }
  log(`bgg store: building ${path} (${rebuild ? 'rebuild asked' : existsSync(path) ? 'inputs changed' : 'none kept'})`);
  mkdirSync(dir, { recursive: true });
  const building = join(dir, 'bgg.building.duckdb');
  for (const p of [building, `${building}.wal`, manifestPath]) rmSync(p, { force: true });
  await build(building, log);
  rmSync(`${path}.wal`, { force: true });
  renameSync(building, path);
  writeFileSync(manifestPath, manifest);
  return path;
}

async function build(path: string, log: (line: string) => void): Promise<void> {
  const store = await Store.open(path);
  try {
    await migrate(store);
    const now = new Date();
    for (const step of STEPS) {
      const started = performance.now();
      let last = 0;
      const report = await step.importer(store, step.paths, {
        now,
        refresh: aggregateRefresh(BGG_AGGREGATES),
        onProgress: (status) => {
          // One line every few seconds, not one per batch.
          if (performance.now() - last < 3_000) return;
          last = performance.now();
          log(`  ${step.label}: ${status}`);
        },
      });
      log(`  ${step.label}: ${summary(report)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const [counts] = await store.all<Record<string, number | bigint>>(
      `SELECT count(*) AS games, count(*) FILTER (WHERE rating_votes > 0) AS rated, count(*) FILTER (WHERE weight IS NOT NULL) AS weighted,
              count(*) FILTER (WHERE max_players IS NOT NULL) AS with_players, count(*) FILTER (WHERE rank_overall IS NOT NULL) AS ranked,
              (SELECT count(DISTINCT game_id) FROM game_terms) AS with_terms
       FROM games`,
    );
    log(
      `bgg store: ${Object.entries(counts)
        .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k.replace('_', ' ')}`)
        .join(', ')}`,
    );
  } finally {
    await store.close();
  }
}

function summary(report: ForeignImportReport): string {
  const skipped = report.skipped.reduce((n, s) => n + s.count, 0);
  return (
    `${report.created.toLocaleString('en-US')} created, ${report.updated.toLocaleString('en-US')} updated, ` +
    `${report.unchanged.toLocaleString('en-US')} unchanged, ${skipped.toLocaleString('en-US')} skipped, ${report.rejectedFiles.length} files not imported`
  );
}

/** What the kept store was built from: data files (size + hash), the code that shaped it, the schema version. */
export function currentManifest(): string {
  const data = STEPS.flatMap((s) => s.paths.flatMap(filesUnder)).map((file) => ({
    file: relative(DATA, file),
    bytes: statSync(file).size,
    sha256: sha256(file),
  }));
  const code = createHash('sha256');
  for (const file of CODE_DIRS.flatMap((d) => filesUnder(join(REPO, d))))
    code.update(relative(REPO, file)).update(readFileSync(file));
  return `${JSON.stringify({ schema: LATEST_SCHEMA_VERSION, aggregates: BGG_AGGREGATES, code: code.digest('hex'), data }, null, 2)}\n`;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--rebuild');
  if (unknown.length > 0)
    throw new MissingDataError(`unknown argument ${unknown[0]}; usage: tsx bench/bgg-store.ts [--rebuild]`);
  const started = performance.now();
  const path = await bggStore({ rebuild: args.includes('--rebuild') });
  console.error(`bgg store ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(path);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof MissingDataError ? error.message : error);
    process.exit(1);
  });
}
