// The real-data query set (bench/queries-bgg.ts) over a small real store: just the BGG XML
// samples of ../shared/data imported into a memory store (seconds, not the 170k-game build of
// `npm run bench`). Every query resolves, matches something, and every method that can
// express it agrees with the engine. No timings: `npm run bench` measures.

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { importBggXml } from '../../loader/import/bgg-xml.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { sqlSortKeysDiffering } from '../helpers/bench-sort-keys.js';
import { BGG_AGGREGATES } from '../../bench/bgg-store.js';
import { agreedResult, closeFilterPlans, setupFilterPlans, type FilterPlanSetup } from '../../bench/filter-plans.js';
import { parseOptions } from '../../bench/options.js';
import {
  assertBggQueriesMatch,
  BggQueryError,
  bggQueries,
  loadBggVocabulary,
  type BggVocabulary,
} from '../../bench/queries-bgg.js';
import type { BenchQuery } from '../../bench/queries.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const XML_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/data/bgg-xml');
const present = existsSync(XML_DIR);
if (!present)
  console.warn(`test/bench/bench-bgg.test.ts: ${XML_DIR} is absent; the real-data query set is not checked`);

describe('bench options: the real-data stage', () => {
  it('runs in a full run unless --no-bgg, and in a quick run only with --bgg', () => {
    expect(parseOptions([], {}).bgg).toBe(true);
    expect(parseOptions(['--no-bgg'], {}).bgg).toBe(false);
    expect(parseOptions(['--quick'], {}).bgg).toBe(false);
    expect(parseOptions(['--quick', '--bgg'], {}).bgg).toBe(true);
    expect(() => parseOptions(['--bgg', '--no-bgg'], {})).toThrow(/exclude each other/);
  });
});

describe('the real-data query set', () => {
  it('throws naming what it needs when the store lacks enough terms', () => {
    const thin: BggVocabulary = {
      mechanics: ['dice-rolling'],
      categories: ['party', 'family'],
      themes: ['war', 'fantasy'],
      designers: ['a', 'b'],
    };
    expect(() => bggQueries(thin)).toThrow(BggQueryError);
    expect(() => bggQueries(thin)).toThrow(/1 mechanics, the set needs at least 6/);
  });
});

describe.skipIf(!present)('the real-data query set on the BGG XML samples', () => {
  let store: Store;
  let setup: FilterPlanSetup;
  let vocabulary: BggVocabulary;
  let queries: BenchQuery[];

  beforeAll(async () => {
    store = await Store.open(':memory:');
    await migrate(store);
    await importBggXml(store, [XML_DIR], {
      now: new Date('2026-01-01T00:00:00Z'),
      refresh: aggregateRefresh(BGG_AGGREGATES),
    });
    const input = await loadDatasetInput(store);
    vocabulary = await loadBggVocabulary(store);
    queries = bggQueries(vocabulary);
    setup = await setupFilterPlans(store, input, buildDataset(input), queries);
  }, 60_000);

  afterAll(async () => {
    if (setup) await closeFilterPlans(setup);
    await store?.close();
  });

  it('chooses terms by popularity: the first mechanic is linked to the most games', async () => {
    const counts = await store.all<{ slug: string; games: number }>(
      `SELECT t.slug, count(*)::INTEGER AS games FROM game_terms gt JOIN terms t ON t.id = gt.term_id
       WHERE t.kind = 'mechanic' GROUP BY t.slug ORDER BY games DESC, t.slug`,
    );
    expect(vocabulary.mechanics[0]).toBe(counts[0].slug);
    expect(vocabulary.mechanics).toEqual(counts.map((c) => c.slug));
    expect(vocabulary.designers.length).toBeGreaterThanOrEqual(2);
    const typical = queries.find((q) => q.name === 'typical');
    expect(typical?.query.filter.mechanics).toEqual(vocabulary.mechanics.slice(0, 2));
    expect(typical?.description).toContain(vocabulary.mechanics[0]);
  });

  it('covers the synthetic shapes real data can serve', () => {
    const names = queries.map((q) => q.name);
    for (const name of [
      'typical',
      'selective',
      'broad',
      'all-name-asc',
      'mechanics-all',
      'exclusions',
      'designer',
      'top-rated',
    ]) {
      expect(names).toContain(name);
    }
    expect(
      queries
        .filter((q) => q.afterIndex !== undefined)
        .map((q) => q.query.sort)
        .sort(),
    ).toEqual(['bayes_rating', 'name']);
    expect(queries.filter((q) => q.kind === 'text')).toHaveLength(2);
    expect(queries.filter((q) => q.kind === 'facets')).toHaveLength(2);
    expect(queries.some((q) => (q.query.filter.mechanics_all ?? []).length === 3)).toBe(true);
    expect(queries.some((q) => q.query.filter.award !== undefined || q.query.filter.effective === true)).toBe(false);
  });

  it('matches something with every query', async () => {
    const [engine] = setup.methods;
    await expect(assertBggQueriesMatch(setup.queries, (q) => engine.run(q))).resolves.toBeUndefined();
  });

  it('fails loudly on a query that matches nothing', async () => {
    const [engine] = setup.methods;
    const [typical] = setup.queries;
    const empty = { ...typical, name: 'future', query: { ...typical.query, filter: { year_min: 3000 } } };
    await expect(assertBggQueriesMatch([typical, empty], (q) => engine.run(q))).rejects.toThrow(/future match nothing/);
  });

  it("gives the SQL methods the engine's name keys, so none declines a name-sorted page", async () => {
    expect(await sqlSortKeysDiffering(store, setup.table)).toEqual([]);
    const byName = setup.queries.filter((q) => q.kind === 'page' && q.query.sort === 'name');
    expect(byName.map((q) => q.name).sort()).toEqual([
      'all-name-asc',
      'coop-name-asc',
      'deep-keyset-name',
      'recent-name-desc',
    ]);
    for (const q of byName) {
      for (const method of setup.methods) expect(method.cannot(q), `${method.name} ${q.name}`).toBeNull();
    }
  });

  it('agrees across every method that can express each query', async () => {
    expect(setup.queries.map((q) => q.name)).toEqual(queries.map((q) => q.name));
    for (const q of setup.queries) {
      const able = setup.methods.filter((m) => m.cannot(q) === null).map((m) => m.name);
      expect(able, q.name).toContain('engine');
      expect(able, q.name).toContain(q.kind === 'text' ? 'engine' : 'scan');
      if (q.kind !== 'text') expect(able, q.name).toHaveLength(setup.methods.length);
      const result = await agreedResult(setup.methods, q);
      expect(result.total, q.name).toBeGreaterThan(0);
      if (q.kind === 'page') expect(result.ids.length, q.name).toBe(Math.min(q.query.limit, result.total));
    }
  });
});
