// What a foreign-format import (BGG XML, BGG CSV…) reports, and the signature every such
// importer has, so the CLI can run any of them the same way.

import type { AggregateRefresh } from '../catalog/import.js';
import { collectGarbage } from './heap.js';
import type { Store } from '../store.js';

export interface SkippedItems {
  /** Why these items were not imported, in one sentence. */
  reason: string;
  count: number;
  /** A few of them (file:line, item id…), so the user can look. */
  examples: string[];
}

export interface ForeignImportReport {
  /** Files read (a folder counts its files). */
  files: number;
  /** Data rows read from the files, for row formats that count them (awards, polls). */
  rows?: number;
  /** Games created, updated, unchanged (matched on legacy_id). */
  created: number;
  updated: number;
  unchanged: number;
  /** Other records written (people, terms, links…), by kind. */
  records: Record<string, number>;
  skipped: SkippedItems[];
  /** Files that were not imported at all (error bodies, wrong format), with the reason. */
  rejectedFiles: { path: string; reason: string }[];
}

/** A report with nothing imported yet; `rows` only for the formats that count rows. */
export function emptyForeignReport(
  files: number,
  rejectedFiles: readonly { path: string; reason: string }[] = [],
  rows?: number,
): ForeignImportReport {
  const report: ForeignImportReport = {
    files,
    created: 0,
    updated: 0,
    unchanged: 0,
    records: {},
    skipped: [],
    rejectedFiles: [...rejectedFiles],
  };
  if (rows !== undefined) report.rows = rows;
  return report;
}

export interface ForeignImportOptions {
  /** Called now and then on long runs with a short status ("12,000 rows…"). */
  onProgress?: (status: string) => void;
  now?: Date;
  /** The aggregate refresh the import ends with, once (snapshots' `aggregateRefresh(config.aggregates)`). */
  refresh: AggregateRefresh;
  /**
   * DuckDB's memory limit while the import runs (IMPORT_MEMORY_LIMIT): 'auto' (the default,
   * importMemoryLimit by store size), 'off' (the store's own limit), or a size such as "1GB".
   */
  memoryLimit?: string;
  /**
   * The date the files' data describe (YYYY-MM-DD), for files that carry none of their own
   * (an XML capture: default, the file's modification time). Newer wins: no value is
   * replaced by one from an older source (docs/import-bgg-folder.md).
   */
  asOf?: string;
}

export type ForeignImporter = (
  store: Store,
  paths: readonly string[],
  options: ForeignImportOptions,
) => Promise<ForeignImportReport>;

/**
 * Wraps an importer whose batches skip the aggregate refresh (`refresh: null`):
 * the refresh runs once at the end, in its own transaction — also when a later batch
 * failed, so what did commit gets its aggregates. One refresh instead of one per batch is
 * what keeps a 170k-row import fast and its memory flat.
 */
export function refreshingOnce(importer: ForeignImporter): ForeignImporter {
  return async (store, paths, options) => {
    const now = options.now ?? new Date();
    const run = async () => {
      try {
        return await importer(store, paths, { ...options, now });
      } finally {
        options.onProgress?.('refreshing the aggregates of every game…');
        // The batches' garbage would otherwise stay resident through the refresh, DuckDB's peak.
        collectGarbage();
        await store.transaction((tx) => options.refresh(tx, now));
      }
    };
    return withImportMemoryLimit(store, options.memoryLimit, run);
  };
}

/** Runs `work` under the import's memory limit setting ('auto' by default: by store size now). */
export async function withImportMemoryLimit<T>(
  store: Store,
  setting: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const limit = setting ?? 'auto';
  if (limit === 'off') return work();
  if (limit !== 'auto') return store.withMemoryLimit(limit, work);
  const [{ games }] = await store.all<{ games: number }>('SELECT CAST(count(*) AS INTEGER) AS games FROM games');
  return store.withMemoryLimit(importMemoryLimit(games), work);
}

/**
 * DuckDB's memory_limit while a foreign import runs (a lower configured limit stays):
 * IMPORT_MEMORY_BASE_MB plus IMPORT_MEMORY_MB_PER_1000_GAMES for each thousand games the
 * store holds when the import begins. The import's DuckDB work is transaction-local rows,
 * indexes and the refresh's staging tables, which spill to disk above the limit; with the
 * configured 2 GB DuckDB kept 250–330 MB of them resident on a first import of the BGG
 * dump. What cannot spill grows with the store (the indexes DuckDB keeps in memory, the
 * stored games a re-import reads back): a re-import of that dump failed at 192 MB and ran
 * at 256 MB, and so did the dump over the 2021 dataset (21k games stored: 214 MB failed).
 * IMPORT_MEMORY_LIMIT overrides it. Measured in docs/import-bgg-csv.md.
 */
export function importMemoryLimit(storedGames: number): string {
  return `${IMPORT_MEMORY_BASE_MB + Math.ceil(storedGames / 1000) * IMPORT_MEMORY_MB_PER_1000_GAMES}MB`;
}

export const IMPORT_MEMORY_BASE_MB = 256;
export const IMPORT_MEMORY_MB_PER_1000_GAMES = 1;
