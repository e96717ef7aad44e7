// `ludex import bgg-xml`: BGG XML API2 thing responses → the store, through the catalog
// importer (loader/catalog/import.ts), which validates every record, upserts by slug and
// runs each batch in one transaction. Files are read one at a time: a pre-scan notes which
// BGG ids the import holds, then each file becomes one transaction of catalog records.
// Expansions whose base game comes in a later file, and relationships (both ends must
// exist), go into one last transaction. docs/import-bgg-xml.md describes the mapping.

import { readFile } from 'node:fs/promises';
import type { GameType } from '../../engine/index.js';
import { importCatalog, type ImportOptions, type ImportReport } from '../catalog/import.js';
import type { CatalogGame, CatalogRecord } from '../catalog/records.js';
import { readGameLines } from '../catalog/read-games.js';
import type { Store } from '../store.js';
import { convertItem, ITEM_TYPES, parentSlug } from './bgg-xml/convert.js';
import { listXmlFiles } from './bgg-xml/files.js';
import { keepStored } from './bgg-xml/keep-stored.js';
import { Known } from './bgg-xml/known.js';
import { xmlAsOf } from './as-of.js';
import { relationshipCandidates, type RelationshipCandidate } from './bgg-xml/links.js';
import { parseBggXml, type BggItem } from './bgg-xml/parse.js';
import { SKIP, Skips } from './bgg-xml/skips.js';
import { emptyForeignReport, refreshingOnce, type ForeignImporter, type ForeignImportReport } from './report.js';
import { collectGarbage } from './heap.js';
import { RegistryHolder } from './registry-holder.js';

/** An expansion waiting for its base game, which comes in a later file. */
interface Pending {
  item: BggItem;
  type: GameType;
  file: string;
  asOf: string;
}

/** Label of the last transaction in `rejectedFiles` when it fails. */
export const LINKS_BATCH = '(expansions waiting for a base game in a later file, and relationships)';

export const importBggXml: ForeignImporter = refreshingOnce(async (store, paths, options) => {
  const now = options.now ?? new Date();
  const { files, unreadable } = await listXmlFiles(paths);
  const report = emptyForeignReport(files.length, unreadable);
  const skips = new Skips();
  const known = await Known.load(store);
  const inImport = await prescan(files);
  // The known games' rows and every file parsed once: garbage before the batches begin.
  collectGarbage();
  const deferred: Pending[] = [];
  const candidates: RelationshipCandidate[] = [];
  // What the store holds, read once for every file's batch instead of once per batch (each
  // reads all 170k games of a store with the dump); read again after a batch rolled back.
  const registry = new RegistryHolder(store);

  for (const [index, file] of files.entries()) {
    const parsed = parseBggXml(await readFile(file, 'utf8'));
    if (!parsed.ok) {
      report.rejectedFiles.push({ path: file, reason: parsed.reason });
      continue;
    }
    const asOf = await xmlAsOf(file, options.asOf);
    const records: CatalogRecord[] = [];
    const converted: { bggId: number; game: CatalogGame }[] = [];
    const fileDeferred: Pending[] = [];
    const fileCandidates: RelationshipCandidate[] = [];
    for (const item of baseGamesFirst(parsed.items)) {
      const type = ITEM_TYPES[item.type];
      if (!type) {
        skips.add(SKIP.itemType, `${file}: id ${item.id} (${item.type})`);
        continue;
      }
      if (inImport.get(item.id) !== index) {
        skips.add(SKIP.superseded, `${file}: id ${item.id}`);
        continue;
      }
      if (waitsForLaterBase(item, type, known, inImport)) {
        fileDeferred.push({ item, type, file, asOf });
        continue;
      }
      const result = convertItem(item, type, known, skips, file);
      if (!result) continue;
      dated(result.game, asOf);
      records.push(...result.records);
      converted.push({ bggId: item.id, game: result.game });
      fileCandidates.push(...relationshipCandidates(item));
      noteMissingParent(item, type, result.game.parent, skips);
    }
    await mergeStored(store, records, converted, known, skips, asOf);
    if (await runBatch(store, records, { now, refresh: null }, report, file, known, registry)) {
      deferred.push(...fileDeferred);
      candidates.push(...fileCandidates);
    }
    options.onProgress?.(
      `${index + 1}/${files.length} files, ${report.created + report.updated + report.unchanged} games`,
    );
  }

  const last = linkRecords(deferred, candidates, known, skips);
  await runBatch(store, last, { now, refresh: null }, report, LINKS_BATCH, known, registry);
  report.skipped = skips.list();
  return report;
});

/** A converted game's statistics carry the file's as-of date (newer-wins.ts). */
function dated(game: CatalogGame, asOf: string): void {
  if (game.stats) game.stats.as_of = asOf;
}

/** Each converted game merged with the game the store holds under its BGG id (keep-stored.ts). */
async function mergeStored(
  store: Store,
  records: CatalogRecord[],
  converted: readonly { bggId: number; game: CatalogGame }[],
  known: Known,
  skips: Skips,
  asOf: string,
): Promise<void> {
  const ids = converted.flatMap((c) => known.storedGameId(c.bggId) ?? []);
  const lines = await readGameLines(store, ids);
  for (const { bggId, game } of converted) {
    const id = known.storedGameId(bggId);
    const line = id === undefined ? undefined : lines.get(id);
    if (!line) continue;
    const merged = keepStored(game, JSON.parse(line) as Record<string, unknown>, skips, bggId, asOf);
    records[records.indexOf(game)] = merged;
  }
}

/**
 * Every importable BGG id in the files → the index of the last file holding it. Expansions
 * wait for a base that comes later; and when an id is in several files (captures of
 * different dates), only the last file's copy is imported, so a re-run changes nothing.
 */
async function prescan(files: readonly string[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const [index, file] of files.entries()) {
    const parsed = parseBggXml(await readFile(file, 'utf8'));
    if (parsed.ok) for (const item of parsed.items) if (ITEM_TYPES[item.type]) ids.set(item.id, index);
  }
  return ids;
}

/** Base games first, so a file's expansions find their base within the same file. */
function baseGamesFirst(items: readonly BggItem[]): BggItem[] {
  const rank = (item: BggItem) => (item.type === 'boardgame' ? 0 : 1);
  return [...items].sort((a, b) => rank(a) - rank(b));
}

function inboundBases(item: BggItem): number[] {
  return item.links.filter((l) => l.type === 'boardgameexpansion' && l.inbound && l.id !== item.id).map((l) => l.id);
}

/** An expansion whose base is not known yet but comes later in this import waits for it. */
function waitsForLaterBase(item: BggItem, type: GameType, known: Known, inImport: Map<number, number>): boolean {
  if (type === 'base_game' || parentSlug(item, known)) return false;
  return inboundBases(item).some((id) => inImport.has(id) && !known.gameSlug(id));
}

function noteMissingParent(item: BggItem, type: GameType, parent: string | undefined, skips: Skips): void {
  if (type === 'base_game' || parent) return;
  const bases = inboundBases(item);
  if (bases.length) skips.add(SKIP.noParent, `id ${item.id} → base ${bases.join(', ')}`);
}

/** The last batch: waiting expansions (bases before their expansions), then relationships. */
function linkRecords(
  deferred: Pending[],
  candidates: RelationshipCandidate[],
  known: Known,
  skips: Skips,
): CatalogRecord[] {
  const records: CatalogRecord[] = [];
  let waiting = deferred;
  while (waiting.length) {
    const ids = new Set(waiting.map((p) => p.item.id));
    // Convert those whose bases are not themselves still waiting; a cycle converts the rest.
    let ready = waiting.filter((p) => !inboundBases(p.item).some((id) => ids.has(id)));
    if (ready.length === 0) ready = waiting;
    for (const p of ready) {
      const converted = convertItem(p.item, p.type, known, skips, p.file);
      if (!converted) continue;
      dated(converted.game, p.asOf);
      records.push(...converted.records);
      candidates.push(...relationshipCandidates(p.item));
      noteMissingParent(p.item, p.type, converted.game.parent, skips);
    }
    waiting = waiting.filter((p) => !ready.includes(p));
  }
  const seen = new Set<string>();
  for (const c of candidates) {
    const key = `${c.source}|${c.target}|${c.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const source = known.gameSlug(c.source);
    const target = known.gameSlug(c.target);
    if (!source || !target) {
      skips.add(SKIP.relationship, `${c.source} ${c.type} ${c.target}`);
      continue;
    }
    if (source === target) continue;
    const [s, t] = c.type === 'integrates_with' && target < source ? [target, source] : [source, target];
    records.push({ kind: 'relationship', source: s, target: t, relationship_type: c.type });
  }
  return records;
}

/** One transaction; on failure nothing of it stays, and the file is reported as rejected. */
async function runBatch(
  store: Store,
  records: readonly CatalogRecord[],
  importOptions: ImportOptions,
  report: ForeignImportReport,
  path: string,
  known: Known,
  registry: RegistryHolder,
): Promise<boolean> {
  if (records.length === 0) {
    known.commit();
    return true;
  }
  try {
    const result = await importCatalog(
      store,
      records.map((r) => JSON.stringify(r)),
      { ...importOptions, registry: await registry.get() },
    );
    known.commit();
    addCounts(report, result);
    return true;
  } catch (error) {
    known.rollback();
    registry.drop();
    report.rejectedFiles.push({ path, reason: `import failed, nothing from it was kept: ${(error as Error).message}` });
    return false;
  }
}

function addCounts(report: ForeignImportReport, result: ImportReport): void {
  for (const [kind, counts] of Object.entries(result.kinds)) {
    if (kind === 'game') {
      report.created += counts.inserted;
      report.updated += counts.updated;
      report.unchanged += counts.unchanged;
      continue;
    }
    const written = counts.inserted + counts.updated;
    if (written > 0) report.records[kind] = (report.records[kind] ?? 0) + written;
  }
}
