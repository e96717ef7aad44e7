// The bench fixtures as a correctness test: a small synthetic catalog through the real
// loader and engine, and every bench query answered identically (ids, order, total; facet
// counts) by the engine, both DuckDB SQL formulations and the plain scan — each query by
// every method that can express it, and a method that cannot must say why. No timings
// here; `npm run bench` measures (PostgreSQL only there: it needs a server).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset, type Position } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { agreedResult, closeFilterPlans, setupFilterPlans, type FilterPlanSetup } from '../../bench/filter-plans.js';
import { generateCatalog } from '../../bench/generate.js';
import { BENCH_QUERIES } from '../../bench/queries.js';
import { sortValue } from '../../bench/scan-order.js';

const GAMES = 2000;
let store: Store;
let setup: FilterPlanSetup;

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  await generateCatalog(store, { games: GAMES });
  const input = await loadDatasetInput(store);
  setup = await setupFilterPlans(store, input, buildDataset(input));
}, 60_000);

afterAll(async () => {
  if (setup) await closeFilterPlans(setup);
  await store?.close();
});

describe('bench fixtures', () => {
  it('generate the requested catalog, deterministically', async () => {
    const [row] = await store.all<{ games: number; rated: number; legacy: number }>(
      `SELECT count(*)::INTEGER AS games, count(bayes_rating)::INTEGER AS rated,
        (SELECT count(*)::INTEGER FROM external_identifiers WHERE source = 'legacy') AS legacy FROM games`,
    );
    expect(row.games).toBe(GAMES);
    expect(row.legacy).toBe(GAMES);
    expect(row.rated).toBeGreaterThan(GAMES * 0.4);
    expect(row.rated).toBeLessThan(GAMES * 0.8);
    const again = await Store.open(':memory:');
    try {
      await migrate(again);
      await generateCatalog(again, { games: 50 });
      const first = await again.all<{ id: string }>('SELECT id FROM games ORDER BY slug LIMIT 5');
      const other = await Store.open(':memory:');
      await migrate(other);
      await generateCatalog(other, { games: 50 });
      expect(await other.all('SELECT id FROM games ORDER BY slug LIMIT 5')).toEqual(first);
      await other.close();
    } finally {
      await again.close();
    }
  });

  it('cover every query of the set, deep keyset pages resolved', () => {
    expect(setup.queries.map((q) => q.name)).toEqual(BENCH_QUERIES.map((q) => q.name));
    for (const q of setup.queries) {
      const deep = BENCH_QUERIES.find((b) => b.name === q.name)?.afterIndex !== undefined;
      expect(q.query.after !== undefined).toBe(deep);
    }
  });

  it('hold at least 20 queries covering every shape the issue names', () => {
    expect(BENCH_QUERIES.length).toBeGreaterThanOrEqual(20);
    const filters = BENCH_QUERIES.map((q) => q.query.filter);
    expect(filters.some((f) => f.effective === true)).toBe(true);
    expect(filters.some((f) => f.award !== undefined)).toBe(true);
    expect(filters.some((f) => f.playtime_source === 'community' && f.playtime_experience !== undefined)).toBe(true);
    expect(filters.some((f) => (f.mechanics_all ?? []).length > 1)).toBe(true);
    expect(BENCH_QUERIES.some((q) => q.kind === 'text')).toBe(true);
    expect(BENCH_QUERIES.some((q) => q.kind === 'facets')).toBe(true);
    expect(BENCH_QUERIES.filter((q) => q.afterIndex !== undefined).length).toBeGreaterThanOrEqual(2);
  });

  for (const query of BENCH_QUERIES) {
    it(`agree on ${query.name}: every method that can express it`, async () => {
      const resolved = setup.queries.find((q) => q.name === query.name);
      if (!resolved) throw new Error(`query ${query.name} was not resolved`);
      const able = setup.methods.filter((m) => m.cannot(resolved) === null).map((m) => m.name);
      expect(able).toContain('engine');
      // only effective mode and text search are engine-only; everything else is cross-checked
      const engineOnly = resolved.kind === 'text' || resolved.query.filter.effective === true;
      expect(able.length).toBe(engineOnly ? 1 : setup.methods.length);
      const result = await agreedResult(setup.methods, resolved);
      if (resolved.kind === 'page') expect(result.ids.length).toBe(Math.min(resolved.query.limit, result.total));
      if (resolved.kind === 'facets') {
        expect(result.total).toBe(result.ids.length);
        expect(result.ids.length).toBeGreaterThan(0);
        for (const line of result.ids) expect(line).toMatch(/^(mechanics|categories|themes|type|players):[^=]+=\d+$/);
      }
    });
  }

  it('find something for the award, community-time and effective queries (the generator writes their data)', async () => {
    for (const name of ['award-won', 'award-any-heavy', 'community-time', 'effective-6p', 'text-castle']) {
      const resolved = setup.queries.find((q) => q.name === name);
      if (!resolved) throw new Error(`query ${name} missing`);
      expect((await agreedResult(setup.methods, resolved)).total, name).toBeGreaterThan(0);
    }
  });

  it('fail loudly when one method disagrees', async () => {
    const typical = setup.queries.find((q) => q.name === 'typical');
    if (!typical) throw new Error('typical missing');
    const [engine, ...others] = setup.methods;
    const liar = {
      ...engine,
      name: 'scan' as const,
      async run() {
        const honest = await engine.run(typical);
        return { ...honest, ids: [...honest.ids].reverse() };
      },
    };
    await expect(agreedResult([engine, liar, ...others], typical)).rejects.toThrow(
      /typical: engine vs scan: page row 0/,
    );
  });

  // Rounded bayes ratings tie often (the id tie-break decides), ratings have nulls (the walk
  // crosses into the null tail), names are strings: every keyset shape, page after page.
  for (const name of ['broad', 'party-rating-asc', 'recent-name-desc']) {
    it(`agree on every page of a keyset walk through ${name}`, async () => {
      const base = setup.queries.find((q) => q.name === name);
      if (!base) throw new Error(`query ${name} missing`);
      const rowOf = new Map(setup.table.ids.map((id, row) => [id, row]));
      let after: Position | undefined;
      const seen = new Set<string>();
      for (;;) {
        const query = { ...base.query, limit: 100, after };
        const page = await agreedResult(setup.methods, { ...base, query });
        for (const id of page.ids) seen.add(id);
        if (page.ids.length < 100) {
          expect(seen.size).toBe(page.total);
          return;
        }
        const last = rowOf.get(page.ids[page.ids.length - 1]) ?? -1;
        after = { value: sortValue(setup.table, last, query.sort), id: setup.table.ids[last] };
      }
    });
  }
});
