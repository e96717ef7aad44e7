// Facet counts outside the engine, for the agreement check: per dimension, the games matching
// every filter except that dimension's own, counted per key (the engine's "all but own").
// Results are flattened to sorted `dimension:key=count` strings so the comparison of pages
// (ids in order, total) compares facets too.

import {
  type FacetDimension,
  type Facets,
  type Filter,
  MAX_FACET_PLAYERS,
  type TaxonomyKind,
} from '../engine/index.js';
import { filterRows } from './scan.js';
import type { ScanTable } from './scan-table.js';
import { SqlBuilder, type SqlStatement } from './sql-build.js';

/** Filter keys each dimension's count ignores (engine/filter.ts tags their clauses). */
const OWN: Readonly<Record<FacetDimension, readonly (keyof Filter)[]>> = {
  mechanics: ['mechanics', 'mechanics_all', 'mechanics_not'],
  themes: ['theme', 'theme_not'],
  categories: ['category', 'category_not'],
  type: ['type'],
  players: ['players', 'players_min', 'players_max', 'top_at', 'recommended_at'],
};

const KIND: Readonly<Record<'mechanics' | 'categories' | 'themes', TaxonomyKind>> = {
  mechanics: 'mechanic',
  categories: 'category',
  themes: 'theme',
};

export function withoutOwn(filter: Filter, dim: FacetDimension): Filter {
  const out: Filter = { ...filter };
  for (const key of OWN[dim]) delete out[key];
  return out;
}

/** Sorted `dimension:key=count` lines; zero counts are left out (as the engine does). */
export function flattenFacets(facets: Facets): string[] {
  const out: string[] = [];
  for (const [dim, counts] of Object.entries(facets)) {
    for (const [key, n] of Object.entries(counts ?? {})) if (n > 0) out.push(`${dim}:${key}=${n}`);
  }
  return out.sort();
}

export function scanFacets(t: ScanTable, filter: Filter, dimensions: readonly FacetDimension[]): Facets {
  const out: Facets = {};
  for (const dim of new Set(dimensions)) {
    const rows = filterRows(t, withoutOwn(filter, dim));
    const counts: Record<string, number> = {};
    const put = (key: string): void => {
      counts[key] = (counts[key] ?? 0) + 1;
    };
    if (dim === 'type') {
      for (const row of rows) {
        const value = t.typeCodes[t.type[row]];
        if (value !== null) put(value);
      }
    } else if (dim === 'players') {
      let highest = 0;
      for (let row = 0; row < t.size; row++) if (t.maxPlayers[row] > highest) highest = t.maxPlayers[row];
      const top = Math.min(MAX_FACET_PLAYERS, Math.floor(highest));
      for (const row of rows) {
        for (let n = 1; n <= top; n++) if (t.minPlayers[row] <= n && n <= t.maxPlayers[row]) put(String(n));
      }
    } else {
      const kind = KIND[dim];
      for (const row of rows) {
        const seen = new Set<number>();
        for (let i = t.terms.offsets[row]; i < t.terms.offsets[row + 1]; i++) {
          const term = t.terms.targets[i];
          if (t.termKinds[term] !== kind || seen.has(term)) continue;
          seen.add(term);
          put(t.termSlugs[term]);
        }
      }
    }
    out[dim] = counts;
  }
  return out;
}

/**
 * One statement answering every dimension: per dimension a CTE of the rows matching the
 * filter without its own part (`where` writes a formulation's predicates on `from` g), then
 * the counts as (dim, key, n) rows.
 */
export function facetSql(
  filter: Filter,
  dimensions: readonly FacetDimension[],
  from: string,
  where: (f: Filter, b: SqlBuilder) => void,
): SqlStatement {
  const params: SqlStatement['params'] = [];
  const parts: string[] = [];
  const ctes: string[] = [];
  [...new Set(dimensions)].forEach((dim, i) => {
    const b = new SqlBuilder();
    b.params.push(...params);
    where(withoutOwn(filter, dim), b);
    params.splice(0, params.length, ...b.params);
    const m = `m${i}`;
    ctes.push(
      `${m} AS MATERIALIZED (SELECT g.id, g.type, g.min_players, g.max_players FROM ${from} WHERE ${b.where.length > 0 ? b.where.join(' AND ') : 'true'})`,
    );
    if (dim === 'type') {
      parts.push(`SELECT '${dim}' AS dim, type AS key, count(*) AS n FROM ${m} WHERE type IS NOT NULL GROUP BY type`);
    } else if (dim === 'players') {
      parts.push(`SELECT '${dim}' AS dim, p.n::VARCHAR AS key, count(*) AS n FROM ${m}, generate_series(1, ${MAX_FACET_PLAYERS}) p(n)
        WHERE p.n <= (SELECT floor(max(max_players)) FROM games WHERE status = 'active') AND ${m}.min_players <= p.n AND p.n <= ${m}.max_players
        GROUP BY p.n`);
    } else {
      parts.push(`SELECT '${dim}' AS dim, t.slug AS key, count(DISTINCT ${m}.id) AS n FROM ${m}
        JOIN game_terms gt ON gt.game_id = ${m}.id JOIN terms t ON t.id = gt.term_id AND t.kind = '${KIND[dim]}'
        GROUP BY t.slug`);
    }
  });
  const sql = `WITH ${ctes.join(',\n')}\nSELECT dim, key, n::INTEGER AS n FROM (${parts.join('\nUNION ALL\n')})`;
  return { sql, params };
}

export function facetRows(rows: readonly { dim: string; key: string; n: number }[]): Facets {
  const out: Facets = {};
  for (const { dim, key, n } of rows) {
    const counts = out[dim as FacetDimension] ?? {};
    out[dim as FacetDimension] = counts;
    counts[key] = Number(n);
  }
  return out;
}
