// The polls step's own narrow write path. A poll file changes three baseline poll tables
// and two stated summaries of a game, nothing else; rewriting whole game records through
// the catalog import (read every field and link back, validate, delete and reinsert every
// child row) made this step the import's memory peak (1.2 GB over 40k games) and a good
// share of its time. Here only the polls and the two summaries are read, compared and
// replaced, with the catalog's own rules: the merged stats are checked by the catalog's
// stats schema, "unchanged" means the same canonical polls (canonical.ts), a game that had
// no statistics gets the row a catalog import of `stats: {…polls}` would give it, and a
// write makes the column file stale (bumpDataVersion), as importCatalog does.

import { LANGUAGE_DEPENDENCE_LEVELS } from '../../../engine/index.js';
import { deleteWhereIn, insertRows, type JsonRow } from '../../catalog/bulk.js';
import { canonicalLine } from '../../catalog/canonical.js';
import { sortByLevel } from '../../catalog/read-games.js';
import { statsSchema } from '../../catalog/records.js';
import * as T from '../../catalog/tables.js';
import { bumpDataVersion, type Queryable, type Store } from '../../store.js';
import type { AmendResult, CatalogObject } from '../amend-games.js';

/** Games read, compared and written per transaction (as amend-games.ts's chunks). */
export const POLL_CHUNK = 10_000;

const IDS = 'SELECT unnest($1::VARCHAR[]) AS id';

/** Per game: whether it has a baseline_stats row, its two summaries and its three polls (as read-games.ts lists them). */
const STORED_POLLS = `
WITH ids AS (${IDS}),
pcr AS (SELECT x.game_id, list({player_count: x.player_count, average_rating: x.average_rating,
          rating_count: x.rating_count, rating_stddev: x.rating_stddev} ORDER BY x.player_count) AS v
        FROM baseline_player_count_ratings x WHERE x.game_id IN (SELECT id FROM ids) GROUP BY x.game_id),
age AS (SELECT x.game_id, list({suggested_age: x.suggested_age, vote_count: x.vote_count} ORDER BY x.suggested_age) AS v
        FROM baseline_age_poll x WHERE x.game_id IN (SELECT id FROM ids) GROUP BY x.game_id),
lang AS (SELECT x.game_id, list({level: x.level, vote_count: x.vote_count} ORDER BY x.level) AS v
         FROM baseline_language_poll x WHERE x.game_id IN (SELECT id FROM ids) GROUP BY x.game_id)
SELECT string_agg(to_json({id: g.id, has: s.game_id IS NOT NULL,
  community_suggested_age: s.community_suggested_age, language_dependence: s.language_dependence,
  pcr: pcr.v, age: age.v, lang: lang.v})::VARCHAR, chr(10)) AS lines
FROM games g
LEFT JOIN baseline_stats s ON s.game_id = g.id
LEFT JOIN pcr ON pcr.game_id = g.id
LEFT JOIN age ON age.game_id = g.id
LEFT JOIN lang ON lang.game_id = g.id
WHERE g.id IN (SELECT id FROM ids)`;

interface StoredRow {
  id: string;
  has: boolean;
  community_suggested_age: number | null;
  language_dependence: string | null;
  pcr: CatalogObject[] | null;
  age: CatalogObject[] | null;
  lang: CatalogObject[] | null;
}

/** The poll fields of stats and the table each is stored in. */
const POLL_TABLES = [
  ['player_count_ratings', T.BASELINE_PLAYER_COUNT_RATINGS],
  ['age_poll', T.BASELINE_AGE_POLL],
  ['language_poll', T.BASELINE_LANGUAGE_POLL],
] as const;
const SUMMARIES = ['community_suggested_age', 'language_dependence'] as const;

/**
 * Reads the polls of the given games, hands each game as `{ stats }` (absent when the game
 * has no statistics; only the poll fields and their summaries, in the catalog's canonical
 * form) to `amend`, and writes back what changed, POLL_CHUNK games per transaction. The
 * counts are those amendStoredGames would give for the same amendment.
 */
export async function amendStoredPolls(
  store: Store,
  gameIds: readonly string[],
  amend: (stored: CatalogObject, gameId: string) => CatalogObject,
  options: { onProgress?: (status: string) => void },
): Promise<AmendResult> {
  const result: AmendResult = { updated: 0, unchanged: 0, inserted: {} };
  for (let at = 0; at < gameIds.length; at += POLL_CHUNK) {
    const chunk = gameIds.slice(at, at + POLL_CHUNK);
    const changes = new Changes();
    const read = await readStoredPolls(store, chunk);
    // In the caller's order (as amendStoredGames goes), so the report's examples come out the same.
    for (const id of chunk) {
      const stored = read.get(id);
      if (stored === undefined) continue;
      const before = storedRecord(stored);
      const after = amend(before, stored.id);
      const beforeStats = before.stats as CatalogObject | undefined;
      const afterStats = after.stats as CatalogObject | undefined;
      if (pollsLine(beforeStats) === pollsLine(afterStats)) {
        result.unchanged++;
        continue;
      }
      changes.add(stored, beforeStats, checked(afterStats ?? {}, stored.id));
      result.updated++;
    }
    if (changes.games > 0) await store.transaction((tx) => changes.write(tx));
    options.onProgress?.(
      `${Math.min(at + POLL_CHUNK, gameIds.length).toLocaleString('en-US')}/${gameIds.length.toLocaleString('en-US')} games compared, ${result.updated.toLocaleString('en-US')} written`,
    );
  }
  return result;
}

async function readStoredPolls(db: Queryable, ids: readonly string[]): Promise<Map<string, StoredRow>> {
  const out = new Map<string, StoredRow>();
  if (ids.length === 0) return out;
  const [{ lines }] = await db.all<{ lines: string | null }>(STORED_POLLS, [ids]);
  for (const line of lines ? lines.split('\n') : []) {
    const row = JSON.parse(line) as StoredRow;
    out.set(row.id, row);
  }
  return out;
}

/** The stored game as the catalog reads it back (read-games.ts), narrowed to its polls. */
function storedRecord(row: StoredRow): CatalogObject {
  if (!row.has) return {};
  const stats: CatalogObject = {
    player_count_ratings: (row.pcr ?? []).map(withoutNulls),
    age_poll: row.age ?? [],
    language_poll: sortByLevel(row.lang ?? [], LANGUAGE_DEPENDENCE_LEVELS),
  };
  for (const field of SUMMARIES) if (row[field] !== null) stats[field] = row[field];
  return { stats };
}

/** Catalog rows leave absent optional fields out (canonical.ts); poll rows compare that way. */
function withoutNulls(row: CatalogObject): CatalogObject {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
}

/** The canonical text of the polls and summaries of stats, lists in the order resolve-game.ts stores them. */
function pollsLine(stats: CatalogObject | undefined): string {
  if (!stats) return '';
  return canonicalLine('game', { stats: normalized(stats) });
}

function normalized(stats: CatalogObject): CatalogObject {
  const rows = (field: string) => (Array.isArray(stats[field]) ? (stats[field] as CatalogObject[]) : []);
  const out: CatalogObject = {
    player_count_ratings: [...rows('player_count_ratings')].sort(
      (a, b) => Number(a.player_count) - Number(b.player_count),
    ),
    age_poll: [...rows('age_poll')].sort((a, b) => Number(a.suggested_age) - Number(b.suggested_age)),
    language_poll: sortByLevel(rows('language_poll'), LANGUAGE_DEPENDENCE_LEVELS),
  };
  for (const field of SUMMARIES) if (stats[field] !== undefined) out[field] = stats[field];
  return out;
}

/** The amended polls under the catalog's stats schema: what importCatalog would have refused, this refuses. */
function checked(stats: CatalogObject, gameId: string): CatalogObject {
  const subset: CatalogObject = {};
  for (const [field] of POLL_TABLES) if (stats[field] !== undefined) subset[field] = stats[field];
  for (const field of SUMMARIES) if (stats[field] !== undefined) subset[field] = stats[field];
  const parsed = statsSchema.safeParse(subset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`game ${gameId}: stats.${issue.path.join('.')}: ${issue.message}`);
  }
  return normalized(parsed.data as CatalogObject);
}

/** One chunk's writes, set-wise: per poll table the games whose poll changed, then the summaries. */
class Changes {
  games = 0;
  private readonly replaced = new Map<string, { ids: string[]; rows: JsonRow[] }>(
    POLL_TABLES.map(([field]) => [field, { ids: [], rows: [] }]),
  );
  private readonly cleared = new Map<string, string[]>(SUMMARIES.map((f) => [f, []]));
  private readonly newStats: JsonRow[] = [];

  add(stored: StoredRow, before: CatalogObject | undefined, after: CatalogObject): void {
    this.games++;
    const old = before ? normalized(before) : {};
    for (const [field] of POLL_TABLES) {
      const rows = (after[field] ?? []) as CatalogObject[];
      if (fieldLine(field, old[field]) === fieldLine(field, rows)) continue;
      const change = this.replaced.get(field);
      change?.ids.push(stored.id);
      change?.rows.push(...rows.map((r) => pollRow(field, stored.id, r)));
    }
    if (!stored.has) {
      this.newStats.push(emptyStatsRow(stored.id, after));
      return;
    }
    for (const field of SUMMARIES)
      if (old[field] !== undefined && after[field] === undefined) this.cleared.get(field)?.push(stored.id);
  }

  async write(db: Queryable): Promise<void> {
    for (const [field, spec] of POLL_TABLES) {
      const change = this.replaced.get(field);
      if (!change || change.ids.length === 0) continue;
      await deleteWhereIn(db, spec.table, 'game_id', change.ids);
      await insertRows(db, spec, change.rows);
    }
    for (const [field, ids] of this.cleared) {
      if (ids.length === 0) continue;
      // Only fixed column names (SUMMARIES) enter the SQL; the ids are bound.
      await db.run(`UPDATE baseline_stats SET ${field} = NULL WHERE game_id IN (SELECT unnest($1::VARCHAR[]))`, [ids]);
    }
    await insertRows(db, T.BASELINE_STATS, this.newStats);
    await bumpDataVersion(db);
  }
}

/** One poll in canonical form (key order and absent fields as the catalog writes them). */
function fieldLine(field: string, rows: unknown): string {
  return canonicalLine('game', { stats: { [field]: rows ?? [] } });
}

/** A poll row in its table's columns (resolve-game.ts addStatsRows). */
function pollRow(field: string, gameId: string, row: CatalogObject): JsonRow {
  if (field === 'player_count_ratings') return { game_id: gameId, ...row, rating_stddev: row.rating_stddev ?? null };
  return { game_id: gameId, ...row };
}

/** The baseline_stats row of a game that had none and now has polls: what resolve-game.ts writes for `stats: {…polls}`. */
function emptyStatsRow(gameId: string, stats: CatalogObject): JsonRow {
  const row: JsonRow = Object.fromEntries(T.BASELINE_STATS.columns.map((c) => [c.name, null]));
  row.game_id = gameId;
  row.unranked = false;
  for (const field of SUMMARIES) row[field] = stats[field] ?? null;
  return row;
}
