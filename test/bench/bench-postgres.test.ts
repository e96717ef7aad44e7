// The PostgreSQL method at tiny size: when a server answers on 127.0.0.1 (PGHOST/PGUSER/...
// or postgres/postgres), every query it can express agrees with the engine (ids, order,
// totals, facet counts) and its scratch schema is gone afterwards. Without a server the test
// is skipped with a visible warning. No timings.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { agreedResult, closeFilterPlans, setupFilterPlans, type FilterPlanSetup } from '../../bench/filter-plans.js';
import { generateCatalog } from '../../bench/generate.js';
import { connectPostgres, setupPostgres, type PostgresConnection } from '../../bench/postgres.js';
import { BENCH_QUERIES } from '../../bench/queries.js';

const env = { ...process.env, PGHOST: process.env.PGHOST ?? '127.0.0.1' };
let store: Store;
let setup: FilterPlanSetup | undefined;
let conn: PostgresConnection | undefined;
let skipped: string | undefined;

beforeAll(async () => {
  const connected = await connectPostgres(env);
  if ('skipped' in connected) {
    skipped = connected.skipped;
    console.warn(`bench-postgres: skipped, ${skipped}`);
    return;
  }
  conn = connected;
  store = await Store.open(':memory:');
  await migrate(store);
  await generateCatalog(store, { games: 1500 });
  const input = await loadDatasetInput(store);
  setup = await setupFilterPlans(store, input, buildDataset(input));
  const { method } = await setupPostgres(conn, store, setup.bitmask, () => undefined);
  setup.methods.push(method);
}, 120_000);

afterAll(async () => {
  if (setup) await closeFilterPlans(setup);
  await store?.close();
});

describe('the PostgreSQL bench method', () => {
  for (const query of BENCH_QUERIES) {
    it(`agrees with the engine on ${query.name}, or says why it cannot run it`, async (context) => {
      if (!setup) return context.skip();
      const resolved = setup.queries.find((q) => q.name === query.name);
      if (!resolved) throw new Error(`query ${query.name} was not resolved`);
      const postgres = setup.methods.find((m) => m.name === 'postgres');
      if (!postgres) throw new Error('the postgres method was not added');
      const reason = postgres.cannot(resolved);
      const engineOnly = resolved.kind === 'text' || resolved.query.filter.effective === true;
      expect(reason !== null).toBe(engineOnly);
      const engine = setup.methods.filter((m) => m.name === 'engine');
      await agreedResult(reason === null ? [...engine, postgres] : engine, resolved);
    });
  }

  it('drops its scratch schema when closed', async (context) => {
    if (!setup || !conn) return context.skip();
    const check = await connectPostgres(env);
    if ('skipped' in check) throw new Error(check.skipped);
    try {
      const before = await check.client.query<{ n: string }>(
        `SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name = $1`,
        [`ludex_bench_${process.pid}`],
      );
      expect(Number(before.rows[0].n)).toBe(1);
      await closeFilterPlans(setup);
      setup = undefined;
      const after = await check.client.query<{ n: string }>(
        `SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name = $1`,
        [`ludex_bench_${process.pid}`],
      );
      expect(Number(after.rows[0].n)).toBe(0);
    } finally {
      await check.client.end();
    }
  });
});
