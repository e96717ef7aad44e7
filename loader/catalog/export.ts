// exportCatalog: the whole store as catalog JSON Lines, in CATALOG_KIND_ORDER, so every
// record refers only to earlier ones (parents before children within terms and games).
// The order inside a kind is deterministic, and import of an export into an empty store
// exports byte-identically again (the round-trip tests hold us to it).

import { TAXONOMY_KINDS } from '../../engine/index.js';
import type { Queryable, Store } from '../store.js';
import { chunk } from './bulk.js';
import { NAMED_TABLES, readNamedLines, readTermLines, type NamedKind } from './read-entities.js';
import { readGameLines } from './read-games.js';
import { readCombinations, readModifications, readRelationshipLines } from './read-links.js';
import { RAW_KINDS, readRawLines, readSnapshotLines } from './read-raw.js';
import type { CatalogKind } from './records.js';
import { emptyExportReport, type ExportReport } from './report.js';

export type { ExportReport } from './report.js';

/** Entities read per batch of queries. */
export const EXPORT_CHUNK = 10_000;

export type LineWriter = (line: string) => void | Promise<void>;

/** Writes every record of the store through `write`, one line (without newline) per call. */
export async function exportCatalog(store: Store, write: LineWriter): Promise<ExportReport> {
  const report = emptyExportReport();
  const emit = async (kind: CatalogKind, line: string) => {
    await write(line);
    report.kinds[kind]++;
    report.lines++;
  };
  // One transaction: a consistent view even if a writer commits meanwhile.
  await store.transaction(async (db) => {
    for (const kind of TAXONOMY_KINDS) {
      const rows = await db.all<TreeRow>('SELECT id, slug, parent_id FROM terms WHERE kind = $1', [kind]);
      await emitInChunks(db, parentsFirst(rows), readTermLines, (line) => emit(kind, line));
    }
    for (const kind of Object.keys(NAMED_TABLES) as NamedKind[]) {
      const rows = await db.all<{ id: string }>(`SELECT id FROM ${NAMED_TABLES[kind].table} ORDER BY slug`);
      await emitInChunks(
        db,
        rows.map((r) => r.id),
        (q, ids) => readNamedLines(q, kind, ids),
        (line) => emit(kind, line),
      );
    }
    const games = await db.all<TreeRow>('SELECT id, slug, parent_game_id AS parent_id FROM games');
    await emitInChunks(db, parentsFirst(games), readGameLines, (line) => emit('game', line));
    for (const line of await readRelationshipLines(db)) await emit('relationship', line);
    for (const m of await readModifications(db)) await emit('property_modification', m.line);
    for (const c of await readCombinations(db)) await emit('expansion_combination', c.line);
    for (const kind of RAW_KINDS) {
      for await (const line of readRawLines(db, kind)) await emit(kind, line);
    }
    for await (const line of readSnapshotLines(db)) await emit('snapshot', line);
  });
  return report;
}

interface TreeRow {
  id: string;
  slug: string;
  parent_id: string | null;
}

/** Ids ordered by depth in the parent tree, then slug: every parent precedes its children. */
export function parentsFirst(rows: readonly TreeRow[]): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = new Map<string, number>();
  const depthOf = (row: TreeRow): number => {
    const known = depth.get(row.id);
    if (known !== undefined) return known;
    // Walk up iteratively; the importer forbids cycles, the bound only guards a corrupt store.
    let d = 0;
    for (let at = row.parent_id; at !== null && d <= rows.length; d++) at = byId.get(at)?.parent_id ?? null;
    depth.set(row.id, d);
    return d;
  };
  return [...rows]
    .sort((a, b) => depthOf(a) - depthOf(b) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .map((r) => r.id);
}

async function emitInChunks(
  db: Queryable,
  ids: readonly string[],
  read: (db: Queryable, ids: readonly string[]) => Promise<Map<string, string>>,
  emit: (line: string) => Promise<void>,
): Promise<void> {
  for (const part of chunk(ids, EXPORT_CHUNK)) {
    const lines = await read(db, part);
    for (const id of part) {
      const line = lines.get(id);
      if (line !== undefined) await emit(line);
    }
  }
}
