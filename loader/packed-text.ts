// Text columns of the visible games in row order, each read as one string. A column comes over
// joined by the unit separator (nulls as a lone record separator) and is split here: one
// string crossing into JS instead of 150,000 costs a fraction (each value decoded on its own
// is ~2 µs). When some value holds either control character, the plain per-value read is
// used instead.

import type { Store } from './store.js';
import { yieldTurn } from './turns.js';

const UNIT_SEPARATOR = '\u001f';
const NULL_MARK = '\u001e';

/**
 * `entries`: [name, SQL expression over `g` (the games row) and `r` (the rows table)].
 * `rows` is a load's TEMP table of visible games and their row index (see load.ts).
 * `json`: every expression is JSON text, which escapes control characters, so the scan for
 * the separators is left out.
 */
export async function loadPackedText(
  store: Store,
  rows: string,
  entries: readonly (readonly [string, string])[],
  { json = false }: { json?: boolean } = {},
): Promise<Record<string, (string | null)[]>> {
  const out: Record<string, (string | null)[]> = {};
  if (entries.length === 0) return out;
  const unsafe = json
    ? 'false'
    : `bool_or(${entries.map(([, sql]) => `contains(coalesce(${sql}, ''), chr(31)) OR contains(coalesce(${sql}, ''), chr(30))`).join(' OR ')})`;
  const [packed] = await store.all<Record<string, string | number | boolean | null>>(
    `SELECT count(*)::INTEGER AS n,
       ${unsafe} AS unsafe,
       ${entries.map(([c, sql]) => `string_agg(coalesce(${sql}, chr(30)), chr(31) ORDER BY r.row) AS ${c}`).join(', ')}
     FROM ${rows} r JOIN games g ON g.id = r.id`,
  );
  if (packed.unsafe === true) {
    const cols = await store.columns(
      `SELECT ${entries.map(([c, sql]) => `${sql} AS ${c}`).join(', ')} FROM ${rows} r JOIN games g ON g.id = r.id ORDER BY r.row`,
    );
    for (const [c] of entries) out[c] = cols[c] as (string | null)[];
    return out;
  }
  const n = Number(packed.n);
  for (const [c] of entries) {
    await yieldTurn();
    const joined = packed[c];
    const values = n === 0 || typeof joined !== 'string' ? [] : joined.split(UNIT_SEPARATOR);
    if (values.length !== n) throw new Error(`text column ${c}: ${values.length} values for ${n} games`);
    out[c] = values.map((v) => (v === NULL_MARK ? null : v));
  }
  return out;
}
