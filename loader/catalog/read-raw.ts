// Stored raw records (votes, play logs) and snapshots in catalog form, read page by page
// with keyset paging so a store with millions of votes exports in bounded memory.

import type { Queryable, Row } from '../store.js';
import { canonicalLine } from './canonical.js';
import type { CatalogKind } from './records.js';

export type RawKind = 'rating_vote' | 'weight_vote' | 'player_count_vote' | 'age_vote' | 'language_vote' | 'play_log';

export const RAW_KINDS: readonly RawKind[] = [
  'rating_vote',
  'weight_vote',
  'player_count_vote',
  'age_vote',
  'language_vote',
  'play_log',
];

/** Table and catalog columns (SELECT expressions over alias v) of each raw kind. */
export const RAW_TABLES: Record<RawKind, { table: string; select: string }> = {
  rating_vote: { table: 'rating_votes', select: 'v.rating, v.declared_scale, v.play_count, v.experience_level' },
  weight_vote: { table: 'weight_votes', select: 'CAST(v.weight AS DOUBLE) AS weight' },
  player_count_vote: { table: 'player_count_votes', select: 'v.player_count, v.rating' },
  age_vote: { table: 'age_votes', select: 'v.age' },
  language_vote: { table: 'language_votes', select: 'v.level' },
  play_log: {
    table: 'play_logs',
    select: `v.minutes, v.players, v.experience_level, strftime(v.played_at, '%Y-%m-%d') AS played_at`,
  },
};

export const DEFAULT_PAGE_SIZE = 10_000;

/** Milliseconds since the epoch, as a double (exact for any realistic date). */
const MS = 'CAST(epoch_ms(v.created_at) AS DOUBLE)';

/**
 * Lines of one raw kind in export order: votes by created_at (millisecond precision, the
 * precision the catalog carries) then id; play logs by id alone, because the catalog has
 * no created_at for them and an order that survives a round trip must use exported fields.
 */
export async function* readRawLines(
  db: Queryable,
  kind: RawKind,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<string> {
  const { table, select } = RAW_TABLES[kind];
  const byId = kind === 'play_log';
  let last: Row | undefined;
  for (;;) {
    // Keyset paging: continue after the last row of the previous page.
    const rows = byId
      ? await db.all(
          `SELECT v.id, g.slug AS game, ${select} FROM ${table} v JOIN games g ON g.id = v.game_id
           WHERE v.id > $1 ORDER BY v.id LIMIT $2`,
          [last ? String(last.id) : '', pageSize],
        )
      : await db.all(
          `SELECT v.id, g.slug AS game, ${select}, ${MS} AS ms FROM ${table} v JOIN games g ON g.id = v.game_id
           WHERE $1::BOOLEAN OR ${MS} > $2 OR (${MS} = $2 AND v.id > $3) ORDER BY ${MS}, v.id LIMIT $4`,
          [last === undefined, last ? Number(last.ms) : 0, last ? String(last.id) : '', pageSize],
        );
    for (const row of rows) yield rawLine(kind, row);
    if (rows.length < pageSize) return;
    last = rows[rows.length - 1];
  }
}

function rawLine(kind: CatalogKind, row: Row): string {
  const created = kind === 'play_log' ? undefined : new Date(Number(row.ms)).toISOString();
  return canonicalLine(kind, { ...row, created_at: created });
}

const SNAPSHOT_SELECT = `SELECT s.game_id, g.slug AS game, strftime(s.snapshot_date, '%Y-%m-%d') AS date, s.rating,
  s.rating_count, s.bayes_rating, s.weight, s.weight_votes, s.rank_overall, CAST(s.rank_by_category AS VARCHAR) AS rank_by_category,
  s.owner_count, s.total_plays
  FROM game_snapshots s JOIN games g ON g.id = s.game_id`;

export function snapshotLine(row: Row): string {
  const ranks = row.rank_by_category;
  return canonicalLine('snapshot', {
    ...row,
    rank_by_category: typeof ranks === 'string' ? (JSON.parse(ranks) as unknown) : undefined,
  });
}

/** Snapshots in export order: game slug, then date. */
export async function* readSnapshotLines(db: Queryable, pageSize = DEFAULT_PAGE_SIZE): AsyncGenerator<string> {
  let lastSlug = '';
  let lastDate = '';
  for (;;) {
    const rows = await db.all(
      `SELECT * FROM (${SNAPSHOT_SELECT}) WHERE (game > $1 OR (game = $1 AND date > $2)) ORDER BY game, date LIMIT $3`,
      [lastSlug, lastDate, pageSize],
    );
    for (const row of rows) yield snapshotLine(row);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    lastSlug = String(last.game);
    lastDate = String(last.date);
  }
}

/** Stored snapshot lines for (game id, date) keys, keyed `${game_id}|${date}`. */
export async function readSnapshotLinesForKeys(
  db: Queryable,
  keys: readonly { game_id: string; date: string }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (keys.length === 0) return out;
  const rows = await db.all(
    `SELECT * FROM (${SNAPSHOT_SELECT}) s
     WHERE (s.game_id || '|' || s.date) IN (SELECT unnest($1::VARCHAR[]))`,
    [keys.map((k) => `${k.game_id}|${k.date}`)],
  );
  for (const row of rows) out.set(`${String(row.game_id)}|${String(row.date)}`, snapshotLine(row));
  return out;
}
