import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store, StoreError, StoreLockedError } from '../../loader/store.js';
import {
  appliedVersions,
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  migrate,
  pendingMigrations,
} from '../../loader/schema/migrate.js';

const stores: Store[] = [];
afterEach(async () => {
  while (stores.length) await stores.pop()!.close();
});

async function open(path = ':memory:'): Promise<Store> {
  const store = await Store.open(path);
  stores.push(store);
  return store;
}

describe('Store', () => {
  it('binds parameters, including lists', async () => {
    const store = await open();
    const rows = await store.all('SELECT $1::VARCHAR AS s, $2::INTEGER AS n, list_sum($3::INTEGER[]) AS total', [
      "it's",
      7,
      [1, 2, 3],
    ]);
    expect(rows).toEqual([{ s: "it's", n: 7, total: 6n }]);
  });

  it('keeps the SQL and the cause when a statement fails', async () => {
    const store = await open();
    const error = await store.run('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).sql).toBe('SELECT * FROM no_such_table');
    expect((error as StoreError).message).toMatch(/no_such_table/);
  });

  it('rolls a failed transaction back completely', async () => {
    const store = await open();
    await store.run('CREATE TABLE t (x INTEGER)');
    await expect(
      store.transaction(async (tx) => {
        await tx.run('INSERT INTO t VALUES (1)');
        await tx.run('INSERT INTO t VALUES ($1)', ['not a number']);
      }),
    ).rejects.toBeInstanceOf(StoreError);
    expect(await store.all('SELECT count(*)::INTEGER AS n FROM t')).toEqual([{ n: 0 }]);
  });

  it('rolls back and fails a transaction whose work caught a failed statement and went on', async () => {
    const store = await open();
    await store.run('CREATE TABLE t (x INTEGER)');
    // DuckDB itself would answer the COMMIT with no error and keep nothing
    const outcome = store.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1)');
      await tx.all("SELECT error('boom')").catch(() => undefined);
      // (a write here would fail on its own: "Current transaction is aborted")
      return 'done';
    });
    await expect(outcome).rejects.toThrow(/failed inside the transaction.*boom/);
    expect(await store.all('SELECT count(*)::INTEGER AS n FROM t')).toEqual([{ n: 0 }]);
    // the store goes on: the next transaction commits
    await store.transaction((tx) => tx.run('INSERT INTO t VALUES (3)'));
    expect(await store.all('SELECT x FROM t')).toEqual([{ x: 3 }]);
  });

  it('appends rows in bulk', async () => {
    const store = await open();
    await store.run('CREATE TABLE t (x INTEGER, y VARCHAR, z DOUBLE)');
    await store.append('t', [
      [1, 'a', 0.5],
      [2, null, 3],
    ]);
    expect(await store.all('SELECT * FROM t ORDER BY x')).toEqual([
      { x: 1, y: 'a', z: 0.5 },
      { x: 2, y: null, z: 3 },
    ]);
  });
});

describe('migrations', () => {
  it('apply once, record their version, and repeat as a no-op', async () => {
    const store = await open();
    const first = await migrate(store);
    expect(first.applied.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(first.version).toBe(LATEST_SCHEMA_VERSION);
    expect(await pendingMigrations(store)).toEqual([]);
    const second = await migrate(store);
    expect(second.applied).toEqual([]);
    const tables = await store.all<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toContain('game_snapshots');
    expect(tables.map((t) => t.table_name)).toContain('rating_votes');
  });
});

describe('migration 4 (materialized community polls)', () => {
  it('fills the community tables from the baseline of a store made before it', async () => {
    const store = await open();
    await appliedVersions(store);
    for (const m of MIGRATIONS.filter((x) => x.version < 4)) {
      for (const statement of m.statements) await store.run(statement);
      await store.run('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    }
    await store.run(`INSERT INTO baseline_age_poll VALUES ('g1', 10, 7)`);
    await store.run(`INSERT INTO baseline_player_count_ratings VALUES ('g1', 2, 4.5, 12, NULL)`);
    const report = await migrate(store);
    expect(report.applied.map((m) => m.version)).toEqual(
      MIGRATIONS.filter((x) => x.version >= 4).map((x) => x.version),
    );
    expect(await store.all('SELECT * FROM community_age_poll')).toEqual([
      { game_id: 'g1', suggested_age: 10, vote_count: 7 },
    ]);
    expect(await store.all('SELECT * FROM community_player_count_ratings')).toEqual([
      { game_id: 'g1', player_count: 2, average_rating: 4.5, rating_count: 12, rating_stddev: null },
    ]);
  });
});

describe('store file ownership', () => {
  it('names the conflict when another process holds the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ludex-lock-'));
    try {
      const path = join(dir, 'ludex.duckdb');
      const holder = await open(path);
      await migrate(holder);
      // A second process is simulated with a child node process opening the same file.
      const { execFileSync } = await import('node:child_process');
      const script = `import('@duckdb/node-api').then(async ({ DuckDBInstance }) => {
        try { await DuckDBInstance.create(${JSON.stringify(path)}); console.log('opened'); }
        catch (e) { console.log(String(e.message)); }
      })`;
      const out = execFileSync(process.execPath, ['-e', script], { cwd: process.cwd(), encoding: 'utf8' });
      expect(out).toMatch(/lock/i);
      expect(new StoreLockedError(path, out).message).toMatch(/in use by another process/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
