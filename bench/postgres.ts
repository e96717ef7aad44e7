// Method (d): PostgreSQL with sensible indexes, when a server is reachable. The bench copies
// the DuckDB bitmask table (same rows, same sort_name and id rank) into a scratch schema:
// scalar columns with btree indexes, taxonomy, designers and awards as integer arrays with
// GIN indexes (`&&` any-of, `@>` all-of), ids and sort names in the "C" collation: byte
// order, which the re-encoded name key (sql-sort-names.ts) makes the engine's code-unit order. Every value is bound; each statement is prepared once
// per text (named statements). The schema is dropped at the end.
//
// Connection: PGHOST (default 127.0.0.1), PGPORT (5432), PGDATABASE (postgres); credentials
// PGUSER/PGPASSWORD when set, else postgres/postgres.

import pg from 'pg';
import {
  AWARD_RESULTS,
  type FacetDimension,
  type Filter,
  MAX_FACET_PLAYERS,
  type Position,
  type Query,
  TAXONOMY_KINDS,
  type TaxonomyKind,
} from '../engine/index.js';
import type { Queryable } from '../loader/store.js';
import { facetRows, withoutOwn } from './facets.js';
import { facetResult, TEXT_REASON, type Method, type MethodResult } from './methods.js';
import type { ResolvedQuery } from './resolve.js';
import { benchSortKey } from './scan-order.js';
import type { BitmaskLookups } from './sql-bitmask.js';
import { sqlPosition } from './sql-sort-names.js';
import { known, PgSqlBuilder, scalarFilterSql, SORT_COLUMNS, type SqlBuilder, type SqlStatement } from './sql-build.js';
import { unsupportedReason } from './supported.js';

const ARRAY_COLUMN: Readonly<Record<TaxonomyKind, string>> = {
  mechanic: 'mechanics',
  category: 'categories',
  theme: 'themes',
};

export interface PostgresConnection {
  client: pg.Client;
  /** Where it connected and as whom, for the report. */
  note: string;
}

/** Connects with the environment's credentials, then postgres/postgres; null (and why) when neither works. */
export async function connectPostgres(env: NodeJS.ProcessEnv): Promise<PostgresConnection | { skipped: string }> {
  const host = env.PGHOST ?? '127.0.0.1';
  const port = Number(env.PGPORT ?? 5432);
  const database = env.PGDATABASE ?? 'postgres';
  const attempts: { user: string; password: string; label: string }[] = [];
  if (env.PGUSER !== undefined)
    attempts.push({ user: env.PGUSER, password: env.PGPASSWORD ?? '', label: 'PGUSER/PGPASSWORD' });
  attempts.push({ user: 'postgres', password: 'postgres', label: 'default postgres/postgres' });
  const failures: string[] = [];
  for (const { user, password, label } of attempts) {
    const client = new pg.Client({ host, port, database, user, password, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      return {
        client,
        note: `PostgreSQL ${rows[0]?.server_version ?? '?'} at ${host}:${port}/${database} as ${user} (${label})`,
      };
    } catch (error) {
      failures.push(`${label}: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
    }
  }
  return { skipped: `no PostgreSQL server usable at ${host}:${port} (${failures.join('; ')})` };
}

interface PgLookups {
  bits: BitmaskLookups['bits'];
  people: BitmaskLookups['people'];
  /** Award slug → index (by slug). */
  awards: Map<string, number>;
  /** Per kind, bit → slug (facet keys). */
  slugs: Record<TaxonomyKind, Map<number, string>>;
}

/**
 * Creates the scratch schema and copies bench_games (the DuckDB bitmask table) into it.
 * Returns the method and how long the copy and indexing took.
 */
export async function setupPostgres(
  conn: PostgresConnection,
  duck: Queryable,
  lookups: BitmaskLookups,
  log: (line: string) => void,
): Promise<{ method: Method; loadMs: number }> {
  const { client } = conn;
  const schema = `ludex_bench_${process.pid}`;
  const started = performance.now();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path TO ${schema}`);
  await client.query(`CREATE TABLE games (
    id TEXT COLLATE "C" PRIMARY KEY, id_rank INTEGER NOT NULL, type TEXT, mode TEXT, year_published INTEGER,
    min_players INTEGER, max_players INTEGER, min_playtime INTEGER, max_playtime INTEGER,
    community_min_playtime INTEGER, community_max_playtime INTEGER,
    weight DOUBLE PRECISION, rating DOUBLE PRECISION, rating_votes INTEGER, bayes_rating DOUBLE PRECISION,
    experience_first_play DOUBLE PRECISION, experience_learning DOUBLE PRECISION,
    experience_experienced DOUBLE PRECISION, experience_expert DOUBLE PRECISION,
    sort_name TEXT COLLATE "C", mechanics INTEGER[], categories INTEGER[], themes INTEGER[],
    designers INTEGER[], awards INTEGER[])`);
  const awardRows = await duck.all<{ slug: string; idx: number }>(
    `SELECT slug, CAST(row_number() OVER (ORDER BY slug) - 1 AS INTEGER) AS idx FROM awards`,
  );
  const awards = new Map(awardRows.map((a) => [a.slug, a.idx]));
  const rows = await duck.all<Record<string, unknown>>(
    `SELECT g.id, g.id_rank, g.type, g.mode, g.year_published, g.min_players, g.max_players, g.min_playtime, g.max_playtime,
       g.community_min_playtime, g.community_max_playtime, g.weight, g.rating, g.rating_votes, g.bayes_rating,
       g.experience_first_play, g.experience_learning, g.experience_experienced, g.experience_expert, g.sort_name,
       ${TAXONOMY_KINDS.map((k) => `(SELECT list(b.bit ORDER BY b.bit) FROM game_terms t JOIN bench_term_bits b ON b.term_id = t.term_id WHERE t.game_id = g.id AND b.kind = '${k}') AS ${ARRAY_COLUMN[k]}`).join(', ')},
       (SELECT list(d.person ORDER BY d.person) FROM bench_designers d WHERE d.id_rank = g.id_rank) AS designers,
       (SELECT list(a.idx * ${AWARD_RESULTS.length} + list_position($1::VARCHAR[], ga.result) - 1)
          FROM game_awards ga JOIN (SELECT id, CAST(row_number() OVER (ORDER BY slug) - 1 AS INTEGER) AS idx FROM awards) a ON a.id = ga.award_id
          WHERE ga.game_id = g.id) AS awards
     FROM bench_games g ORDER BY g.id_rank`,
    [[...AWARD_RESULTS]],
  );
  const columns = [
    ['id', 'text'],
    ['id_rank', 'int'],
    ['type', 'text'],
    ['mode', 'text'],
    ['year_published', 'int'],
    ['min_players', 'int'],
    ['max_players', 'int'],
    ['min_playtime', 'int'],
    ['max_playtime', 'int'],
    ['community_min_playtime', 'int'],
    ['community_max_playtime', 'int'],
    ['weight', 'float8'],
    ['rating', 'float8'],
    ['rating_votes', 'int'],
    ['bayes_rating', 'float8'],
    ['experience_first_play', 'float8'],
    ['experience_learning', 'float8'],
    ['experience_experienced', 'float8'],
    ['experience_expert', 'float8'],
    ['sort_name', 'text'],
    ['mechanics', 'int[]'],
    ['categories', 'int[]'],
    ['themes', 'int[]'],
    ['designers', 'int[]'],
    ['awards', 'int[]'],
  ] as const;
  const BATCH = 5000;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const params = columns.map(([name, type]) =>
      batch.map((row) => {
        const v = row[name];
        // empty lists, not NULL: `NOT (NULL && x)` is NULL and would drop games without terms
        if (type === 'int[]') return `{${((v ?? []) as number[]).join(',')}}`;
        if (v === null || v === undefined) return null;
        return typeof v === 'bigint' ? v.toString() : v;
      }),
    );
    const select = columns
      .map(([, type], i) => (type === 'int[]' ? `unnest($${i + 1}::text[])::int[]` : `unnest($${i + 1}::${type}[])`))
      .join(', ');
    await client.query(`INSERT INTO games SELECT ${select}`, params);
  }
  for (const column of [
    'year_published',
    'weight',
    'rating',
    'rating_votes',
    'bayes_rating',
    'min_players',
    'max_players',
    'max_playtime',
    'community_max_playtime',
    'type',
    'mode',
    'sort_name',
    'id_rank',
  ]) {
    await client.query(`CREATE INDEX ON games (${column})`);
  }
  for (const column of ['mechanics', 'categories', 'themes', 'designers', 'awards']) {
    await client.query(`CREATE INDEX ON games USING GIN (${column})`);
  }
  await client.query('ANALYZE games');
  const loadMs = performance.now() - started;
  log(`postgres: ${rows.length} games copied and indexed in ${(loadMs / 1000).toFixed(1)} s`);
  const slugs = {} as PgLookups['slugs'];
  for (const kind of TAXONOMY_KINDS) slugs[kind] = new Map([...lookups.bits[kind]].map(([slug, bit]) => [bit, slug]));
  return {
    method: postgresMethod(client, schema, { bits: lookups.bits, people: lookups.people, awards, slugs }),
    loadMs,
  };
}

function postgresMethod(client: pg.Client, schema: string, lookups: PgLookups): Method {
  const names = new Map<string, string>();
  const run = async <T extends pg.QueryResultRow>(statement: SqlStatement): Promise<T[]> => {
    let name = names.get(statement.sql);
    if (name === undefined) {
      name = `bench_${names.size}`;
      names.set(statement.sql, name);
    }
    const params = statement.params.map((p) => (typeof p === 'bigint' ? p.toString() : p));
    return (await client.query<T>({ name, text: statement.sql, values: params })).rows;
  };
  return {
    name: 'postgres',
    cannot: (q) => (q.kind === 'text' ? TEXT_REASON : unsupportedReason(q.query)),
    async run(q: ResolvedQuery): Promise<MethodResult> {
      if (q.kind === 'facets') {
        const rows = await run<{ dim: string; key: string; n: number }>(
          pgFacetSql(q.query.filter, q.dimensions ?? [], lookups),
        );
        const keyed = rows.map((r) => {
          const dimKind = (Object.keys(ARRAY_COLUMN) as TaxonomyKind[]).find((k) => ARRAY_COLUMN[k] === r.dim);
          return {
            dim: r.dim,
            key: dimKind ? (lookups.slugs[dimKind].get(Number(r.key)) ?? `?${r.key}`) : r.key,
            n: Number(r.n),
          };
        });
        return facetResult(facetRows(keyed));
      }
      const [row] = await run<{ total: number; ids: string[] | null }>(pgPageSql(q.query, lookups));
      return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) };
    },
    async close() {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await client.end();
    },
  };
}

function pgWhere(f: Filter, lookups: PgLookups, b: SqlBuilder): void {
  const w = b.where;
  scalarFilterSql(f, b);
  const arrays = (kind: TaxonomyKind, slugs: readonly string[] | undefined, mode: 'any' | 'all' | 'none'): void => {
    if (!slugs || slugs.length === 0) return;
    const bits = known(slugs, lookups.bits[kind]);
    const column = `g.${ARRAY_COLUMN[kind]}`;
    if (mode === 'none') {
      if (bits.length > 0) w.push(`NOT (${column} && ${b.bind(bits)}::int[])`);
      return;
    }
    if (bits.length === 0 || (mode === 'all' && bits.length < new Set(slugs).size)) {
      w.push('false');
      return;
    }
    w.push(`${column} ${mode === 'any' ? '&&' : '@>'} ${b.bind(bits)}::int[]`);
  };
  arrays('mechanic', f.mechanics, 'any');
  arrays('mechanic', f.mechanics_all, 'all');
  arrays('mechanic', f.mechanics_not, 'none');
  arrays('theme', f.theme, 'any');
  arrays('theme', f.theme_not, 'none');
  arrays('category', f.category, 'any');
  arrays('category', f.category_not, 'none');
  if (f.designer && f.designer.length > 0) {
    const people = known(f.designer, lookups.people);
    w.push(people.length === 0 ? 'false' : `g.designers && ${b.bind(people)}::int[]`);
  }
  if (f.award) {
    const index = f.award.slug === undefined ? undefined : lookups.awards.get(f.award.slug);
    const result = f.award.result === undefined ? undefined : AWARD_RESULTS.indexOf(f.award.result);
    if ((f.award.slug !== undefined && index === undefined) || result === -1) {
      w.push('false');
    } else {
      const codes: number[] = [];
      for (let a = 0; a < lookups.awards.size; a++) {
        for (let r = 0; r < AWARD_RESULTS.length; r++) {
          if ((index === undefined || index === a) && (result === undefined || result === r))
            codes.push(a * AWARD_RESULTS.length + r);
        }
      }
      w.push(`g.awards && ${b.bind(codes)}::int[]`);
    }
  }
}

function afterSql(position: Position, order: Query['order'], b: SqlBuilder): string {
  const idRank = `(SELECT x.id_rank FROM games x WHERE x.id = ${b.bind(position.id)})`;
  if (position.value === null) return `(s IS NULL AND tie > ${idRank})`;
  const v = b.bind(position.value);
  return `(${order === 'desc' ? `s < ${v}` : `s > ${v}`} OR (s = ${v} AND tie > ${idRank}) OR s IS NULL)`;
}

function pgPageSql(query: Query, lookups: PgLookups): SqlStatement {
  const b = new PgSqlBuilder();
  pgWhere(query.filter, lookups, b);
  const dir = query.order === 'desc' ? 'DESC' : 'ASC';
  const where = b.where.length > 0 ? b.where.join('\n    AND ') : 'true';
  const after = sqlPosition(query);
  const keyset = after ? afterSql(after, query.order, b) : 'true';
  const limit = b.bind(Math.max(0, Math.floor(query.limit)));
  const sql = `WITH matched AS MATERIALIZED (
  SELECT g.id, ${SORT_COLUMNS[benchSortKey(query.sort)]} AS s, g.id_rank AS tie FROM games g WHERE ${where}
), page AS (
  SELECT id, s, tie FROM matched WHERE ${keyset} ORDER BY s ${dir} NULLS LAST, tie ASC LIMIT ${limit}
)
SELECT (SELECT count(*) FROM matched)::INTEGER AS total,
       (SELECT array_agg(id ORDER BY s ${dir} NULLS LAST, tie ASC) FROM page) AS ids`;
  return { sql, params: b.params };
}

function pgFacetSql(filter: Filter, dimensions: readonly FacetDimension[], lookups: PgLookups): SqlStatement {
  const b = new PgSqlBuilder();
  const ctes: string[] = [];
  const parts: string[] = [];
  [...new Set(dimensions)].forEach((dim, i) => {
    const before = b.where.length;
    pgWhere(withoutOwn(filter, dim), lookups, b);
    const where = b.where.splice(before).join(' AND ') || 'true';
    const m = `m${i}`;
    ctes.push(
      `${m} AS MATERIALIZED (SELECT g.type, g.min_players, g.max_players, g.mechanics, g.categories, g.themes FROM games g WHERE ${where})`,
    );
    if (dim === 'type')
      parts.push(`SELECT '${dim}' AS dim, type AS key, count(*) AS n FROM ${m} WHERE type IS NOT NULL GROUP BY type`);
    else if (dim === 'players') {
      parts.push(`SELECT '${dim}' AS dim, p.n::text AS key, count(*) AS n FROM ${m}, generate_series(1, ${MAX_FACET_PLAYERS}) p(n)
        WHERE p.n <= (SELECT floor(max(max_players)) FROM games) AND ${m}.min_players <= p.n AND p.n <= ${m}.max_players GROUP BY p.n`);
    } else
      parts.push(
        `SELECT '${dim}' AS dim, t.v::text AS key, count(*) AS n FROM ${m}, unnest(${m}.${dim}) t(v) GROUP BY t.v`,
      );
  });
  return {
    sql: `WITH ${ctes.join(',\n')}\nSELECT dim, key, n::INTEGER AS n FROM (${parts.join('\nUNION ALL\n')}) x`,
    params: b.params,
  };
}
