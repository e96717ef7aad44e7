// The DuckDB method: the bench Query as one SQL statement over the store's own schema, with
// every value bound as a parameter and every identifier taken from the fixed maps below.
//
// Formulation (the fastest of those tried, see bench/README.md): scalar filters as plain
// predicates on `games`; each taxonomy or designer dimension as a semi-join (`id IN
// (SELECT game_id FROM game_terms WHERE term_id = ANY($n))`), anti-join for `_not`, and
// GROUP BY ... HAVING count(*) = n for all-of; slugs resolved to ids once per store (the
// engine resolves them through its dictionaries too). Total and page come back in one row:
// the count over the filtered rows and the page's ids as an ordered list.

import { DEFAULT_EXPERIENCE_MULTIPLIERS, EXPERIENCE_LEVELS, type TaxonomyKind } from '../engine/domain.js';
import type { Filter, Position, Query } from '../engine/query.js';
import type { Queryable, SqlValue } from '../loader/store.js';
import { benchSortKey, type BenchSortKey } from './scan-order.js';
import { assertSupported } from './supported.js';

/**
 * The `name` sort key in SQL: engine sortName() for ASCII, single-spaced names (what the
 * generator writes): lowercase, leading English article removed.
 */
const NAME_SORT_SQL = `regexp_replace(lower(g.name), '^(the|a|an)\\s+', '')`;

const SORT_SQL: Readonly<Record<BenchSortKey, string>> = {
  bayes_rating: 'g.bayes_rating',
  rating: 'g.rating',
  weight: 'g.weight',
  year_published: 'g.year_published',
  name: NAME_SORT_SQL,
};

const EXPERIENCE_SQL = {
  first_play: 'g.experience_first_play',
  learning: 'g.experience_learning',
  experienced: 'g.experience_experienced',
  expert: 'g.experience_expert',
} as const;

const ALL_EXPERIENCE_KNOWN = EXPERIENCE_LEVELS.map((level) => `${EXPERIENCE_SQL[level]} IS NOT NULL`).join(' AND ');

/** Slug → id maps, loaded once per store. */
export interface SqlLookups {
  terms: Record<TaxonomyKind, Map<string, string>>;
  people: Map<string, string>;
}

export async function loadLookups(db: Queryable): Promise<SqlLookups> {
  const terms: SqlLookups['terms'] = { mechanic: new Map(), category: new Map(), theme: new Map() };
  for (const t of await db.all<{ kind: TaxonomyKind; slug: string; id: string }>('SELECT kind, slug, id FROM terms')) {
    terms[t.kind].set(t.slug, t.id);
  }
  const people = new Map<string, string>();
  for (const p of await db.all<{ slug: string; id: string }>('SELECT slug, id FROM people')) people.set(p.slug, p.id);
  return { terms, people };
}

export interface SqlStatement {
  sql: string;
  params: SqlValue[];
}

class Builder {
  readonly where: string[] = [];
  readonly params: SqlValue[] = [];

  /** A placeholder bound to `value`. */
  bind(value: SqlValue): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

export function buildSql(query: Query, lookups: SqlLookups): SqlStatement {
  assertSupported(query);
  const b = new Builder();
  filterSql(query.filter, lookups, b);
  const sortKey = benchSortKey(query.sort);
  const sort = SORT_SQL[sortKey];
  const dir = query.order === 'desc' ? 'DESC' : 'ASC';
  const where = b.where.length > 0 ? b.where.join('\n    AND ') : 'true';
  const keyset = query.after ? afterSql(query.after, query.order, b) : 'true';
  const limit = b.bind(Math.max(0, Math.floor(query.limit)));
  const sql = `WITH matched AS MATERIALIZED (
  SELECT g.id, ${sort} AS s FROM games g
  WHERE ${where}
), page AS (
  SELECT id, s FROM matched WHERE ${keyset}
  ORDER BY s ${dir} NULLS LAST, id ASC LIMIT ${limit}
)
SELECT (SELECT count(*) FROM matched)::INTEGER AS total,
       list(id ORDER BY s ${dir} NULLS LAST, id ASC) AS ids
FROM page`;
  return { sql, params: b.params };
}

/** Rows strictly after the position: nulls last in both directions, ties by id. */
function afterSql(position: Position, order: Query['order'], b: Builder): string {
  const id = b.bind(position.id);
  if (position.value === null) return `(s IS NULL AND id > ${id})`;
  const v = b.bind(position.value);
  const beyond = order === 'desc' ? `s < ${v}` : `s > ${v}`;
  return `(${beyond} OR (s = ${v} AND id > ${id}) OR s IS NULL)`;
}

function filterSql(f: Filter, lookups: SqlLookups, b: Builder): void {
  const w = b.where;
  if (f.players !== undefined) {
    const p = b.bind(f.players);
    w.push(`g.min_players <= ${p} AND g.max_players >= ${p}`);
  }
  if (f.weight_min !== undefined) w.push(`g.weight >= ${b.bind(f.weight_min)}`);
  if (f.weight_max !== undefined) w.push(`g.weight <= ${b.bind(f.weight_max)}`);
  const factor = playtimeFactor(f, b);
  if (f.playtime_min !== undefined) w.push(`g.min_playtime${factor} >= ${b.bind(f.playtime_min)}`);
  if (f.playtime_max !== undefined) w.push(`g.max_playtime${factor} <= ${b.bind(f.playtime_max)}`);
  if (f.year_min !== undefined) w.push(`g.year_published >= ${b.bind(f.year_min)}`);
  if (f.year_max !== undefined) w.push(`g.year_published <= ${b.bind(f.year_max)}`);
  if (f.rating_min !== undefined) w.push(`g.rating >= ${b.bind(f.rating_min)}`);
  if (f.rating_max !== undefined) w.push(`g.rating <= ${b.bind(f.rating_max)}`);
  if (f.min_rating_votes !== undefined) w.push(`g.rating_votes >= ${b.bind(f.min_rating_votes)}`);
  if (f.type && f.type.length > 0) w.push(`g.type = ANY(${b.bind(f.type)})`);
  if (f.mode && f.mode.length > 0) w.push(`g.mode = ANY(${b.bind(f.mode)})`);
  termSql(lookups, 'mechanic', f.mechanics, 'any', b);
  termSql(lookups, 'mechanic', f.mechanics_all, 'all', b);
  termSql(lookups, 'mechanic', f.mechanics_not, 'none', b);
  termSql(lookups, 'theme', f.theme, 'any', b);
  termSql(lookups, 'theme', f.theme_not, 'none', b);
  termSql(lookups, 'category', f.category, 'any', b);
  termSql(lookups, 'category', f.category_not, 'none', b);
  if (f.designer && f.designer.length > 0) {
    const ids = known(f.designer, lookups.people);
    w.push(
      ids.length === 0
        ? 'false'
        : `g.id IN (SELECT c.game_id FROM game_credits c WHERE c.role = 'designer' AND c.person_id = ANY(${b.bind(ids)}))`,
    );
  }
}

/** `× multiplier` of the requested experience level (the game's own when all four are known). */
function playtimeFactor(f: Filter, b: Builder): string {
  const level = f.playtime_experience;
  if (level === undefined) return '';
  const fallback = b.bind(DEFAULT_EXPERIENCE_MULTIPLIERS[level]);
  return ` * (CASE WHEN ${ALL_EXPERIENCE_KNOWN} THEN ${EXPERIENCE_SQL[level]} ELSE ${fallback}::DOUBLE END)`;
}

function termSql(
  lookups: SqlLookups,
  kind: TaxonomyKind,
  slugs: readonly string[] | undefined,
  mode: 'any' | 'all' | 'none',
  b: Builder,
): void {
  if (!slugs || slugs.length === 0) return;
  const ids = known(slugs, lookups.terms[kind]);
  const distinct = new Set(slugs).size;
  if (mode === 'none') {
    if (ids.length > 0) b.where.push(`g.id NOT IN (SELECT t.game_id FROM game_terms t WHERE t.term_id = ANY(${b.bind(ids)}))`);
    return;
  }
  // any: no known slug matches nothing; all: one unknown slug can never be satisfied
  if (ids.length === 0 || (mode === 'all' && ids.length < distinct)) {
    b.where.push('false');
    return;
  }
  const list = b.bind(ids);
  b.where.push(
    mode === 'any'
      ? `g.id IN (SELECT t.game_id FROM game_terms t WHERE t.term_id = ANY(${list}))`
      : `g.id IN (SELECT t.game_id FROM game_terms t WHERE t.term_id = ANY(${list}) GROUP BY t.game_id HAVING count(*) = ${b.bind(ids.length)})`,
  );
}

/** Ids of the slugs the store knows, without duplicates. */
function known(slugs: readonly string[], map: Map<string, string>): string[] {
  const out = new Set<string>();
  for (const slug of slugs) {
    const id = map.get(slug);
    if (id !== undefined) out.add(id);
  }
  return [...out];
}

/** Runs the statement; the page's ids in order and the exact total. */
export async function runSql(db: Queryable, statement: SqlStatement): Promise<{ ids: string[]; total: number }> {
  const rows = await db.all<{ total: number; ids: string[] | null }>(statement.sql, statement.params);
  const row = rows[0];
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}
