// Pieces shared by the two SQL formulations: bound placeholders, the scalar predicates on a
// games-shaped relation `g`, the keyset condition, and the one statement that returns the
// exact total and the page's ids together. Values are always bound; identifiers come only
// from the fixed maps here.

import {
  DEFAULT_EXPERIENCE_MULTIPLIERS,
  EXPERIENCE_LEVELS,
  type Filter,
  type Position,
  type Query,
} from '../engine/index.js';
import type { Queryable, SqlValue } from '../loader/store.js';
import type { BenchSortKey } from './scan-order.js';
import { sqlPosition } from './sql-sort-names.js';

export interface SqlStatement {
  sql: string;
  params: SqlValue[];
}

export class SqlBuilder {
  readonly where: string[] = [];
  readonly params: SqlValue[] = [];

  /** A placeholder bound to `value`. */
  bind(value: SqlValue): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** `IN ($a, $b, ...)`: one placeholder per value (DuckDB filters this faster than `= ANY($list)`). */
  inList(values: readonly SqlValue[]): string {
    return `IN (${values.map((v) => this.bind(v)).join(', ')})`;
  }
}

/** PostgreSQL binds a text list as one array parameter. */
export class PgSqlBuilder extends SqlBuilder {
  override inList(values: readonly SqlValue[]): string {
    return `= ANY(${this.bind(values)}::text[])`;
  }
}

/** Sort columns on a relation `g` that has a precomputed `sort_name` (bitmask table, PostgreSQL). */
export const SORT_COLUMNS: Readonly<Record<BenchSortKey, string>> = {
  bayes_rating: 'g.bayes_rating',
  rating: 'g.rating',
  weight: 'g.weight',
  year_published: 'g.year_published',
  name: 'g.sort_name',
};

const EXPERIENCE_SQL = {
  first_play: 'g.experience_first_play',
  learning: 'g.experience_learning',
  experienced: 'g.experience_experienced',
  expert: 'g.experience_expert',
} as const;

const ALL_EXPERIENCE_KNOWN = EXPERIENCE_LEVELS.map((level) => `${EXPERIENCE_SQL[level]} IS NOT NULL`).join(' AND ');

/**
 * Predicates on the scalar columns of `g` (players, weight, time, year, rating, type, mode),
 * in SQL both DuckDB and PostgreSQL read; lists go through the builder's `inList`.
 */
export function scalarFilterSql(f: Filter, b: SqlBuilder): void {
  const w = b.where;
  if (f.players !== undefined) {
    const p = b.bind(f.players);
    w.push(`g.min_players <= ${p} AND g.max_players >= ${p}`);
  }
  if (f.weight_min !== undefined) w.push(`g.weight >= ${b.bind(f.weight_min)}`);
  if (f.weight_max !== undefined) w.push(`g.weight <= ${b.bind(f.weight_max)}`);
  const factor = playtimeFactor(f, b);
  const time = f.playtime_source === 'community' ? 'g.community_' : 'g.';
  if (f.playtime_min !== undefined) w.push(`${time}min_playtime${factor} >= ${b.bind(f.playtime_min)}`);
  if (f.playtime_max !== undefined) w.push(`${time}max_playtime${factor} <= ${b.bind(f.playtime_max)}`);
  if (f.year_min !== undefined) w.push(`g.year_published >= ${b.bind(f.year_min)}`);
  if (f.year_max !== undefined) w.push(`g.year_published <= ${b.bind(f.year_max)}`);
  if (f.rating_min !== undefined) w.push(`g.rating >= ${b.bind(f.rating_min)}`);
  if (f.rating_max !== undefined) w.push(`g.rating <= ${b.bind(f.rating_max)}`);
  if (f.min_rating_votes !== undefined) w.push(`g.rating_votes >= ${b.bind(f.min_rating_votes)}`);
  if (f.type && f.type.length > 0) w.push(`g.type ${b.inList(f.type)}`);
  if (f.mode && f.mode.length > 0) w.push(`g.mode ${b.inList(f.mode)}`);
}

/** The award filter through the store's game_awards and awards tables (DuckDB formulations). */
export function awardFilterSql(f: Filter, b: SqlBuilder): void {
  if (!f.award) return;
  const parts = ['true'];
  if (f.award.slug !== undefined) parts.push(`a.slug = ${b.bind(f.award.slug)}`);
  if (f.award.result !== undefined) parts.push(`ga.result = ${b.bind(f.award.result)}`);
  b.where.push(
    `g.id IN (SELECT ga.game_id FROM game_awards ga JOIN awards a ON a.id = ga.award_id WHERE ${parts.join(' AND ')})`,
  );
}

/** `× multiplier` of the requested experience level: the game's own when all four are known. */
function playtimeFactor(f: Filter, b: SqlBuilder): string {
  const level = f.playtime_experience;
  if (level === undefined) return '';
  const fallback = b.bind(DEFAULT_EXPERIENCE_MULTIPLIERS[level]);
  return ` * (CASE WHEN ${ALL_EXPERIENCE_KNOWN} THEN ${EXPERIENCE_SQL[level]} ELSE ${fallback}::FLOAT8 END)`;
}

/** Rows strictly after the position: nulls last in both directions, ties by id. */
function afterSql(position: Position, order: Query['order'], b: SqlBuilder): string {
  const id = b.bind(position.id);
  if (position.value === null) return `(s IS NULL AND id > ${id})`;
  const v = b.bind(position.value);
  const beyond = order === 'desc' ? `s < ${v}` : `s > ${v}`;
  return `(${beyond} OR (s = ${v} AND id > ${id}) OR s IS NULL)`;
}

/**
 * The statement: the filtered rows materialized once, counted for the total, and the page
 * taken after the cursor in (s dir NULLS LAST, id). One row comes back even when the page
 * is empty: the total and the ordered list of page ids. `tieSql` orders like `g.id` (the id
 * itself, or an integer rank of it, which DuckDB's top-N compares much faster).
 */
export function pageSql(query: Query, from: string, sortSql: string, tieSql: string, b: SqlBuilder): SqlStatement {
  const dir = query.order === 'desc' ? 'DESC' : 'ASC';
  const where = b.where.length > 0 ? b.where.join('\n    AND ') : 'true';
  const after = sqlPosition(query);
  const keyset = after ? afterSql(after, query.order, b) : 'true';
  const limit = b.bind(Math.max(0, Math.floor(query.limit)));
  const sql = `WITH matched AS MATERIALIZED (
  SELECT g.id, ${sortSql} AS s, ${tieSql} AS tie FROM ${from}
  WHERE ${where}
), page AS (
  SELECT id, s, tie FROM matched WHERE ${keyset}
  ORDER BY s ${dir} NULLS LAST, tie ASC LIMIT ${limit}
)
SELECT (SELECT count(*) FROM matched)::INTEGER AS total,
       list(id ORDER BY s ${dir} NULLS LAST, tie ASC) AS ids
FROM page`;
  return { sql, params: b.params };
}

/** Runs a page statement; the page's ids in order and the exact total. */
export async function runPage(db: Queryable, statement: SqlStatement): Promise<{ ids: string[]; total: number }> {
  const rows = await db.all<{ total: number; ids: string[] | null }>(statement.sql, statement.params);
  const row = rows[0];
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}

/** The values the map knows for these keys, without duplicates. */
export function known<T>(keys: readonly string[], map: ReadonlyMap<string, T>): T[] {
  const out = new Set<T>();
  for (const key of keys) {
    const value = map.get(key);
    if (value !== undefined) out.add(value);
  }
  return [...out];
}
