// The SQL methods' `name` key (bench/sql-sort-names.ts): the engine's sortName() loaded as data
// and re-encoded so UTF-8 byte order equals the engine's code-unit order. Checked three ways:
// the encoding alone against byte comparison, DuckDB's ORDER BY and keyset comparison on the
// loaded table, and every method (PostgreSQL too when a server answers) agreeing on
// name-sorted pages of a catalog with real-world names: accents, fullwidth forms, astral
// characters next to U+E000–U+FFFF ones. No timings.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset, sortName } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { agreedResult, closeFilterPlans, setupFilterPlans, type FilterPlanSetup } from '../../bench/filter-plans.js';
import { generateCatalog } from '../../bench/generate.js';
import { connectPostgres, setupPostgres } from '../../bench/postgres.js';
import type { BenchQuery } from '../../bench/queries.js';
import {
  byteOrderKey,
  createSortNameTable,
  needsReencoding,
  sortNameNote,
  sqlPosition,
} from '../../bench/sql-sort-names.js';
import { sqlSortKeysDiffering } from '../helpers/bench-sort-keys.js';

/** Keys whose code-unit order and code-point (UTF-8 byte) order differ pairwise. */
const TRICKY_KEYS = [
  'zz\u{1F600}',
  'zz\uE000',
  'zz\uFFFD',
  'zz\u{20000}',
  'zz\uFE0F',
  'zz\uD7FF',
  'zz',
  'zz\u{10FFFF}x',
  'zz\u{10000}',
];

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byUtf8 = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

describe('byteOrderKey', () => {
  it('leaves keys without code units ≥ U+D800 unchanged', () => {
    for (const key of ['carcassonne', 'orléans', '野口っち', 'zz\uD7FF']) {
      expect(byteOrderKey(key)).toBe(key);
      expect(needsReencoding(key)).toBe(false);
    }
    expect(needsReencoding('zz\u{1F600}')).toBe(true);
    expect(needsReencoding('zz\uE000')).toBe(true);
  });

  it('makes UTF-8 byte order equal code-unit order where the raw keys disagree', () => {
    // the raw keys really disagree: an emoji sorts before U+E000 in code units, after it in bytes
    expect(byCodeUnits('zz\u{1F600}', 'zz\uE000')).toBe(-1);
    expect(byUtf8('zz\u{1F600}', 'zz\uE000')).toBe(1);
    const units = [...TRICKY_KEYS].sort(byCodeUnits);
    const bytes = [...TRICKY_KEYS].sort((a, b) => byUtf8(byteOrderKey(a), byteOrderKey(b)));
    expect(bytes).toEqual(units);
    expect(new Set(TRICKY_KEYS.map(byteOrderKey)).size).toBe(TRICKY_KEYS.length);
    for (const key of TRICKY_KEYS)
      expect(Buffer.from(byteOrderKey(key), 'utf8').toString('utf8')).toBe(byteOrderKey(key));
  });

  it('agrees with code-unit order on every pair of a seeded random sample', () => {
    const alphabet = [
      'a',
      'é',
      '\uD7FF',
      '\uE000',
      '\uFE0F',
      '\uFFFD',
      '\u{10000}',
      '\u{1F600}',
      '\u{20000}',
      '\u{10FFFF}',
    ];
    let seed = 7;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    const keys = Array.from({ length: 200 }, () =>
      Array.from({ length: 1 + (next() % 4) }, () => alphabet[next() % alphabet.length]).join(''),
    );
    for (const a of keys) {
      for (const b of keys)
        expect(Math.sign(byUtf8(byteOrderKey(a), byteOrderKey(b))), `${a} vs ${b}`).toBe(byCodeUnits(a, b));
    }
  });
});

describe('bench_sort_names in DuckDB', () => {
  let store: Store;
  const ids = TRICKY_KEYS.map((_, i) => `id-${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    store = await Store.open(':memory:');
    await createSortNameTable(store, ids, TRICKY_KEYS);
  });
  afterAll(async () => store?.close());

  it('orders by the engine order and compares keyset positions the same way', async () => {
    const expected = ids.map((id, i) => ({ id, key: TRICKY_KEYS[i] })).sort((a, b) => byCodeUnits(a.key, b.key));
    const rows = await store.all<{ id: string }>('SELECT id FROM bench_sort_names ORDER BY sort_name, id');
    expect(rows.map((r) => r.id)).toEqual(expected.map((e) => e.id));
    const middle = expected[4];
    const after = sqlPosition({
      filter: {},
      sort: 'name',
      order: 'asc',
      limit: 10,
      after: { value: middle.key, id: middle.id },
    });
    const later = await store.all<{ id: string }>(
      'SELECT id FROM bench_sort_names WHERE sort_name > $1 ORDER BY sort_name',
      [after?.value ?? null],
    );
    expect(later.map((r) => r.id)).toEqual(expected.slice(5).map((e) => e.id));
  });

  it('leaves non-name positions alone', () => {
    const position = { value: 'zz\uE000', id: 'x' };
    expect(sqlPosition({ filter: {}, sort: 'rating', order: 'asc', limit: 1, after: position })).toBe(position);
  });
});

const TRICKY_NAMES = [
  'Orléans',
  'Orleans Deluxe',
  'Ｃａｒｃａｓｓｏｎｎｅ',
  'The Ärena',
  'Bärenpark',
  'Ticket to Ride: Märklin',
  'Ｄｒ．野口っち',
  'ZZ \u{1F600} Smile',
  'zz \uE000 Private',
  'zz \uFFFD Replacement',
  'ZZ \u{20000} Ext B',
  'zz \u2665\uFE0F Heart',
  'zz \u{1F3B2} Dice',
  '  The   Spaced  ',
  'An \u{1F600}',
];
const NAME_QUERIES: BenchQuery[] = [
  {
    name: 'name-asc',
    description: 'every game by name',
    query: { filter: {}, sort: 'name', order: 'asc', limit: 400 },
  },
  {
    name: 'name-desc',
    description: 'every game by name Z→A',
    query: { filter: {}, sort: 'name', order: 'desc', limit: 400 },
  },
  {
    name: 'name-deep',
    description: 'after row 190',
    query: { filter: {}, sort: 'name', order: 'asc', limit: 30 },
    afterIndex: 190,
  },
  {
    name: 'name-deep-desc',
    description: 'after row 3',
    query: { filter: {}, sort: 'name', order: 'desc', limit: 30 },
    afterIndex: 3,
  },
];

describe('name-sorted pages of a catalog with real-world names', () => {
  let store: Store;
  let setup: FilterPlanSetup;
  let postgresNote = 'not tried';

  beforeAll(async () => {
    store = await Store.open(':memory:');
    await migrate(store);
    await generateCatalog(store, { games: 400 });
    const games = await store.all<{ id: string }>('SELECT id FROM games ORDER BY id');
    for (const [i, name] of TRICKY_NAMES.entries()) {
      await store.run('UPDATE games SET name = $1 WHERE id = $2', [name, games[i * 7].id]);
    }
    const input = await loadDatasetInput(store);
    setup = await setupFilterPlans(store, input, buildDataset(input), NAME_QUERIES);
    const conn = await connectPostgres({ ...process.env, PGHOST: process.env.PGHOST ?? '127.0.0.1' });
    if ('skipped' in conn) {
      postgresNote = conn.skipped;
      console.warn(`sql-sort-names.test.ts: PostgreSQL not checked, ${conn.skipped}`);
    } else {
      postgresNote = conn.note;
      setup.methods.push((await setupPostgres(conn, store, setup.bitmask, () => undefined)).method);
    }
  }, 120_000);

  afterAll(async () => {
    if (setup) await closeFilterPlans(setup);
    await store?.close();
  });

  it('holds names whose engine keys need the re-encoding', () => {
    const keys = setup.table.sortNames;
    expect(keys).toContain(sortName('ZZ \u{1F600} Smile'));
    expect(keys.filter(needsReencoding).length).toBeGreaterThanOrEqual(5);
  });

  it('loads every engine key, re-encoded, as the SQL key, so no method declines a name sort', async () => {
    expect(await sqlSortKeysDiffering(store, setup.table)).toEqual([]);
    const reencoded = setup.table.sortNames.filter(needsReencoding).length;
    expect(reencoded).toBeGreaterThanOrEqual(5);
    expect(sortNameNote(setup.table.sortNames)).toContain(`${reencoded} of them re-encoded`);
    for (const q of setup.queries) {
      for (const method of setup.methods) expect(method.cannot(q), `${method.name} ${q.name}`).toBeNull();
    }
  });

  it(`agrees across engine, DuckDB ×2, scan and PostgreSQL when reachable`, async () => {
    expect(setup.methods.length, postgresNote).toBeGreaterThanOrEqual(4);
    for (const q of setup.queries) {
      const result = await agreedResult(setup.methods, q);
      expect(result.ids.length, q.name).toBe(q.query.after ? 30 : result.total);
    }
  });
});
