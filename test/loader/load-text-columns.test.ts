// The loader's packed text read (one joined string per column) must give exactly what a
// per-value read gives: nulls, empty strings, non-ASCII text, row order; and a value holding
// the separator characters must fall back to the per-value read, not split wrongly.

import { describe, expect, it } from 'vitest';
import { GAME_FIELDS, GAME_STRING_COLUMNS, type GameFieldSpec, stringColumn } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import type { Store } from '../../loader/store.js';
import { emptyStore, fixtureLines, load } from './catalog-helpers.js';

/** The columns the loader reads as packed text: the registry's string fields but enums and timestamps. */
const TEXT_FIELDS = GAME_FIELDS.filter((f) => f.storage === 'string' && f.kind !== 'enum' && f.kind !== 'timestamp');

/** One value per game, read on its own: dates as ISO dates, legacy_id as the lowest legacy identifier. */
function valueSql(field: GameFieldSpec): string {
  if (field.store === 'external_identifiers')
    return `(SELECT min(external_id) FROM external_identifiers e WHERE e.game_id = g.id AND e.source = 'legacy')`;
  if (field.kind === 'date') return `strftime(g.${field.name}, '%Y-%m-%d')`;
  return `g.${field.name}`;
}

/** Per-value read of the text columns, in the loader's row order. */
async function expected(store: Store): Promise<Record<string, (string | null)[]>> {
  return store.columns(
    `SELECT ${TEXT_FIELDS.map((f) => `${valueSql(f)} AS ${f.name}`).join(', ')}
     FROM games g WHERE g.status = 'active' ORDER BY g.bayes_rating DESC NULLS LAST, g.id`,
  ) as Promise<Record<string, (string | null)[]>>;
}

async function check(store: Store): Promise<void> {
  const input = await loadDatasetInput(store);
  const want = await expected(store);
  for (const { name: column } of TEXT_FIELDS) {
    expect(GAME_STRING_COLUMNS).toContain(column);
    expect(stringColumn(input.games, column), column).toEqual(want[column]);
  }
}

describe('loadDatasetInput text columns', () => {
  it('match a per-value read, nulls and non-ASCII text included', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    await store.run(`UPDATE games SET description = '' WHERE slug = 'agricola'`);
    await store.run(`UPDATE games SET name = 'Glück — 将棋 🎲' WHERE slug = 'spirit-island'`);
    const want = await expected(store);
    expect(want.description).toContain('');
    expect(want.description).toContain(null);
    await check(store);
  });

  it('fall back to the per-value read when a value holds a separator character', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    await store.run(`UPDATE games SET description = 'a' || chr(31) || 'b' || chr(30) WHERE slug = 'agricola'`);
    await check(store);
    const input = await loadDatasetInput(store);
    expect(stringColumn(input.games, 'description')).toContain('a\u001fb\u001e');
  });

  it('fall back to the per-value read when a value is the null mark alone, so it stays text', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    await store.run(`UPDATE games SET slug = chr(30) WHERE slug = 'agricola'`);
    await check(store);
    const input = await loadDatasetInput(store);
    expect(stringColumn(input.games, 'slug')).toContain('\u001e');
  });

  it('read people and publishers as a per-value read does, separator characters and the lone mark included', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    const plain = await loadDatasetInput(store);
    expect(plain.people.length).toBeGreaterThan(1);
    const [first, second] = plain.people;
    await store.run(`UPDATE people SET name = 'a' || chr(31) || 'b' WHERE slug = $1`, [first.slug]);
    await store.run(`UPDATE people SET description = chr(30) WHERE slug = $1`, [second.slug]);
    const input = await loadDatasetInput(store);
    for (const table of ['people', 'publishers'] as const) {
      const rows = await store.all(`SELECT * FROM ${table} ORDER BY slug`);
      expect(input[table].map((p) => p.id)).toEqual(rows.map((r) => r.id));
      expect(input[table].map((p) => p.description)).toEqual(rows.map((r) => r.description));
    }
    expect(input.people[0].name).toBe('a\u001fb');
    expect(input.people[1].description).toBe('\u001e');
    expect(input.people.slice(2)).toEqual(plain.people.slice(2));
  });
});
