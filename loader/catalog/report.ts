// What an import or export did, per record kind.

import { CATALOG_KIND_ORDER, type CatalogKind } from './records.js';

export interface ImportCounts {
  /** New records (raw records without an id are always new). */
  inserted: number;
  /** Records that existed and differed: their stored form was replaced. */
  updated: number;
  /** Records that existed and were identical: nothing was written. */
  unchanged: number;
  /** Raw records (votes, play logs) whose id was already present. */
  skipped: number;
}

export interface ImportReport {
  /** Lines read, blank ones included (the numbering errors use). */
  lines: number;
  /** Records imported (non-blank lines). */
  records: number;
  kinds: Record<CatalogKind, ImportCounts>;
}

export interface ExportReport {
  /** Lines written, one record each. */
  lines: number;
  kinds: Record<CatalogKind, number>;
}

export function emptyImportReport(): ImportReport {
  const kinds = {} as Record<CatalogKind, ImportCounts>;
  for (const kind of CATALOG_KIND_ORDER) kinds[kind] = { inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
  return { lines: 0, records: 0, kinds };
}

export function emptyExportReport(): ExportReport {
  const kinds = {} as Record<CatalogKind, number>;
  for (const kind of CATALOG_KIND_ORDER) kinds[kind] = 0;
  return { lines: 0, kinds };
}
