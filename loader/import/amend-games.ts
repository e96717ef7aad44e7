// Importers that add facts to games the store already holds (awards, polls) rather than
// create games: find the stored game of a BGG id, and rewrite stored games through the
// catalog import (loader/catalog/import.ts, the one path that writes games, so validation,
// child rows and the "unchanged?" comparison are the catalog's own). A game upsert replaces
// every field, so each game starts from its stored record (readGameLines) and the caller's
// `amend` changes only what its file knows.

import { importCatalog } from '../catalog/import.js';
import { Registry } from '../catalog/registry.js';
import { canonicalLine } from '../catalog/canonical.js';
import { readGameLines } from '../catalog/read-games.js';
import { LEGACY_SOURCE } from '../catalog/tables.js';
import type { Queryable, Store } from '../store.js';

export type CatalogObject = Record<string, unknown>;

/** Stored games read (and handed to the catalog import) at a time. */
export const AMEND_CHUNK = 10_000;

/** BGG id → id of the game stored under it (legacy_id; only numeric legacy ids are BGG ids). */
export async function gameIdsByBggId(db: Queryable): Promise<Map<number, string>> {
  const legacy = await db.columns(`SELECT external_id, game_id FROM external_identifiers WHERE source = $1`, [
    LEGACY_SOURCE,
  ]);
  const ext = (legacy.external_id ?? []) as string[];
  const ids = (legacy.game_id ?? []) as string[];
  const out = new Map<number, string>();
  for (let i = 0; i < ext.length; i++) {
    if (/^\d+$/.test(ext[i])) out.set(Number(ext[i]), ids[i]);
  }
  return out;
}

export interface AmendResult {
  /** Stored games the amendment changed (written) and left as they were (not written). */
  updated: number;
  unchanged: number;
  /** Records of other kinds the import inserted (e.g. award), by kind. */
  inserted: Record<string, number>;
}

export interface AmendOptions {
  now: Date;
  /** Catalog records written first, in the same transaction (e.g. the awards the games refer to). */
  before?: readonly object[];
  onProgress?: (status: string) => void;
}

/**
 * Rewrites the given stored games with `amend` applied, AMEND_CHUNK games per catalog
 * transaction (the `before` records go with the first). Each game is read, amended and
 * compared before its chunk is written; a game whose amended record equals its stored one
 * is not handed to the import at all, so a re-run with the same files writes nothing (and
 * opens no transaction). Callers read and check all of their input before calling this, so
 * bad input never gets here; a failing chunk (out of memory) rolls back whole and ends the
 * import, the chunks before it stay, each game complete, and a re-run finishes the job.
 */
export async function amendStoredGames(
  store: Store,
  gameIds: readonly string[],
  amend: (stored: CatalogObject, gameId: string) => CatalogObject,
  options: AmendOptions,
): Promise<AmendResult> {
  const result: AmendResult = { updated: 0, unchanged: 0, inserted: {} };
  let before: readonly object[] = options.before ?? [];
  // Loaded once for every chunk's transaction (each commits before the next begins).
  let registry: Registry | undefined;
  let written = 0;
  for (let at = 0; at < gameIds.length; at += AMEND_CHUNK) {
    const chunk = gameIds.slice(at, at + AMEND_CHUNK);
    const stored = await readGameLines(store, chunk);
    const lines = before.map((record) => JSON.stringify(record));
    const leading = lines.length; // the `before` records, not games
    for (const id of chunk) {
      const line = stored.get(id);
      if (line === undefined) continue;
      const amended = canonicalLine('game', amend(JSON.parse(line) as CatalogObject, id));
      if (amended === line) result.unchanged++;
      else lines.push(amended);
    }
    stored.clear();
    if (lines.length > 0) {
      registry ??= await Registry.load(store);
      const report = await importCatalog(store, lines, { now: options.now, refresh: null, registry });
      written += lines.length - leading;
      before = [];
      for (const [kind, counts] of Object.entries(report.kinds)) {
        if (kind === 'game') {
          result.updated += counts.updated + counts.inserted;
          result.unchanged += counts.unchanged;
        } else if (counts.inserted > 0) result.inserted[kind] = (result.inserted[kind] ?? 0) + counts.inserted;
      }
    }
    options.onProgress?.(
      `${Math.min(at + AMEND_CHUNK, gameIds.length).toLocaleString('en-US')}/${gameIds.length.toLocaleString('en-US')} games compared, ${written.toLocaleString('en-US')} written`,
    );
  }
  return result;
}
