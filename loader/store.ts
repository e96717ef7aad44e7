// The one door to DuckDB. Every statement binds its parameters; every failure becomes a
// StoreError that keeps the SQL and the cause. Nothing else in Ludex imports DuckDB.

import {
  type DuckDBConnection,
  DuckDBInstance,
  listValue,
  type DuckDBAppender,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBValue,
  DuckDBDoubleVector,
  DuckDBIntegerVector,
  type DuckDBVector,
  JSDuckDBValueConverter,
} from '@duckdb/node-api';
import { SLICE_MS, yieldTurn } from './turns.js';

/** A bound parameter. Arrays bind as DuckDB lists. */
export type SqlValue = string | number | boolean | null | bigint | Date | readonly SqlValue[];
export type SqlParams = readonly SqlValue[];
export type Row = Record<string, unknown>;

export interface StoreOptions {
  /** DuckDB memory_limit, e.g. "2GB" (the default caps DuckDB well below the machine). */
  memoryLimit?: string;
  /**
   * DuckDB allocator_flush_threshold: freed memory above this is handed back to the system
   * after each task. DuckDB's default (128 MB) kept ~100 MB more resident after a 150k-game
   * load (bench: median RSS ~650 → ~540 MB), with no measurable cost to the load's time.
   */
  allocatorFlushThreshold?: string;
  /**
   * DuckDB allocator_bulk_deallocation_flush_threshold: a single release of more than this
   * (a large result or staging table freed) flushes the allocator at once. DuckDB's default
   * (512 MB) is never reached by Ludex's batches, so their memory stayed cached: 8 MB cut
   * ~40–50 MB from the peak RSS of a 172k-game import (docs/import-bgg-csv.md).
   */
  allocatorBulkDeallocationFlushThreshold?: string;
  readOnly?: boolean;
}

export const DEFAULT_STORE_OPTIONS: Required<
  Pick<StoreOptions, 'memoryLimit' | 'allocatorFlushThreshold' | 'allocatorBulkDeallocationFlushThreshold'>
> = {
  memoryLimit: '4GB',
  allocatorFlushThreshold: '8MB',
  allocatorBulkDeallocationFlushThreshold: '8MB',
};

const IN_MEMORY_PATH = ':memory:';

const MEMORY_UNITS: Record<string, number> = {
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  KIB: 2 ** 10,
  MIB: 2 ** 20,
  GIB: 2 ** 30,
  TIB: 2 ** 40,
};

/** Bytes of a memory size as DuckDB reads it ("160MB" is 160·10⁶, "2GiB" 2·2³⁰); undefined if not one. */
export function memoryBytes(size: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT]i?B)$/i.exec(size.trim());
  return match ? Number(match[1]) * MEMORY_UNITS[match[2].toUpperCase()] : undefined;
}

export class StoreError extends Error {
  readonly sql: string | undefined;
  constructor(message: string, options: { cause?: unknown; sql?: string } = {}) {
    super(message, { cause: options.cause });
    this.name = 'StoreError';
    this.sql = options.sql;
  }
}

/** The store file is held by another process (usually a running server). */
export class StoreLockedError extends StoreError {
  constructor(path: string, cause: unknown) {
    super(
      `The store at ${path} is in use by another process (a running Ludex server?). ` +
        'Stop that process first, or run this command against another LUDEX_DATA_DIR.',
      { cause },
    );
    this.name = 'StoreLockedError';
  }
}

/**
 * A statement parsed and planned once, run many times with fresh bound parameters (what a
 * server does for a query shape it sees again and again). It runs on the connection that
 * prepared it, in that connection's queue, so it never overlaps another statement there.
 */
export interface PreparedQuery {
  readonly sql: string;
  all<T extends object = Row>(params?: SqlParams): Promise<T[]>;
  /** Frees the statement; later calls fail with a StoreError. */
  close(): Promise<void>;
}

/** Statements run one at a time per connection: DuckDB connections are not re-entrant. */
class SerialConnection {
  private tail: Promise<unknown> = Promise.resolve();
  constructor(readonly connection: DuckDBConnection) {}

  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

export interface NumberColumns {
  length: number;
  columns: Record<string, Float64Array>;
}

export interface Queryable {
  run(sql: string, params?: SqlParams): Promise<void>;
  all<T extends object = Row>(sql: string, params?: SqlParams): Promise<T[]>;
  columns(sql: string, params?: SqlParams): Promise<Record<string, unknown[]>>;
  /**
   * A result whose every column is numeric (integers, doubles, booleans), each column a
   * Float64Array with NaN for null: no JS value per cell, so large loads stay cheap.
   */
  numberColumns(sql: string, params?: SqlParams): Promise<NumberColumns>;
  /** Bulk insert through DuckDB's appender; rows are arrays in the table's column order. */
  append(table: string, rows: readonly (readonly SqlValue[])[]): Promise<void>;
}

class ConnectionQueryable implements Queryable {
  constructor(protected readonly conn: SerialConnection) {}

  /** The error a failing statement throws; a transaction's connection also keeps it (below). */
  protected failed(cause: unknown, sql: string): StoreError {
    return wrap(cause, sql);
  }

  run(sql: string, params: SqlParams = []): Promise<void> {
    return this.conn.enqueue(async () => {
      try {
        await this.conn.connection.run(sql, toDuckValues(params));
      } catch (cause) {
        throw this.failed(cause, sql);
      }
    });
  }

  all<T extends object = Row>(sql: string, params: SqlParams = []): Promise<T[]> {
    return this.conn.enqueue(async () => {
      try {
        return (await readRowObjects(await this.conn.connection.run(sql, toDuckValues(params)))) as T[];
      } catch (cause) {
        throw this.failed(cause, sql);
      }
    });
  }

  columns(sql: string, params: SqlParams = []): Promise<Record<string, unknown[]>> {
    return this.conn.enqueue(async () => {
      try {
        return await readColumnsObject(await this.conn.connection.run(sql, toDuckValues(params)));
      } catch (cause) {
        throw this.failed(cause, sql);
      }
    });
  }

  numberColumns(sql: string, params: SqlParams = []): Promise<NumberColumns> {
    return this.conn.enqueue(async () => {
      try {
        return await readNumberColumns(await this.conn.connection.run(sql, toDuckValues(params)));
      } catch (cause) {
        throw this.failed(cause, sql);
      }
    });
  }

  append(table: string, rows: readonly (readonly SqlValue[])[]): Promise<void> {
    return this.conn.enqueue(async () => {
      let appender: DuckDBAppender | undefined;
      try {
        appender = await this.conn.connection.createAppender(table);
        for (const row of rows) {
          for (const value of row) appendValue(appender, value);
          appender.endRow();
        }
        appender.flushSync();
      } catch (cause) {
        throw this.failed(cause, `APPEND INTO ${table}`);
      } finally {
        appender?.closeSync();
      }
    });
  }
}

/**
 * A transaction's connection: remembers the first statement that failed on it. After a
 * failed statement DuckDB cannot commit the transaction, and its COMMIT rolls everything back
 * without an error; so a transaction whose work caught such a failure and went on is rolled
 * back and fails (Store.transaction), instead of looking committed.
 */
class TransactionQueryable extends ConnectionQueryable {
  firstFailure: StoreError | undefined;

  protected override failed(cause: unknown, sql: string): StoreError {
    const error = super.failed(cause, sql);
    this.firstFailure ??= error;
    return error;
  }
}

class SerialPreparedQuery implements PreparedQuery {
  private closed = false;
  constructor(
    private readonly conn: SerialConnection,
    private readonly statement: DuckDBPreparedStatement,
    readonly sql: string,
    private readonly onClose: (query: SerialPreparedQuery) => void,
  ) {}

  /** The connection is closing and frees the statement itself: never destroy it twice. */
  forget(): void {
    this.closed = true;
  }

  all<T extends object = Row>(params: SqlParams = []): Promise<T[]> {
    return this.conn.enqueue(async () => {
      if (this.closed) throw new StoreError('The prepared statement is closed', { sql: this.sql });
      try {
        this.statement.clearBindings();
        if (params.length > 0) this.statement.bind(toDuckValues(params));
        const reader = await this.statement.runAndReadAll();
        return reader.getRowObjectsJS() as T[];
      } catch (cause) {
        throw wrap(cause, this.sql);
      }
    });
  }

  close(): Promise<void> {
    return this.conn.enqueue(async () => {
      if (this.closed) return;
      this.closed = true;
      this.onClose(this);
      this.statement.destroySync();
    });
  }
}

export class Store extends ConnectionQueryable {
  private transactionTail: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Connections of transactions in progress, so interrupt() reaches them too. */
  private readonly transactionConnections = new Set<DuckDBConnection>();
  private readonly prepared = new Set<SerialPreparedQuery>();

  private constructor(
    private readonly instance: DuckDBInstance,
    connection: SerialConnection,
    readonly path: string,
    /** The memory_limit the store was opened with. */
    private readonly memoryLimit: string,
  ) {
    super(connection);
  }

  /** Opens (creating if needed) the store file at `path`, or an in-memory store for ":memory:". */
  static async open(path: string, options: StoreOptions = {}): Promise<Store> {
    const { memoryLimit, allocatorFlushThreshold, allocatorBulkDeallocationFlushThreshold, readOnly } = {
      ...DEFAULT_STORE_OPTIONS,
      ...options,
    };
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.create(path, {
        memory_limit: memoryLimit,
        allocator_flush_threshold: allocatorFlushThreshold,
        allocator_bulk_deallocation_flush_threshold: allocatorBulkDeallocationFlushThreshold,
        ...(readOnly ? { access_mode: 'READ_ONLY' } : {}),
      });
    } catch (cause) {
      if (/lock/i.test(String((cause as Error)?.message ?? cause))) throw new StoreLockedError(path, cause);
      throw new StoreError(`Could not open the store at ${path}: ${(cause as Error)?.message ?? cause}`, { cause });
    }
    const connection = await instance.connect();
    return new Store(instance, new SerialConnection(connection), path, memoryLimit);
  }

  /**
   * Runs `work` in one transaction on its own connection: all of it commits, or none of it
   * does. Transactions run one at a time, so writers never conflict with each other. A
   * statement that fails inside `work` rolls it all back and fails the transaction, even when
   * `work` caught the failure and went on (DuckDB would roll back at COMMIT without a word).
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const next = this.transactionTail.then(async () => {
      const connection = await this.instance.connect();
      const tx = new TransactionQueryable(new SerialConnection(connection));
      this.transactionConnections.add(connection);
      await tx.run('BEGIN TRANSACTION');
      try {
        const result = await work(tx);
        if (tx.firstFailure !== undefined)
          throw new StoreError(
            `A statement failed inside the transaction, which was rolled back: ${tx.firstFailure.message}`,
            { cause: tx.firstFailure, sql: tx.firstFailure.sql },
          );
        await tx.run('COMMIT');
        return result;
      } catch (error) {
        await tx.run('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        this.transactionConnections.delete(connection);
        connection.closeSync();
      }
    });
    this.transactionTail = next.catch(() => undefined);
    return next;
  }

  /**
   * Parses and plans `sql` once; run it with `all(params)`. On the Store's own connection
   * (not inside transactions, whose connection closes with them).
   */
  prepare(sql: string): Promise<PreparedQuery> {
    return this.conn.enqueue(async () => {
      if (this.closed) throw new StoreError('The store is closed', { sql });
      try {
        const statement = await this.conn.connection.prepare(sql);
        const query = new SerialPreparedQuery(this.conn, statement, sql, (q) => this.prepared.delete(q));
        this.prepared.add(query);
        return query;
      } catch (cause) {
        throw wrap(cause, sql);
      }
    });
  }

  /**
   * Writes a consistent copy of the whole store to a new file at `path` (read replicas).
   * DuckDB's ATTACH takes no bound parameter, so this is the one statement that carries a
   * value inline: a path Ludex chose itself, quoted as a SQL string literal.
   */
  async copyDatabaseTo(path: string): Promise<void> {
    const literal = `'${path.replace(/'/g, "''")}'`;
    // Its own connection: a large copy must not hold up the queries queued on the main one.
    const connection = await this.instance.connect();
    const copier = new ConnectionQueryable(new SerialConnection(connection));
    try {
      const [{ name }] = await copier.all<{ name: string }>('SELECT current_database() AS name');
      const alias = 'ludex_copy_target';
      await copier.run(`ATTACH ${literal} AS ${alias}`);
      try {
        await copier.run(`COPY FROM DATABASE "${name.replace(/"/g, '""')}" TO ${alias}`);
      } finally {
        await copier.run(`DETACH ${alias}`);
      }
    } finally {
      connection.closeSync();
    }
  }

  /**
   * Runs `work` with DuckDB's memory_limit lowered to `limit` (never raised above the limit
   * the store was opened with), then puts that limit back. memory_limit is a setting of the
   * whole database, so this is for a command that owns the store while it runs (a batch
   * import), not for a serving process. Over the limit DuckDB spills to its temp directory
   * rather than holding everything in memory. An in-memory store keeps its limit: there the
   * stored data itself counts against it and cannot spill. SET takes no bound parameter:
   * the value is inlined, and only after it has been checked to be a plain size.
   */
  async withMemoryLimit<T>(limit: string, work: () => Promise<T>): Promise<T> {
    const lower = memoryBytes(limit);
    const opened = memoryBytes(this.memoryLimit);
    if (lower === undefined) throw new StoreError(`Not a memory size: ${limit}`);
    if (this.path === IN_MEMORY_PATH || opened === undefined || lower >= opened) return work();
    await this.run(`SET memory_limit = '${limit}'`);
    try {
      return await work();
    } finally {
      await this.run(`SET memory_limit = '${this.memoryLimit}'`);
    }
  }

  /** Cheap liveness query for readiness probes. */
  async ping(): Promise<boolean> {
    try {
      await this.all('SELECT 1 AS ok');
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Interrupts the statements running now (on the store's connection and in transactions):
   * each fails with DuckDB's INTERRUPT error, and a transaction it belongs to rolls back.
   * A statement that starts later is not affected; call again to stop a longer piece of work.
   */
  interrupt(): void {
    if (this.closed) return;
    this.conn.connection.interrupt();
    this.interruptTransactions();
  }

  /** Interrupts only statements of transactions in progress (they roll back whole). */
  interruptTransactions(): void {
    if (this.closed) return;
    for (const connection of this.transactionConnections) connection.interrupt();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.transactionTail;
    await this.conn.enqueue(async () => {
      for (const query of this.prepared) query.forget();
      this.prepared.clear();
      this.conn.connection.closeSync();
    });
    this.instance.closeSync();
  }
}

// Results are read and converted one chunk (2,048 rows) at a time: each fetch is a trip to
// DuckDB's threads, so the event loop answers requests between chunks instead of stalling
// while a whole large result (a Dataset load after materialization) turns into JS values.

/** Every column as an array of JS values (DuckDB's JS conversion), chunk by chunk. */
async function readColumnsObject(result: DuckDBMaterializedResult): Promise<Record<string, unknown[]>> {
  const names = result.deduplicatedColumnNames();
  const columns: unknown[][] = names.map(() => []);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    for (let c = 0; c < names.length; c++) {
      const target = columns[c];
      for (const value of chunk.convertColumnValues(c, JSDuckDBValueConverter)) target.push(value);
    }
  }
  return Object.fromEntries(names.map((name, c) => [name, columns[c]]));
}

/** Every row as an object of JS values, chunk by chunk. */
async function readRowObjects(result: DuckDBMaterializedResult): Promise<Row[]> {
  const names = result.deduplicatedColumnNames();
  const rows: Row[] = [];
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    for (const values of chunk.convertRows(JSDuckDBValueConverter)) {
      const row: Row = {};
      for (let c = 0; c < names.length; c++) row[names[c]] = values[c];
      rows.push(row);
    }
  }
  return rows;
}

/**
 * store_settings key of the store's data version: a fresh random UUID written, in the same
 * transaction, by every write that changes what a Dataset shows (imports, the aggregate
 * refresh every import and materialization ends with, migrations). A column file next to
 * the store (loader/columns/) names the version it was built from, so a file whose version
 * differs is stale. Random rather than a counter: a file can never match another store.
 */
export const DATA_VERSION_KEY = 'data_version';

/** Gives the store a new data version (inside the writer's transaction). */
export async function bumpDataVersion(db: Queryable): Promise<void> {
  await db.run(
    `INSERT INTO store_settings (key, value) VALUES ($1, CAST(uuid() AS VARCHAR))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [DATA_VERSION_KEY],
  );
}

/** The store's data version; undefined for a store no write has stamped yet. */
export async function readDataVersion(db: Queryable): Promise<string | undefined> {
  const rows = await db.all<{ value: string }>('SELECT value FROM store_settings WHERE key = $1', [DATA_VERSION_KEY]);
  return rows[0]?.value;
}

/**
 * Reads every chunk straight into one Float64Array per column (see Queryable.numberColumns),
 * giving the event loop a turn whenever a slice of chunks has taken SLICE_MS: a materialized
 * result's chunks resolve at once, so without it a 150,000-game read (a reload's, before its
 * commit, on the serving thread) held the thread ~55 ms.
 */
async function readNumberColumns(result: DuckDBMaterializedResult): Promise<NumberColumns> {
  const names = result.columnNames();
  const total = Number(result.rowCount);
  const columns: Record<string, Float64Array> = {};
  for (const name of names) columns[name] = new Float64Array(total);
  let offset = 0;
  let sliceStarted = performance.now();
  for (;;) {
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await yieldTurn();
      sliceStarted = performance.now();
    }
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const rows = chunk.rowCount;
    for (let c = 0; c < names.length; c++) {
      const vector = chunk.getColumnVector(c);
      const target = columns[names[c]];
      if (copyNumbers(vector, rows, target, offset)) continue;
      for (let i = 0; i < rows; i++) {
        const value: unknown = vector.getItem(i);
        target[offset + i] =
          typeof value === 'number'
            ? value
            : value === null
              ? Number.NaN
              : typeof value === 'bigint'
                ? Number(value)
                : numeric(value, names[c]);
      }
    }
    offset += rows;
  }
  if (offset !== total) throw new StoreError(`Expected ${total} rows, read ${offset}`);
  return { length: total, columns };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * A DOUBLE or INTEGER column's chunk copied from its buffers (values, then NaN where the
 * validity mask says null) instead of per-item getItem, whose validity test costs BigInt
 * arithmetic per value: a 150,000-game load reads millions of numbers. The buffers are the
 * vector's own fields, not its typed API, so anything unexpected (another layout, a sliced
 * validity, a big-endian host) answers false and the caller reads the items one by one.
 */
function copyNumbers(vector: DuckDBVector, rows: number, target: Float64Array, offset: number): boolean {
  if (!LITTLE_ENDIAN || !(vector instanceof DuckDBDoubleVector || vector instanceof DuckDBIntegerVector)) return false;
  const items: unknown = Reflect.get(vector, 'items');
  const validity: unknown = Reflect.get(vector, 'validity');
  if (!(items instanceof Float64Array || items instanceof Int32Array) || items.length !== rows) return false;
  if (typeof validity !== 'object' || validity === null) return false;
  const mask: unknown = Reflect.get(validity, 'data');
  if (Reflect.get(validity, 'offset') !== 0 || (mask !== null && !(mask instanceof BigUint64Array))) return false;
  if (mask instanceof BigUint64Array && mask.length * 64 < rows) return false;
  target.set(items, offset);
  if (mask === null) return true;
  // bit i of the mask (1 = valid) is bit i % 8 of byte i / 8 on a little-endian host
  const bits = new Uint8Array(mask.buffer, mask.byteOffset, mask.byteLength);
  for (let i = 0; i < rows; i++) if ((bits[i >> 3] & (1 << (i & 7))) === 0) target[offset + i] = Number.NaN;
  return true;
}

function numeric(value: unknown, column: string): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new StoreError(`Column ${column} is not numeric (${typeof value})`);
}

function wrap(cause: unknown, sql: string): StoreError {
  if (cause instanceof StoreError) return cause;
  const message = (cause as Error)?.message ?? String(cause);
  return new StoreError(`Store query failed: ${message}`, { cause, sql });
}

function toDuckValues(params: SqlParams): DuckDBValue[] {
  return params.map(toDuckValue);
}

function toDuckValue(value: SqlValue): DuckDBValue {
  if (Array.isArray(value)) return listValue(value.map(toDuckValue));
  return value as DuckDBValue;
}

function appendValue(appender: DuckDBAppender, value: SqlValue): void {
  if (value === null) appender.appendNull();
  else if (typeof value === 'string') appender.appendVarchar(value);
  else if (typeof value === 'boolean') appender.appendBoolean(value);
  else if (typeof value === 'bigint') appender.appendBigInt(value);
  else if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) < 2 ** 31) appender.appendInteger(value);
    else appender.appendDouble(value);
  } else if (value instanceof Date) appender.appendVarchar(value.toISOString());
  else throw new StoreError('The appender does not take list values; use INSERT with bound JSON instead');
}
