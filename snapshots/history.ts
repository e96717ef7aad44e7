// GameSnapshot reads for the longitudinal endpoints (SPEC-NOTES §9.3, §10.3, D54, D55).
// A ranking "at a date" is the store's latest snapshot date on or before it that holds a
// rank in the scope, and only the snapshots of that one date: a game whose last snapshot is
// older (it dropped out of an imported top-N list) is not ranked there with a stale rank.

import type { Queryable } from '../loader/store.js';

export interface SnapshotRow {
  date: string;
  rating: number | null;
  rating_count: number | null;
  bayes_rating: number | null;
  rating_confidence: number | null;
  weight: number | null;
  weight_votes: number | null;
  rank_overall: number | null;
  rank_by_category: Record<string, number> | null;
  owner_count: number | null;
  total_plays: number | null;
  play_count_period: number | null;
}

/** `overall`, or one category's ranks from rank_by_category (canonical category slug). */
export type RankScope = { kind: 'overall' } | { kind: 'category'; slug: string };

export interface RankedSnapshot {
  rank: number;
  game_id: string;
  game_slug: string;
  game_name: string;
  bayes_rating: number | null;
  rating: number | null;
  rating_count: number | null;
}

export interface RankPoint {
  date: string;
  game_id: string;
  rank: number;
}

export interface GameName {
  slug: string;
  name: string;
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'bigint' ? Number(value) : (value as number);
}

/** The rank column of a scope, reading a bound JSON path at parameter `$index` for a category. */
function rankOf(scope: RankScope, index: number): { sql: string; params: string[] } {
  if (scope.kind === 'overall') return { sql: 's.rank_overall', params: [] };
  // Slugs are [a-z0-9-]: quoted as one JSONPath member; the path itself is bound.
  return {
    sql: `TRY_CAST(json_extract_string(s.rank_by_category, $${index}) AS INTEGER)`,
    params: [`$."${scope.slug}"`],
  };
}

const DATE = `strftime(s.snapshot_date, '%Y-%m-%d')`;

/** One game's snapshots within [from, to] (either bound may be null), oldest first. */
export async function gameSnapshots(
  db: Queryable,
  gameId: string,
  from: string | null,
  to: string | null,
): Promise<SnapshotRow[]> {
  const rows = await db.all(
    `SELECT ${DATE} AS date, s.rating, s.rating_count, s.bayes_rating, s.rating_confidence, s.weight, s.weight_votes,
       s.rank_overall, CAST(s.rank_by_category AS VARCHAR) AS rank_by_category, s.owner_count, s.total_plays, s.play_count_period
     FROM game_snapshots s
     WHERE s.game_id = $1 AND ($2::DATE IS NULL OR s.snapshot_date >= $2::DATE) AND ($3::DATE IS NULL OR s.snapshot_date <= $3::DATE)
     ORDER BY s.snapshot_date`,
    [gameId, from, to],
  );
  return rows.map((r) => ({
    date: r.date as string,
    rating: toNumber(r.rating),
    rating_count: toNumber(r.rating_count),
    bayes_rating: toNumber(r.bayes_rating),
    rating_confidence: toNumber(r.rating_confidence),
    weight: toNumber(r.weight),
    weight_votes: toNumber(r.weight_votes),
    rank_overall: toNumber(r.rank_overall),
    rank_by_category: parseRanks(r.rank_by_category),
    owner_count: toNumber(r.owner_count),
    total_plays: toNumber(r.total_plays),
    play_count_period: toNumber(r.play_count_period),
  }));
}

function parseRanks(value: unknown): Record<string, number> | null {
  if (typeof value !== 'string') return null;
  const parsed: unknown = JSON.parse(value);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const out: Record<string, number> = {};
  for (const key of Object.keys(parsed).sort()) {
    const rank = (parsed as Record<string, unknown>)[key];
    if (typeof rank === 'number') out[key] = rank;
  }
  return out;
}

/** The latest snapshot date on or before `date` (null: the latest of all) with a rank in the scope. */
export async function rankingDateOnOrBefore(
  db: Queryable,
  scope: RankScope,
  date: string | null,
): Promise<string | null> {
  const rank = rankOf(scope, 2);
  const rows = await db.all(
    `SELECT strftime(max(s.snapshot_date), '%Y-%m-%d') AS date FROM game_snapshots s
     WHERE ($1::DATE IS NULL OR s.snapshot_date <= $1::DATE) AND ${rank.sql} IS NOT NULL`,
    [date, ...rank.params],
  );
  return (rows[0]?.date as string | null | undefined) ?? null;
}

/** The earliest snapshot date on or after `date` with a rank in the scope. */
export async function rankingDateOnOrAfter(db: Queryable, scope: RankScope, date: string): Promise<string | null> {
  const rank = rankOf(scope, 2);
  const rows = await db.all(
    `SELECT strftime(min(s.snapshot_date), '%Y-%m-%d') AS date FROM game_snapshots s
     WHERE s.snapshot_date >= $1::DATE AND ${rank.sql} IS NOT NULL`,
    [date, ...rank.params],
  );
  return (rows[0]?.date as string | null | undefined) ?? null;
}

/** The games ranked 1..top in the scope by the snapshots of exactly `date`, by rank then id. */
export async function rankingAt(db: Queryable, scope: RankScope, date: string, top: number): Promise<RankedSnapshot[]> {
  const rank = rankOf(scope, 3);
  const rows = await db.all(
    `SELECT * FROM (
       SELECT ${rank.sql} AS rank, s.game_id, g.slug AS game_slug, g.name AS game_name, s.bayes_rating, s.rating, s.rating_count
       FROM game_snapshots s JOIN games g ON g.id = s.game_id
       WHERE s.snapshot_date = $1::DATE
     ) WHERE rank IS NOT NULL AND rank <= $2 ORDER BY rank, game_id`,
    [date, top, ...rank.params],
  );
  return rows.map((r) => ({
    rank: toNumber(r.rank) ?? 0,
    game_id: r.game_id as string,
    game_slug: r.game_slug as string,
    game_name: r.game_name as string,
    bayes_rating: toNumber(r.bayes_rating),
    rating: toNumber(r.rating),
    rating_count: toNumber(r.rating_count),
  }));
}

/** Snapshot dates in [from, to] that hold a rank in the scope, oldest first. */
export async function rankingDates(db: Queryable, scope: RankScope, from: string, to: string): Promise<string[]> {
  const rank = rankOf(scope, 3);
  const rows = await db.all(
    `SELECT DISTINCT ${DATE} AS date FROM game_snapshots s
     WHERE s.snapshot_date BETWEEN $1::DATE AND $2::DATE AND ${rank.sql} IS NOT NULL ORDER BY date`,
    [from, to, ...rank.params],
  );
  return rows.map((r) => r.date as string);
}

/** Every (date, game, rank) with rank ≤ top in the scope between two dates, by date then rank. */
export async function topRanksBetween(
  db: Queryable,
  scope: RankScope,
  from: string,
  to: string,
  top: number,
): Promise<RankPoint[]> {
  const rank = rankOf(scope, 4);
  const rows = await db.all(
    `SELECT * FROM (
       SELECT ${DATE} AS date, s.game_id, ${rank.sql} AS rank FROM game_snapshots s
       WHERE s.snapshot_date BETWEEN $1::DATE AND $2::DATE
     ) WHERE rank IS NOT NULL AND rank <= $3 ORDER BY date, rank, game_id`,
    [from, to, top, ...rank.params],
  );
  return rows.map((r) => ({ date: r.date as string, game_id: r.game_id as string, rank: toNumber(r.rank) ?? 0 }));
}

/** Slug and name of each stored game among `ids`. */
export async function gameNames(db: Queryable, ids: readonly string[]): Promise<Map<string, GameName>> {
  const out = new Map<string, GameName>();
  if (ids.length === 0) return out;
  const rows = await db.all(`SELECT id, slug, name FROM games WHERE list_contains($1::VARCHAR[], id)`, [[...ids]]);
  for (const r of rows) out.set(r.id as string, { slug: r.slug as string, name: r.name as string });
  return out;
}
