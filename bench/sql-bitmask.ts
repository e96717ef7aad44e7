// DuckDB formulation 2, the fastest found here: a derived table built once per store (like
// the engine's own build step), one row per game with the scalar columns, the engine's name
// sort key (from bench_sort_names, see sql-sort-names.ts), the rank of its id (an integer
// tie-break: DuckDB's top-N runs about twice as fast on it as on the UUID text) and each taxonomy kind as BIGINT bitmask words (63 bits
// each, so the sign bit is never used); designers in a small integer link table. Taxonomy
// filters then run in one scan of one table with integer AND, no joins. It lives in TEMP
// tables of the Store's connection: the store file itself is never changed.
//
// Measured alternatives (150k games): designers as an INTEGER[] column with list_has_any was
// ~3× slower than the integer semi-join; VARCHAR semi-joins on game_terms ~4–10× slower
// than the masks (that is the DuckDB joins formulation, kept for comparison).

import { type Filter, type Query, TAXONOMY_KINDS, type TaxonomyKind } from '../engine/index.js';
import type { Queryable } from '../loader/store.js';
import { benchSortKey } from './scan-order.js';
import {
  awardFilterSql,
  known,
  pageSql,
  scalarFilterSql,
  SORT_COLUMNS,
  SqlBuilder,
  type SqlStatement,
} from './sql-build.js';
import { SORT_NAMES_TABLE } from './sql-sort-names.js';
import { assertSupported } from './supported.js';

const WORD_BITS = 63;

export interface BitmaskLookups {
  /** Per kind, slug → bit number (0-based, dense). */
  bits: Record<TaxonomyKind, Map<string, number>>;
  /** Per kind, number of BIGINT words. */
  words: Record<TaxonomyKind, number>;
  /** Designer slug → person number in bench_designers. */
  people: Map<string, number>;
}

/** Column name of one mask word; kind comes from the fixed TAXONOMY_KINDS list. */
const wordColumn = (kind: TaxonomyKind, word: number): string => `${kind}_w${word}`;

/**
 * Builds the TEMP tables (replacing earlier ones) and returns the slug lookups. Needs
 * bench_sort_names (createSortNameTable) for the sort_name column.
 */
export async function createBitmaskTables(db: Queryable): Promise<BitmaskLookups> {
  await db.run(`CREATE OR REPLACE TEMP TABLE bench_term_bits AS
    SELECT id AS term_id, kind, slug, (row_number() OVER (PARTITION BY kind ORDER BY slug) - 1)::INTEGER AS bit FROM terms`);
  await db.run(`CREATE OR REPLACE TEMP TABLE bench_people AS
    SELECT id AS person_id, slug, (row_number() OVER (ORDER BY slug))::INTEGER AS person FROM people`);
  const bits: BitmaskLookups['bits'] = { mechanic: new Map(), category: new Map(), theme: new Map() };
  for (const t of await db.all<{ kind: TaxonomyKind; slug: string; bit: number }>(
    'SELECT kind, slug, bit FROM bench_term_bits',
  )) {
    bits[t.kind].set(t.slug, t.bit);
  }
  const words = {} as BitmaskLookups['words'];
  for (const kind of TAXONOMY_KINDS) words[kind] = Math.max(1, Math.ceil(bits[kind].size / WORD_BITS));
  const wordColumns = TAXONOMY_KINDS.flatMap((kind) =>
    Array.from({ length: words[kind] }, (_, word) => ({ kind, word, name: wordColumn(kind, word) })),
  );
  const pivot = wordColumns
    .map((c) => `coalesce(bit_or(mask) FILTER (WHERE kind = '${c.kind}' AND word = ${c.word}), 0) AS ${c.name}`)
    .join(',\n        ');
  await db.run(`CREATE OR REPLACE TEMP TABLE bench_games AS
    WITH masks AS (
      SELECT t.game_id, b.kind, b.bit // ${WORD_BITS} AS word, (1::BIGINT << (b.bit % ${WORD_BITS})) AS mask
      FROM game_terms t JOIN bench_term_bits b ON b.term_id = t.term_id
    ), wide AS (
      SELECT game_id,
        ${pivot}
      FROM masks GROUP BY game_id
    )
    SELECT (row_number() OVER (ORDER BY g.id))::INTEGER AS id_rank, g.id, g.type, g.mode, g.year_published, g.min_players, g.max_players, g.min_playtime, g.max_playtime,
      g.weight, g.rating, g.rating_votes, g.bayes_rating,
      g.community_min_playtime, g.community_max_playtime,
      g.experience_first_play, g.experience_learning, g.experience_experienced, g.experience_expert,
      n.sort_name,
      ${wordColumns.map((c) => `coalesce(w.${c.name}, 0)::BIGINT AS ${c.name}`).join(', ')}
    FROM games g
    LEFT JOIN wide w ON w.game_id = g.id
    LEFT JOIN ${SORT_NAMES_TABLE} n ON n.id = g.id
    WHERE g.status = 'active'`);
  await db.run(`CREATE OR REPLACE TEMP TABLE bench_designers AS
    SELECT DISTINCT bg.id_rank, p.person
    FROM game_credits c
    JOIN bench_people p ON p.person_id = c.person_id
    JOIN bench_games bg ON bg.id = c.game_id
    WHERE c.role = 'designer'`);
  const people = new Map<string, number>();
  for (const p of await db.all<{ slug: string; person: number }>('SELECT slug, person FROM bench_people')) {
    people.set(p.slug, p.person);
  }
  return { bits, words, people };
}

export const BITMASK_FROM = 'bench_games g';

export function buildBitmaskSql(query: Query, lookups: BitmaskLookups): SqlStatement {
  assertSupported(query);
  const b = new SqlBuilder();
  bitmaskWhere(query.filter, lookups, b);
  return pageSql(query, BITMASK_FROM, SORT_COLUMNS[benchSortKey(query.sort)], 'g.id_rank', b);
}

/** The filter's predicates on BITMASK_FROM. */
export function bitmaskWhere(f: Filter, lookups: BitmaskLookups, b: SqlBuilder): void {
  scalarFilterSql(f, b);
  awardFilterSql(f, b);
  maskFilterSql(f, lookups, b);
}

function maskFilterSql(f: Filter, lookups: BitmaskLookups, b: SqlBuilder): void {
  maskSql(lookups, 'mechanic', f.mechanics, 'any', b);
  maskSql(lookups, 'mechanic', f.mechanics_all, 'all', b);
  maskSql(lookups, 'mechanic', f.mechanics_not, 'none', b);
  maskSql(lookups, 'theme', f.theme, 'any', b);
  maskSql(lookups, 'theme', f.theme_not, 'none', b);
  maskSql(lookups, 'category', f.category, 'any', b);
  maskSql(lookups, 'category', f.category_not, 'none', b);
  if (f.designer && f.designer.length > 0) {
    const people = known(f.designer, lookups.people);
    b.where.push(
      people.length === 0
        ? 'false'
        : `g.id_rank IN (SELECT d.id_rank FROM bench_designers d WHERE d.person ${b.inList(people)})`,
    );
  }
}

function maskSql(
  lookups: BitmaskLookups,
  kind: TaxonomyKind,
  slugs: readonly string[] | undefined,
  mode: 'any' | 'all' | 'none',
  b: SqlBuilder,
): void {
  if (!slugs || slugs.length === 0) return;
  const bits = known(slugs, lookups.bits[kind]);
  if (mode !== 'none' && (bits.length === 0 || (mode === 'all' && bits.length < new Set(slugs).size))) {
    b.where.push('false');
    return;
  }
  const masks = new Array<bigint>(lookups.words[kind]).fill(0n);
  for (const bit of bits) masks[Math.floor(bit / WORD_BITS)] |= 1n << BigInt(bit % WORD_BITS);
  const tests: string[] = [];
  masks.forEach((mask, word) => {
    if (mask === 0n) return;
    const column = `g.${wordColumn(kind, word)}`;
    const m = `${b.bind(mask)}::BIGINT`;
    tests.push(
      mode === 'any'
        ? `(${column} & ${m}) <> 0`
        : mode === 'all'
          ? `(${column} & ${m}) = ${m}`
          : `(${column} & ${m}) = 0`,
    );
  });
  if (tests.length === 0) return;
  b.where.push(mode === 'any' ? `(${tests.join(' OR ')})` : tests.join(' AND '));
}
