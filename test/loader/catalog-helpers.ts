// Shared by the catalog tests: in-memory migrated stores, import/export of line arrays,
// and small builders for records.

import { readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { exportCatalog } from '../../loader/catalog/export.js';
import { importCatalog, type ImportOptions } from '../../loader/catalog/import.js';
import type { ImportReport } from '../../loader/catalog/report.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

export const FIXTURE = new URL('../fixtures/catalog/every-kind.jsonl', import.meta.url);
export const DEMO_CATALOG = new URL('../../loader/demo/catalog.jsonl', import.meta.url);
export const NOW = new Date('2025-06-01T12:00:00.000Z');

const open: Store[] = [];
afterEach(async () => {
  while (open.length) await open.pop()?.close();
});

/** A fresh in-memory store with every migration applied; closed after the test. */
export async function emptyStore(): Promise<Store> {
  const store = await Store.open(':memory:');
  open.push(store);
  await migrate(store);
  return store;
}

export function fixtureLines(url: URL = FIXTURE): string[] {
  return readFileSync(url, 'utf8').split('\n');
}

export function jsonl(...records: Record<string, unknown>[]): string[] {
  return records.map((r) => JSON.stringify(r));
}

export async function load(
  store: Store,
  lines: Iterable<string> | AsyncIterable<string>,
  options: Partial<ImportOptions> = {},
): Promise<ImportReport> {
  return importCatalog(store, lines, { refresh: aggregateRefresh(), now: NOW, ...options });
}

export async function exportLines(store: Store): Promise<string[]> {
  const lines: string[] = [];
  await exportCatalog(store, (line) => {
    lines.push(line);
  });
  return lines;
}

/** Every row of every table the catalog writes, for "nothing changed" comparisons. */
export async function dumpTables(store: Store): Promise<Record<string, unknown[]>> {
  const tables = await store.all<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'main' AND table_name NOT IN ('schema_migrations') ORDER BY 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const rows = await store.all(`SELECT * FROM ${name} ORDER BY ALL`);
    out[name] = rows.map((row) =>
      JSON.parse(JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))),
    );
  }
  return out;
}

/** The counts of one kind in a report, without the zero ones. */
export function counts(report: ImportReport, kind: keyof ImportReport['kinds']): Record<string, number> {
  return Object.fromEntries(Object.entries(report.kinds[kind]).filter(([, n]) => n !== 0));
}

export const game = (slug: string, extra: Record<string, unknown> = {}) => ({
  kind: 'game',
  slug,
  name: slug.replace(/-/g, ' '),
  type: 'base_game',
  ...extra,
});

export const stats = (rating: number, votes: number, extra: Record<string, unknown> = {}) => ({
  rating,
  rating_votes: votes,
  rating_stddev: 1.5,
  weight: 2.5,
  weight_votes: 10,
  ...extra,
});
