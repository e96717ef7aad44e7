// The `name` sort key of the SQL methods: the engine's own sortName(), computed here in JS for
// every game and handed to DuckDB as data (a TEMP table bench_sort_names (id, sort_name), filled
// through bound list parameters: the appender cannot write TEMP tables of a read-only store).
// No SQL expression can reproduce sortName() (NFKC, diacritics, whitespace, articles).
//
// Byte order: DuckDB and PostgreSQL (COLLATE "C") compare UTF-8 bytes, i.e. code points; the
// engine compares JS strings, i.e. UTF-16 code units. The two disagree only between a code
// point ≥ U+10000 (a surrogate pair, units D800–DFFF) and one in U+E000–U+FFFF. So the SQL
// key is the engine key with every code unit ≥ U+D800 moved up by 0x800 (D800–FFFF become
// U+E000–U+107FF, never a surrogate): one code point per code unit, strictly increasing, hence
// byte order of the SQL key = code-unit order of the engine key, and equal keys stay equal.
// Keys without such units (nearly every name) are unchanged.

import type { Position, Query } from '../engine/index.js';
import type { Queryable } from '../loader/store.js';

export const SORT_NAMES_TABLE = 'bench_sort_names';

const HIGH_UNIT = /[\ud800-\uffff]/; // no `u` flag: matches single code units, surrogates included
const SHIFT_FROM = 0xd800;
const SHIFT = 0x800;
/** Rows per INSERT: one bound list per column. */
const BATCH = 50_000;

/** The engine's sort key re-encoded so that UTF-8 byte order equals the engine's code-unit order. */
export function byteOrderKey(engineKey: string): string {
  if (!HIGH_UNIT.test(engineKey)) return engineKey;
  let out = '';
  for (let i = 0; i < engineKey.length; i++) {
    const unit = engineKey.charCodeAt(i);
    out += unit < SHIFT_FROM ? engineKey[i] : String.fromCodePoint(unit + SHIFT);
  }
  return out;
}

/** True when byteOrderKey changes the key (the key has a code unit ≥ U+D800). */
export function needsReencoding(engineKey: string): boolean {
  return HIGH_UNIT.test(engineKey);
}

/** What the report says about the name key: every method sorts by it, and how many keys were re-encoded. */
export function sortNameNote(engineKeys: readonly string[]): string {
  const reencoded = engineKeys.reduce((n, key) => (needsReencoding(key) ? n + 1 : n), 0);
  return (
    `name sorts use the engine's sort_name for every method, ${reencoded.toLocaleString('en-US')} of them ` +
    `re-encoded for the SQL methods so byte order equals the engine's code-unit order`
  );
}

/** The query's keyset position as the SQL methods compare it: a name key re-encoded, other values as they are. */
export function sqlPosition(query: Query): Position | undefined {
  const after = query.after;
  if (after === undefined || query.sort !== 'name' || typeof after.value !== 'string') return after;
  return { value: byteOrderKey(after.value), id: after.id };
}

/** (Re)creates bench_sort_names: per game id, byteOrderKey(sortName) from the engine's keys. */
export async function createSortNameTable(
  db: Queryable,
  ids: readonly string[],
  engineKeys: readonly string[],
): Promise<void> {
  if (ids.length !== engineKeys.length) throw new RangeError(`${ids.length} ids but ${engineKeys.length} sort keys`);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${SORT_NAMES_TABLE} (id VARCHAR PRIMARY KEY, sort_name VARCHAR NOT NULL)`);
  for (let start = 0; start < ids.length; start += BATCH) {
    const end = Math.min(ids.length, start + BATCH);
    await db.run(`INSERT INTO ${SORT_NAMES_TABLE} SELECT unnest($1::VARCHAR[]), unnest($2::VARCHAR[])`, [
      ids.slice(start, end),
      engineKeys.slice(start, end).map(byteOrderKey),
    ]);
  }
}
