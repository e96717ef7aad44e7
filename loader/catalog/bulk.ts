// Set-wise statements over many rows at once: the rows travel as ONE bound JSON parameter
// and DuckDB unpacks them with from_json into typed columns. A 150k-game import then costs
// a few hundred statements instead of millions, and lists (INTEGER[], VARCHAR[]) bind too,
// which the appender cannot do. Only table and column names from fixed specs enter the SQL.

import type { Queryable, SqlValue } from '../store.js';

export interface ColumnSpec {
  readonly name: string;
  /** DuckDB type of the value as it travels in JSON. */
  readonly type: string;
}

export interface TableSpec {
  readonly table: string;
  readonly columns: readonly ColumnSpec[];
}

export type JsonRow = Record<string, unknown>;

/** Rows per statement are capped by the JSON text size, so long descriptions stay bounded. */
export const DEFAULT_MAX_BATCH_CHARS = 8_000_000;

/** `(SELECT <columns> FROM <rows bound at $n>)`: the rows of the JSON parameter as a relation. */
export function jsonRowsSource(columns: readonly ColumnSpec[], param = 1): string {
  const structure = JSON.stringify([Object.fromEntries(columns.map((c) => [c.name, c.type]))]);
  return `(SELECT unnest(r) FROM (SELECT unnest(from_json($${param}::JSON, '${structure}')) AS r))`;
}

/** Splits rows into JSON texts no longer than maxChars (a single huge row still goes alone). */
export function jsonBatches(rows: readonly JsonRow[], maxChars = DEFAULT_MAX_BATCH_CHARS): string[] {
  const batches: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (parts.length > 0 && size + text.length + 1 > maxChars) {
      batches.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(text);
    size += text.length + 1;
  }
  if (parts.length > 0) batches.push(`[${parts.join(',')}]`);
  return batches;
}

export async function insertRows(db: Queryable, spec: TableSpec, rows: readonly JsonRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (await canAppend(db, spec)) {
    // The appender is the cheapest way in (no JSON text to build and parse).
    for (const part of chunk(rows, APPEND_CHUNK)) {
      await db.append(
        spec.table,
        part.map((row) => spec.columns.map((c) => (row[c.name] ?? null) as SqlValue)),
      );
    }
    return;
  }
  const names = spec.columns.map((c) => c.name).join(', ');
  const sql = `INSERT INTO ${spec.table} (${names}) SELECT * FROM ${jsonRowsSource(spec.columns)}`;
  for (const batch of jsonBatches(rows)) await db.run(sql, [batch]);
}

const APPEND_CHUNK = 50_000;
/** Per connection: table name → its column names in order, read once from the live schema. */
const tableColumns = new WeakMap<Queryable, Promise<Map<string, string>>>();

/**
 * The appender takes every column of the table in order and no lists, so it is used only
 * when the spec is exactly the table (checked against the live schema, so a later
 * migration that adds a column makes the insert fall back to the JSON path).
 */
async function canAppend(db: Queryable, spec: TableSpec): Promise<boolean> {
  if (spec.columns.some((c) => c.type.endsWith('[]'))) return false;
  let known = tableColumns.get(db);
  if (!known) {
    known = db
      .all<{ name: string; columns: string }>(
        `SELECT table_name AS name, string_agg(column_name, ',' ORDER BY ordinal_position) AS columns
         FROM information_schema.columns WHERE table_schema = 'main' GROUP BY table_name`,
      )
      .then((rows) => new Map(rows.map((r) => [r.name, r.columns])));
    tableColumns.set(db, known);
  }
  return (await known).get(spec.table) === spec.columns.map((c) => c.name).join(',');
}

/** UPDATE spec.table SET <set columns> from rows matched on `key`. */
export async function updateRows(
  db: Queryable,
  spec: TableSpec,
  key: string,
  set: readonly string[],
  rows: readonly JsonRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const assignments = set.map((c) => `${c} = src.${c}`).join(', ');
  const sql = `UPDATE ${spec.table} SET ${assignments} FROM ${jsonRowsSource(spec.columns)} AS src WHERE ${spec.table}.${key} = src.${key}`;
  for (const batch of jsonBatches(rows)) await db.run(sql, [batch]);
}

/** DELETE FROM table WHERE column IN ids [AND a fixed extra condition]. */
export async function deleteWhereIn(
  db: Queryable,
  table: string,
  column: string,
  ids: readonly string[],
  extraCondition = '',
): Promise<void> {
  if (ids.length === 0) return;
  const extra = extraCondition ? ` AND ${extraCondition}` : '';
  await db.run(`DELETE FROM ${table} WHERE ${column} IN (SELECT unnest($1::VARCHAR[]))${extra}`, [ids]);
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** INSERT rows; where the conflict key exists, overwrite `set` columns instead. */
export async function upsertRows(
  db: Queryable,
  spec: TableSpec,
  conflict: readonly string[],
  set: readonly string[],
  rows: readonly JsonRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = spec.columns.map((c) => c.name).join(', ');
  const assignments = set.map((c) => `${c} = excluded.${c}`).join(', ');
  const sql =
    `INSERT INTO ${spec.table} (${names}) SELECT * FROM ${jsonRowsSource(spec.columns)} ` +
    `ON CONFLICT (${conflict.join(', ')}) DO UPDATE SET ${assignments}`;
  for (const batch of jsonBatches(rows)) await db.run(sql, [batch]);
}
