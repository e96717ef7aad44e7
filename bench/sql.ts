// DuckDB formulation 1, over the store's own schema: scalar predicates on `games`; each
// taxonomy or designer dimension a semi-join on the link table (`g.id IN (SELECT game_id FROM
// game_terms WHERE term_id IN (...))`), an anti-join for `_not`, GROUP BY ... HAVING
// count(*) = n for all-of. Slugs are resolved to ids once per store (the engine resolves
// them through its dictionaries too). What a plain SQL backend over this store would run
// (plus a stored name sort key, here the bench's bench_sort_names).

import type { Filter, Query, TaxonomyKind } from '../engine/index.js';
import type { Queryable } from '../loader/store.js';
import { benchSortKey, type BenchSortKey } from './scan-order.js';
import { awardFilterSql, known, pageSql, scalarFilterSql, SqlBuilder, type SqlStatement } from './sql-build.js';
import { SORT_NAMES_TABLE } from './sql-sort-names.js';
import { assertSupported } from './supported.js';

const SORT_SQL: Readonly<Record<BenchSortKey, string>> = {
  bayes_rating: 'g.bayes_rating',
  rating: 'g.rating',
  weight: 'g.weight',
  year_published: 'g.year_published',
  name: 'n.sort_name',
};

/**
 * The store has no sort_name column: name-sorted pages join the bench's table of the
 * engine's keys (sql-sort-names.ts), the column a plain SQL backend would store. Other
 * sorts read `games` alone.
 */
const NAME_SORT_FROM = `games g JOIN ${SORT_NAMES_TABLE} n ON n.id = g.id`;

/** Slug → id maps, loaded once per store. */
export interface StoreLookups {
  terms: Record<TaxonomyKind, Map<string, string>>;
  people: Map<string, string>;
}

export async function loadStoreLookups(db: Queryable): Promise<StoreLookups> {
  const terms: StoreLookups['terms'] = { mechanic: new Map(), category: new Map(), theme: new Map() };
  for (const t of await db.all<{ kind: TaxonomyKind; slug: string; id: string }>('SELECT kind, slug, id FROM terms')) {
    terms[t.kind].set(t.slug, t.id);
  }
  const people = new Map<string, string>();
  for (const p of await db.all<{ slug: string; id: string }>('SELECT slug, id FROM people')) people.set(p.slug, p.id);
  return { terms, people };
}

export const STORE_FROM = 'games g';

export function buildStoreSql(query: Query, lookups: StoreLookups): SqlStatement {
  assertSupported(query);
  const b = new SqlBuilder();
  storeWhere(query.filter, lookups, b);
  const key = benchSortKey(query.sort);
  return pageSql(query, key === 'name' ? NAME_SORT_FROM : STORE_FROM, SORT_SQL[key], 'g.id', b);
}

/** The filter's predicates on STORE_FROM. */
export function storeWhere(f: Filter, lookups: StoreLookups, b: SqlBuilder): void {
  b.where.push(`g.status = 'active'`); // the loader shows active games only (D5)
  scalarFilterSql(f, b);
  awardFilterSql(f, b);
  linkFilterSql(f, lookups, b);
}

function linkFilterSql(f: Filter, lookups: StoreLookups, b: SqlBuilder): void {
  termSql(lookups, 'mechanic', f.mechanics, 'any', b);
  termSql(lookups, 'mechanic', f.mechanics_all, 'all', b);
  termSql(lookups, 'mechanic', f.mechanics_not, 'none', b);
  termSql(lookups, 'theme', f.theme, 'any', b);
  termSql(lookups, 'theme', f.theme_not, 'none', b);
  termSql(lookups, 'category', f.category, 'any', b);
  termSql(lookups, 'category', f.category_not, 'none', b);
  if (f.designer && f.designer.length > 0) {
    const ids = known(f.designer, lookups.people);
    b.where.push(
      ids.length === 0
        ? 'false'
        : `g.id IN (SELECT c.game_id FROM game_credits c WHERE c.role = 'designer' AND c.person_id ${b.inList(ids)})`,
    );
  }
}

function termSql(
  lookups: StoreLookups,
  kind: TaxonomyKind,
  slugs: readonly string[] | undefined,
  mode: 'any' | 'all' | 'none',
  b: SqlBuilder,
): void {
  if (!slugs || slugs.length === 0) return;
  const ids = known(slugs, lookups.terms[kind]);
  if (mode === 'none') {
    if (ids.length > 0)
      b.where.push(`g.id NOT IN (SELECT t.game_id FROM game_terms t WHERE t.term_id ${b.inList(ids)})`);
    return;
  }
  // any: no known slug matches nothing; all: one unknown slug can never be satisfied
  if (ids.length === 0 || (mode === 'all' && ids.length < new Set(slugs).size)) {
    b.where.push('false');
    return;
  }
  const list = b.inList(ids);
  b.where.push(
    mode === 'any'
      ? `g.id IN (SELECT t.game_id FROM game_terms t WHERE t.term_id ${list})`
      : `g.id IN (SELECT t.game_id FROM game_terms t WHERE t.term_id ${list} GROUP BY t.game_id HAVING count(*) = ${b.bind(ids.length)})`,
  );
}
