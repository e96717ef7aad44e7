// Bulk writes for the generator: rows built as objects keyed by column name, appended through
// the Store's appender in the table's own column order (read from the catalog), so a later
// migration that adds a nullable column does not silently shift every value.

import type { Queryable, SqlValue } from '../loader/store.js';

export type RowObject = Record<string, SqlValue>;

export class TableAppender {
  private constructor(
    private readonly db: Queryable,
    readonly table: string,
    private readonly columns: readonly string[],
  ) {}

  static async open(db: Queryable, table: string): Promise<TableAppender> {
    const rows = await db.all<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'main' AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    if (rows.length === 0) throw new Error(`bench generator: the store has no table ${table} (not migrated?)`);
    return new TableAppender(
      db,
      table,
      rows.map((r) => r.column_name),
    );
  }

  /** Appends the rows; keys the table lacks are an error (a typo would otherwise vanish). */
  async append(rows: readonly RowObject[]): Promise<void> {
    if (rows.length === 0) return;
    const known = new Set(this.columns);
    for (const key of Object.keys(rows[0])) {
      if (!known.has(key)) throw new Error(`bench generator: ${this.table} has no column ${key}`);
    }
    await this.db.append(
      this.table,
      rows.map((row) => this.columns.map((column) => row[column] ?? null)),
    );
  }
}
