// importCatalog: reads catalog JSON Lines into the store in ONE transaction. Each line is
// parsed, validated (records.ts), resolved against everything before it (registry.ts) and
// queued; queues are written in batches (write.ts), and the caller's `refresh` recomputes
// the aggregates at the end (snapshots/pipeline.ts provides it; the loader never imports the
// batch side). Any bad record throws CatalogImportError and the transaction rolls back, so
// the store is exactly as before.

import { bumpDataVersion, type Queryable, type Store } from '../store.js';
import { CatalogImportError, RecordError } from './errors.js';
import type { EntityItem, RawItem, RelationshipItem, ResolveContext, RewriteItem, SnapshotItem } from './items.js';
import type { EntityKind } from './read-entities.js';
import { RAW_KINDS, type RawKind } from './read-raw.js';
import type { CatalogRecord } from './records.js';
import { Registry } from './registry.js';
import { emptyImportReport, type ImportReport } from './report.js';
import { resolveNamed, resolveTerm } from './resolve-entities.js';
import { resolveGame } from './resolve-game.js';
import { resolveCombination, resolveModification, resolveRelationship } from './resolve-links.js';
import { resolveRaw, resolveSnapshot } from './resolve-raw.js';
import { parseRecord } from './schemas.js';
import { EXPANSION_COMBINATIONS, PROPERTY_MODIFICATIONS } from './tables.js';
import { writeEntities, writeRaw, writeRelationships, writeRewrites, writeSnapshots } from './write.js';

export { CatalogImportError } from './errors.js';
export type { ImportCounts, ImportReport } from './report.js';

export interface ImportOptions {
  /** Called with the number of lines read so far, every PROGRESS_EVERY lines and at the end. */
  onProgress?: (lines: number) => void;
  /** The import's clock: created_at of new games and of raw records without one. */
  now?: Date;
  /**
   * Recomputes the derived Game aggregates at the end of the import, inside its transaction
   * (the callers pass snapshots' `aggregateRefresh(config.aggregates)`). null: leave them as
   * they are; the caller refreshes once after a series of imports (foreign importers, whose
   * many batches would each recompute every game).
   */
  refresh: AggregateRefresh | null;
  /**
   * What the store holds, loaded by the caller once for a series of imports into the same
   * store (a foreign importer's batches), so that each batch does not read every game again.
   * Each import updates it as it goes; after an import fails (its transaction rolled back)
   * the registry no longer matches the store and must not be used again.
   */
  registry?: Registry;
}

/**
 * Recomputes every game's derived aggregates inside the caller's transaction, writing only
 * rows whose values change; `now` is the updated_at of changed games. The batch side
 * provides it (snapshots/pipeline.ts `aggregateRefresh`), handed in by whoever composes
 * the import (the CLI, the server's store set-up, tests), so loader/ never imports it.
 */
export type AggregateRefresh = (db: Queryable, now: Date) => Promise<unknown>;

/** Records per write batch: big batches amortize the per-statement cost of bulk reads and writes. */
export const DEFAULT_BATCH_SIZE = 10_000;
export const GAME_BATCH_SIZE = 10_000;
export const PROGRESS_EVERY = 5_000;

/** A queue of resolved records of one kind, written when full or when a key repeats. */
class Queue<T> {
  private items: T[] = [];
  private keys = new Set<string>();
  /** Items handed to `write` so far. */
  written = 0;

  constructor(
    private readonly limit: number,
    private readonly write: (items: T[]) => Promise<void>,
  ) {}

  /** A record whose key is already queued must see the earlier one written first. */
  async beforeAdd(keys: readonly string[]): Promise<void> {
    if (keys.some((k) => this.keys.has(k))) await this.flush();
  }

  async add(item: T, keys: readonly string[]): Promise<void> {
    this.items.push(item);
    for (const k of keys) this.keys.add(k);
    if (this.items.length >= this.limit) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.keys = new Set();
    this.written += items.length;
    await this.write(items);
  }
}

export async function importCatalog(
  store: Store,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions,
): Promise<ImportReport> {
  const { onProgress, now = new Date(), refresh } = options;
  return store.transaction(async (tx) => {
    const report = emptyImportReport();
    const registry = options.registry ?? (await Registry.load(tx));
    const importer = new Importer(tx, registry, now, report, refresh);
    let lineNumber = 0;
    for await (const raw of lines) {
      lineNumber++;
      const text = (lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
      if (text !== '' && !isRunnerBanner(text)) {
        report.records++;
        await importLine(importer, text, lineNumber);
      }
      if (onProgress && lineNumber % PROGRESS_EVERY === 0) onProgress(lineNumber);
    }
    report.lines = lineNumber;
    await importer.finish();
    onProgress?.(lineNumber);
    return report;
  });
}

/**
 * `npm run ludex -- export > file` puts npm's banner ("> ludex@0.1.0 ludex") on standard
 * output ahead of the records. No JSON record starts with ">", so such lines are skipped
 * rather than failing the import of a file the user made with our own command.
 */
function isRunnerBanner(text: string): boolean {
  return text.startsWith('> ');
}

async function importLine(importer: Importer, text: string, line: number): Promise<void> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new CatalogImportError(line, '', `invalid JSON (${(cause as Error).message})`, { cause });
  }
  try {
    await importer.add(parseRecord(value));
  } catch (error) {
    if (error instanceof RecordError) throw new CatalogImportError(line, error.field, error.reason, { cause: error });
    throw error;
  }
}

class Importer {
  private readonly ctx: ResolveContext;
  private readonly entities = new Map<EntityKind, Queue<EntityItem>>();
  private readonly relationships: Queue<RelationshipItem>;
  private readonly modifications: Queue<RewriteItem>;
  private readonly combinations: Queue<RewriteItem>;
  private readonly raw = new Map<RawKind, Queue<RawItem>>();
  private readonly snapshots: Queue<SnapshotItem>;

  constructor(
    private readonly db: Queryable,
    registry: Registry,
    private readonly now: Date,
    report: ImportReport,
    /** null: the caller refreshes the aggregates itself. */
    private readonly refresh: AggregateRefresh | null,
  ) {
    this.ctx = { registry, now: now.toISOString(), counts: report.kinds };
    const counts = report.kinds;
    for (const kind of ['mechanic', 'category', 'theme', 'person', 'publisher', 'family', 'award', 'game'] as const) {
      const size = kind === 'game' ? GAME_BATCH_SIZE : DEFAULT_BATCH_SIZE;
      this.entities.set(kind, new Queue(size, (items) => writeEntities(db, kind, items, counts[kind])));
    }
    this.relationships = new Queue(DEFAULT_BATCH_SIZE, (items) => writeRelationships(db, items, counts.relationship));
    this.modifications = new Queue(DEFAULT_BATCH_SIZE, (items) => writeRewrites(db, PROPERTY_MODIFICATIONS, items));
    this.combinations = new Queue(DEFAULT_BATCH_SIZE, (items) => writeRewrites(db, EXPANSION_COMBINATIONS, items));
    for (const kind of RAW_KINDS)
      this.raw.set(kind, new Queue(DEFAULT_BATCH_SIZE, (items) => writeRaw(db, kind, items, counts[kind])));
    this.snapshots = new Queue(DEFAULT_BATCH_SIZE, (items) => writeSnapshots(db, items, counts.snapshot));
  }

  async add(record: CatalogRecord): Promise<void> {
    const { ctx } = this;
    switch (record.kind) {
      case 'mechanic':
      case 'category':
      case 'theme':
      case 'person':
      case 'publisher':
      case 'family':
      case 'award':
      case 'game': {
        const queue = this.entity(record.kind);
        await queue.beforeAdd([record.slug]);
        const item =
          record.kind === 'game'
            ? resolveGame(record, ctx)
            : record.kind === 'mechanic' || record.kind === 'category' || record.kind === 'theme'
              ? resolveTerm(record, ctx)
              : resolveNamed(record, ctx);
        await queue.add(item, [record.slug]);
        return;
      }
      case 'relationship': {
        const item = resolveRelationship(record, ctx);
        const keys = item.rows.map((r) => `${r.source_game_id}|${r.target_game_id}|${r.relationship_type}`);
        await this.relationships.beforeAdd(keys);
        await this.relationships.add(item, keys);
        return;
      }
      case 'property_modification':
        return this.rewrite(this.modifications, resolveModification(record, ctx));
      case 'expansion_combination':
        return this.rewrite(this.combinations, resolveCombination(record, ctx));
      case 'snapshot': {
        const item = resolveSnapshot(record, ctx);
        const key = `${item.game_id}|${item.date}`;
        await this.snapshots.beforeAdd([key]);
        await this.snapshots.add(item, [key]);
        return;
      }
      default: {
        const item = resolveRaw(record, ctx);
        const queue = this.raw.get(item.kind);
        if (!queue) throw new Error(`no queue for ${item.kind}`);
        await queue.add(item, []);
      }
    }
  }

  private entity(kind: EntityKind): Queue<EntityItem> {
    const queue = this.entities.get(kind);
    if (!queue) throw new Error(`no queue for ${kind}`);
    return queue;
  }

  private async rewrite(queue: Queue<RewriteItem>, item: RewriteItem | undefined): Promise<void> {
    if (!item) return;
    await queue.beforeAdd([item.id]);
    await queue.add(item, [item.id]);
  }

  /** Writes what is queued, re-points modifications at moved parents, refreshes aggregates (unless told not to). */
  async finish(): Promise<void> {
    const queues: { flush(): Promise<void> }[] = [
      ...this.entities.values(),
      this.relationships,
      this.modifications,
      this.combinations,
      ...this.raw.values(),
      this.snapshots,
    ];
    for (const queue of queues) await queue.flush();
    await this.db.run(
      `UPDATE property_modifications SET base_game_id = g.parent_game_id FROM games g
       WHERE g.id = property_modifications.expansion_id AND g.parent_game_id IS NOT NULL
         AND property_modifications.base_game_id <> g.parent_game_id`,
    );
    if (this.refresh) await this.refresh(this.db, this.now);
    // A new data version makes the column file stale: only when this import wrote something
    // (an unchanged re-import leaves the store, and so its column file, as they were).
    if (this.changed()) await bumpDataVersion(this.db);
  }

  private changed(): boolean {
    const kinds = Object.values(this.ctx.counts);
    if (kinds.some((c) => c.inserted > 0 || c.updated > 0)) return true;
    return this.modifications.written > 0 || this.combinations.written > 0;
  }
}
