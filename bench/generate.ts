// Seeded synthetic catalog, written straight into a migrated store through the appender, in
// the tables the catalog importer fills, so `loadDatasetInput` reads it like any store.
// Terms, people and publishers first, then games in batches (game-rows.ts draws them).
//
// CLI: tsx bench/generate-main.ts --games N --store-dir DIR   (env BENCH_GAMES, BENCH_DIR)

import { getSetting, setSetting } from '../loader/settings.js';
import { bumpDataVersion, type Queryable, type Store } from '../loader/store.js';
import { TableAppender, type RowObject } from './append.js';
import { writeExtras } from './extras.js';
import { GameWriter, type TermIds } from './game-rows.js';
import { personName, personSlug, publisherName, slugify } from './names.js';
import { seededRandom, type Random } from './random.js';
import { CATEGORIES, MECHANICS, THEMES, type Term } from './vocabulary.js';

export const DEFAULT_GAMES = 150_000;
export const DEFAULT_SEED = 20_260_101;
const BATCH = 10_000;

export interface GenerateOptions {
  games?: number;
  seed?: number;
  /** Called with a line of progress for long steps; silent by default. */
  onProgress?: (message: string) => void;
}

export interface GeneratedCatalog {
  games: number;
  people: number;
  publishers: number;
  /** Rows written per table. */
  rows: Record<string, number>;
  ms: number;
}

/** store_settings key marking a store as a generated bench catalog, with its (games, seed). */
const MARKER = 'bench_catalog';
/** Bump when the generator's output changes, so stale kept stores are not reused. */
const GENERATOR_VERSION = 2;

function marker(games: number, seed: number): string {
  return JSON.stringify({ games, seed, version: GENERATOR_VERSION });
}

/** True when the store holds exactly the catalog generateCatalog would write for (games, seed). */
export async function holdsCatalog(store: Store, games: number, seed: number): Promise<boolean> {
  return (await getSetting(store, MARKER)) === marker(games, seed);
}

/** People and publishers scale with the catalog: ~20k people and ~3k publishers at 150k games. */
export function peopleCount(games: number): number {
  return Math.max(50, Math.round(games / 7.5));
}
function publisherCount(games: number): number {
  return Math.max(20, Math.round(games / 50));
}

/** Fills an empty, migrated store in one transaction (all of it or nothing). */
export async function generateCatalog(store: Store, options: GenerateOptions = {}): Promise<GeneratedCatalog> {
  const { games = DEFAULT_GAMES, seed = DEFAULT_SEED, onProgress = () => undefined } = options;
  const started = performance.now();
  const random = seededRandom(seed);
  const people = peopleCount(games);
  const publishers = publisherCount(games);
  const rows: Record<string, number> = {};
  await store.transaction(async (tx) => {
    const count = (table: string, n: number): void => {
      rows[table] = (rows[table] ?? 0) + n;
    };
    const termIds = await writeTerms(tx, random, count);
    const personIds = await writeEntities(tx, 'people', people, random, (i) => ({
      slug: personSlug(i),
      name: personName(i),
    }));
    count('people', people);
    const publisherIds = await writeEntities(tx, 'publishers', publishers, random, (i) => ({
      slug: `${slugify(publisherName(i))}-${i}`,
      name: publisherName(i),
    }));
    count('publishers', publishers);
    onProgress(`terms, ${people} people, ${publishers} publishers written`);
    const writer = await GameWriter.open(tx, random, termIds, personIds, publisherIds);
    for (let start = 0; start < games; start += BATCH) {
      const written = await writer.batch(start, Math.min(games, start + BATCH));
      for (const [table, n] of Object.entries(written)) count(table, n);
      onProgress(`games ${Math.min(games, start + BATCH)}/${games}`);
    }
    await writeExtras(tx, seededRandom(seed + 1), count);
    onProgress('awards and expansion modifications written');
    await setSetting(tx, MARKER, marker(games, seed));
    await bumpDataVersion(tx);
  });
  return { games, people, publishers, rows, ms: performance.now() - started };
}

async function writeTerms(tx: Queryable, random: Random, count: (t: string, n: number) => void): Promise<TermIds> {
  const appender = await TableAppender.open(tx, 'terms');
  const ids: TermIds = { mechanic: [], category: [], theme: [] };
  const out: RowObject[] = [];
  const kinds: [keyof TermIds, readonly Term[]][] = [
    ['mechanic', MECHANICS],
    ['category', CATEGORIES],
    ['theme', THEMES],
  ];
  for (const [kind, terms] of kinds) {
    for (const [slug, name] of terms) {
      const id = random.uuid();
      ids[kind].push(id);
      out.push({ id, kind, slug, name });
    }
  }
  await appender.append(out);
  count('terms', out.length);
  return ids;
}

async function writeEntities(
  tx: Queryable,
  table: 'people' | 'publishers',
  n: number,
  random: Random,
  describe: (i: number) => { slug: string; name: string },
): Promise<string[]> {
  const appender = await TableAppender.open(tx, table);
  const ids: string[] = [];
  const out: RowObject[] = [];
  for (let i = 0; i < n; i++) {
    const id = random.uuid();
    ids.push(id);
    out.push({ id, ...describe(i) });
  }
  await appender.append(out);
  return ids;
}
