// The BGG CSV importer against the real files in ../shared/data/bgg-csv (test data only,
// never shipped): the 2021 dataset in full, twice; the full 171,716-row dump once (its
// re-import is measured in docs/import-bgg-csv.md, not here, to keep the suite fast); and
// the dump over the dataset, which must keep what only the dataset knows.

import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importBggCsv } from '../../loader/import/bgg-csv.js';
import type { ForeignImportReport } from '../../loader/import/report.js';
import type { Store } from '../../loader/store.js';
import { emptyStore, game, jsonl, load, stats } from '../loader/catalog-helpers.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const REPO = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BGG_CSV = resolve(REPO, '../shared/data/bgg-csv');
const DATASET = join(BGG_CSV, 'bgg_dataset.csv');
const DUMP = join(BGG_CSV, 'boardgames_ranks_2025-12-10.csv');
const present = existsSync(DATASET) && existsSync(DUMP);
if (!present) console.warn(`SKIPPED: BGG CSV importer tests need ${BGG_CSV} (../shared/data is absent)`);

const NOW = new Date('2025-06-01T12:00:00.000Z');

const temp: string[] = [];
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

async function byBggId(store: Store, bggId: number) {
  const rows = await store.all<{
    id: string;
    slug: string;
    name: string;
    type: string;
    year_published: number | null;
    min_players: number | null;
    max_players: number | null;
    max_playtime: number | null;
    min_age: number | null;
    rating: number | null;
    rating_votes: number | null;
    bayes_rating: number | null;
    weight: number | null;
    weight_votes: number | null;
    owner_count: number | null;
    mode: string | null;
  }>(
    `SELECT g.id, g.slug, g.name, g.type, g.year_published, g.min_players, g.max_players, g.max_playtime, g.min_age,
            g.rating, g.rating_votes, g.bayes_rating, g.weight, g.weight_votes, g.owner_count, g.mode
     FROM games g JOIN external_identifiers e ON e.game_id = g.id WHERE e.source = 'legacy' AND e.external_id = ?`,
    [String(bggId)],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function termsOf(store: Store, gameId: string, kind: string): Promise<string[]> {
  const rows = await store.all<{ slug: string }>(
    'SELECT t.slug FROM game_terms gt JOIN terms t ON t.id = gt.term_id WHERE gt.game_id = ? AND t.kind = ? ORDER BY t.slug',
    [gameId, kind],
  );
  return rows.map((r) => r.slug);
}

async function mechanicsOf(store: Store, gameId: string): Promise<string[]> {
  const rows = await store.all<{ slug: string }>(
    `SELECT t.slug FROM game_terms gt JOIN terms t ON t.id = gt.term_id WHERE gt.game_id = ? AND t.kind = 'mechanic' ORDER BY gt.position`,
    [gameId],
  );
  return rows.map((r) => r.slug);
}

async function scalar(store: Store, sql: string): Promise<number> {
  const [row] = await store.all<{ n: number | bigint }>(sql);
  return Number(row.n);
}

function skip(report: ForeignImportReport, reason: RegExp) {
  return report.skipped.find((s) => reason.test(s.reason));
}

describe.skipIf(!present)('bgg_dataset.csv (2021: BOM, CRLF, semicolons, decimal commas)', () => {
  it('imports every row with an id, reports the 16 without, and re-imports as unchanged', async () => {
    const store = await emptyStore();
    const report = await importBggCsv(store, [DATASET], { refresh: aggregateRefresh(), now: NOW });
    expect(report).toMatchObject({ files: 1, created: 20_327, updated: 0, unchanged: 0, rejectedFiles: [] });
    const noId = skip(report, /no BGG id/);
    expect(noId?.count).toBe(16);
    expect(noId?.examples[0]).toMatch(/bgg_dataset\.csv:\d+$/);
    // 182 distinct BGG mechanic names → 182 terms: one BGG term is one term, through the
    // BGG term map (loader/import/mappings/bgg-terms.json) or, unknown there, of its own.
    expect(report.records.mechanic).toBe(182);
    expect(await scalar(store, `SELECT count(*) AS n FROM games`)).toBe(20_327);

    const gloomhaven = await byBggId(store, 174430);
    expect(gloomhaven).toMatchObject({
      slug: 'gloomhaven',
      name: 'Gloomhaven',
      type: 'base_game',
      year_published: 2017,
      min_players: 1,
      max_players: 4,
      max_playtime: 120,
      min_age: 14,
    });
    const mechanics = await mechanicsOf(store, gloomhaven.id);
    // 19 BGG names → 19 terms: "Cooperative Game" → cooperative, "Deck Bag and Pool
    // Building" (BGG: "Deck, Bag, and Pool Building") → deck-building, "Hexagon Grid" and
    // "Grid Movement" stay two terms; "Scenario / Mission / Campaign Game" is its own.
    expect(mechanics).toHaveLength(19);
    expect(mechanics.slice(0, 3)).toEqual(['action-queue', 'action-retrieval', 'card-driven']);
    expect(mechanics).toEqual(
      expect.arrayContaining([
        'cooperative',
        'deck-building',
        'grid-movement',
        'hexagon-grid',
        'scenario-mission-campaign-game',
      ]),
    );
    // The rating and the weight are stored; the weight without a vote count, which this
    // file does not give (docs/import-bgg-csv.md).
    expect(gloomhaven).toMatchObject({
      rating: 8.79,
      rating_votes: 42_055,
      weight: 3.86,
      weight_votes: null,
      owner_count: 68_323,
      mode: 'cooperative',
    });
    // Domains are categories; ComplexityAverage 0 means no weight.
    expect(await termsOf(store, gloomhaven.id, 'category')).toEqual(['strategy', 'thematic']);
    expect(await scalar(store, 'SELECT count(*) AS n FROM games WHERE weight IS NOT NULL')).toBe(19_901);
    expect(await scalar(store, "SELECT count(*) AS n FROM games WHERE mode = 'cooperative'")).toBeGreaterThan(1_000);
    expect(await scalar(store, 'SELECT count(*) AS n FROM games WHERE mode IS NULL')).toBe(0);
    expect(gloomhaven.bayes_rating).toBeGreaterThan(8);
    expect(report.skipped.map((s) => s.reason)).not.toContainEqual(expect.stringMatching(/rating/));

    const again = await importBggCsv(store, [DATASET], { refresh: aggregateRefresh(), now: NOW });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 20_327 });
    expect(again.records.mechanic).toBeUndefined();
    expect(await scalar(store, `SELECT count(*) AS n FROM games`)).toBe(20_327);

    // Unchanged rows skip the catalog import; a row that differs from its stored game still goes through it.
    await store.run(
      `UPDATE baseline_stats SET rating = 5 WHERE game_id = (SELECT game_id FROM external_identifiers WHERE source = 'legacy' AND external_id = '174430')`,
    );
    const third = await importBggCsv(store, [DATASET], { refresh: aggregateRefresh(), now: NOW });
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 20_326 });
    expect((await byBggId(store, 174430)).rating).toBe(8.79);
  }, 120_000);

  it('updates the rating of a game that already has stats, keeping its weight', async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl(
        game('my-gloomhaven', {
          name: 'Gloomhaven',
          legacy_id: 174430,
          min_players: 2,
          stats: stats(7, 10, { rating_distribution: [0, 0, 0, 0, 0, 0, 10, 0, 0, 0] }),
        }),
      ),
    );
    const report = await importBggCsv(store, [DATASET], { refresh: aggregateRefresh(), now: NOW });
    expect(report.updated).toBe(1);
    const g = await byBggId(store, 174430);
    expect(g).toMatchObject({
      slug: 'my-gloomhaven',
      min_players: 1,
      rating: 8.79,
      rating_votes: 42_055,
      weight: 2.5,
      owner_count: 68_323,
    });
  }, 120_000);
});

describe.skipIf(!present)('boardgames_ranks dump (171,716 rows)', () => {
  it('imports the full dump', async () => {
    const store = await emptyStore();
    const started = performance.now();
    const report = await importBggCsv(store, [DUMP], { refresh: aggregateRefresh(), now: NOW });
    const seconds = (performance.now() - started) / 1000;
    console.log(`full dump: ${seconds.toFixed(1)} s, RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB after`);

    expect(report).toMatchObject({ files: 1, created: 171_716, updated: 0, unchanged: 0, rejectedFiles: [] });
    expect(await scalar(store, `SELECT count(*) AS n FROM games`)).toBe(171_716);
    expect(await scalar(store, `SELECT count(*) AS n FROM games WHERE type = 'expansion'`)).toBe(37_475);
    expect(await scalar(store, `SELECT count(*) AS n FROM games WHERE year_published IS NULL`)).toBe(11_585);
    // Rated items: 133,920 in the dump, each stored with its average and vote count.
    expect(await scalar(store, `SELECT count(*) AS n FROM games WHERE rating_votes > 0`)).toBe(133_920);
    expect(await byBggId(store, 224517)).toMatchObject({ rating: 8.57018, rating_votes: 55_403 });

    expect(await byBggId(store, 224517)).toMatchObject({
      slug: 'brass-birmingham',
      name: 'Brass: Birmingham',
      type: 'base_game',
      year_published: 2018,
    });
    // Three games named Coup: the first in the file gets the plain slug, the others their id.
    expect((await byBggId(store, 131357)).slug).toBe('coup');
    expect((await byBggId(store, 2088)).slug).toBe('coup-2088');
    expect((await byBggId(store, 1653)).slug).toBe('coup-1653');
  }, 180_000);

  it('over the 2021 dataset keeps what only the dataset knows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ludex-bgg-csv-'));
    temp.push(dir);
    const slice = join(dir, 'ranks-slice.csv');
    // A deterministic slice: the header and the first 2,000 rows (Gloomhaven is row 4).
    await writeFile(slice, `${readFileSync(DUMP, 'utf8').split('\n').slice(0, 2001).join('\n')}\n`);

    const store = await emptyStore();
    await importBggCsv(store, [DATASET], { refresh: aggregateRefresh(), now: NOW });
    const report = await importBggCsv(store, [slice], { refresh: aggregateRefresh(), now: NOW });
    expect(report.created + report.updated + report.unchanged).toBe(2_000);
    expect(report.created).toBeGreaterThan(0);
    const g = await byBggId(store, 174430);
    expect(g).toMatchObject({
      slug: 'gloomhaven',
      min_players: 1,
      max_players: 4,
      max_playtime: 120,
      year_published: 2017,
    });
    expect(await mechanicsOf(store, g.id)).toHaveLength(19);
  }, 120_000);
});

describe('files that are not BGG CSV', () => {
  it('are rejected, not imported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ludex-bgg-csv-'));
    temp.push(dir);
    const file = join(dir, 'other.csv');
    await writeFile(file, 'ID,Name,Year,Rank\n1,X,2000,1\n');
    const store = await emptyStore();
    const report = await importBggCsv(store, [dir], { refresh: aggregateRefresh(), now: NOW });
    expect(report.files).toBe(1);
    expect(report.rejectedFiles).toEqual([{ path: file, reason: expect.stringMatching(/not a BGG CSV/) }]);
    expect(await scalar(store, `SELECT count(*) AS n FROM games`)).toBe(0);
  });
});
