// Store.prepare: a statement planned once and run many times with fresh bound parameters,
// serialized with the store's other statements on the same connection.

import { afterEach, describe, expect, it } from 'vitest';
import { Store, StoreError } from '../../loader/store.js';

const stores: Store[] = [];
afterEach(async () => {
  while (stores.length) await stores.pop()!.close();
});

async function open(): Promise<Store> {
  const store = await Store.open(':memory:');
  stores.push(store);
  return store;
}

async function numbers(store: Store, n: number): Promise<void> {
  await store.run('CREATE TABLE t (x INTEGER, label VARCHAR)');
  await store.append(
    't',
    Array.from({ length: n }, (_, i) => [i, `n${i}`]),
  );
}

describe('Store.prepare', () => {
  it('runs one statement with different bound values, lists included', async () => {
    const store = await open();
    await numbers(store, 100);
    const prepared = await store.prepare(
      'SELECT count(*)::INTEGER AS n, list(label ORDER BY x) AS labels FROM t WHERE x >= $1 AND x < $2 AND x NOT IN (SELECT unnest($3::INTEGER[]))',
    );
    for (const [lo, hi, skip] of [
      [10, 20, [12, 13]],
      [0, 5, [4]],
      [95, 200, [99]],
    ] as const) {
      const expected = [];
      for (let x = lo; x < Math.min(hi, 100); x++) if (!(skip as readonly number[]).includes(x)) expected.push(`n${x}`);
      const rows = await prepared.all<{ n: number; labels: string[] | null }>([lo, hi, [...skip]]);
      expect(rows).toEqual([{ n: expected.length, labels: expected }]);
    }
    await prepared.close();
  });

  it('sees rows written after it was prepared', async () => {
    const store = await open();
    await numbers(store, 3);
    const prepared = await store.prepare('SELECT sum(x)::INTEGER AS s FROM t WHERE x >= $1');
    expect(await prepared.all([1])).toEqual([{ s: 3 }]);
    await store.run('INSERT INTO t VALUES (10, $1)', ['ten']);
    expect(await prepared.all([1])).toEqual([{ s: 13 }]);
  });

  it('interleaves with other statements on the connection without overlapping them', async () => {
    const store = await open();
    await numbers(store, 50);
    const prepared = await store.prepare('SELECT count(*)::INTEGER AS n FROM t WHERE x < $1');
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      work.push(prepared.all([i]));
      work.push(store.all('SELECT max(x)::INTEGER AS m FROM t WHERE x <= $1', [i]));
    }
    const results = (await Promise.all(work)) as { n?: number; m?: number }[][];
    results.forEach((rows, k) => {
      const i = k >> 1;
      expect(rows).toEqual(k % 2 === 0 ? [{ n: i }] : [{ m: i }]);
    });
  });

  it('reports a bad statement or wrong parameters as a StoreError keeping the SQL', async () => {
    const store = await open();
    const bad = await store.prepare('SELECT * FROM no_such_table').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(StoreError);
    expect((bad as StoreError).sql).toBe('SELECT * FROM no_such_table');
    const prepared = await store.prepare('SELECT $1::INTEGER + 1 AS v');
    const wrong = await prepared.all(['not a number']).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(StoreError);
    // the statement stays usable after a failed run
    expect(await prepared.all([41])).toEqual([{ v: 42 }]);
  });

  it('fails cleanly once closed, and the store closes with statements still open', async () => {
    const store = await open();
    const closedOne = await store.prepare('SELECT 1 AS one');
    await closedOne.close();
    await expect(closedOne.all()).rejects.toThrow(/closed/);
    await closedOne.close(); // twice is harmless
    const leftOpen = await store.prepare('SELECT 2 AS two');
    expect(await leftOpen.all()).toEqual([{ two: 2 }]);
    await store.close();
    await expect(leftOpen.all()).rejects.toBeInstanceOf(StoreError);
    await leftOpen.close(); // freed with the connection: no double free
  });
});
