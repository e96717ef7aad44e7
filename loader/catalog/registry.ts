// What the importer knows about the store while it reads a file: slugs, ids and the few
// facts reference checks need (term parents and aliases, game parents, legacy ids,
// `expands` edges, modifications and combinations). Loaded once at the start of an import
// and updated record by record, so each line sees every earlier line and the store.

import { type GameType, TAXONOMY_KINDS, type TaxonomyKind } from '../../engine/index.js';
import type { Queryable } from '../store.js';
import { readCombinations, readModifications, type StoredCombination, type StoredModification } from './read-links.js';
import { NAMED_TABLES, type NamedKind } from './read-entities.js';
import { LEGACY_SOURCE } from './tables.js';

export interface TermEntry {
  id: string;
  parentId: string | null;
}

export interface GameEntry {
  id: string;
  type: GameType;
  parentId: string | null;
}

/** slug ↔ id of one entity table. */
export class SlugIndex<T extends { id: string }> {
  readonly bySlug = new Map<string, T>();
  readonly slugById = new Map<string, string>();

  set(slug: string, entry: T): void {
    this.bySlug.set(slug, entry);
    this.slugById.set(entry.id, slug);
  }
}

export class Registry {
  readonly terms: Record<TaxonomyKind, SlugIndex<TermEntry>> = {
    mechanic: new SlugIndex(),
    category: new SlugIndex(),
    theme: new SlugIndex(),
  };
  /** Every term id (all kinds share one table) → its kind and slug. */
  readonly termsById = new Map<string, { kind: TaxonomyKind; slug: string }>();
  /** alias → term id, per kind. */
  readonly aliases: Record<TaxonomyKind, Map<string, string>> = {
    mechanic: new Map(),
    category: new Map(),
    theme: new Map(),
  };
  readonly aliasesOfTerm = new Map<string, string[]>();
  readonly named: Record<NamedKind, SlugIndex<{ id: string }>> = {
    person: new SlugIndex(),
    publisher: new SlugIndex(),
    family: new SlugIndex(),
    award: new SlugIndex(),
  };
  readonly games = new SlugIndex<GameEntry>();
  /** legacy external id → game id, and back. */
  readonly legacyOwner = new Map<string, string>();
  readonly legacyOfGame = new Map<string, string>();
  /** `${source id}>${target id}` of every `expands` relationship. */
  readonly expands = new Set<string>();
  readonly modifications = new Map<string, StoredModification>();
  /** `${expansion id}|${property}|${operation}` → modification id. */
  readonly modificationByKey = new Map<string, string>();
  readonly modificationPositions = new Map<string, number>();
  readonly combinations = new Map<string, StoredCombination>();
  /** `${base id}|${sorted expansion ids}` → combination id. */
  readonly combinationByKey = new Map<string, string>();
  readonly combinationPositions = new Map<string, number>();

  static async load(db: Queryable): Promise<Registry> {
    const r = new Registry();
    const terms = await db.all<{ id: string; kind: TaxonomyKind; slug: string; parent_id: string | null }>(
      'SELECT id, kind, slug, parent_id FROM terms',
    );
    for (const t of terms) {
      r.terms[t.kind].set(t.slug, { id: t.id, parentId: t.parent_id });
      r.termsById.set(t.id, { kind: t.kind, slug: t.slug });
    }
    for (const a of await db.all<{ kind: TaxonomyKind; alias: string; term_id: string }>(
      'SELECT kind, alias, term_id FROM term_aliases ORDER BY alias',
    )) {
      if (!TAXONOMY_KINDS.includes(a.kind)) continue;
      r.setAlias(a.kind, a.alias, a.term_id);
    }
    for (const kind of Object.keys(NAMED_TABLES) as NamedKind[]) {
      const rows = await db.all<{ id: string; slug: string }>(`SELECT id, slug FROM ${NAMED_TABLES[kind].table}`);
      for (const row of rows) r.named[kind].set(row.slug, { id: row.id });
    }
    const games = await db.all<{ id: string; slug: string; type: GameType; parent_game_id: string | null }>(
      'SELECT id, slug, type, parent_game_id FROM games',
    );
    for (const g of games) r.games.set(g.slug, { id: g.id, type: g.type, parentId: g.parent_game_id });
    for (const l of await db.all<{ game_id: string; external_id: string }>(
      `SELECT game_id, external_id FROM external_identifiers WHERE source = '${LEGACY_SOURCE}'`,
    )) {
      r.legacyOwner.set(l.external_id, l.game_id);
      r.legacyOfGame.set(l.game_id, l.external_id);
    }
    for (const e of await db.all<{ source_game_id: string; target_game_id: string }>(
      `SELECT source_game_id, target_game_id FROM relationships WHERE relationship_type = 'expands'`,
    )) {
      r.expands.add(`${e.source_game_id}>${e.target_game_id}`);
    }
    for (const m of await readModifications(db)) r.setModification(m);
    for (const c of await readCombinations(db)) r.setCombination(c);
    return r;
  }

  setAlias(kind: TaxonomyKind, alias: string, termId: string): void {
    this.aliases[kind].set(alias, termId);
    const list = this.aliasesOfTerm.get(termId);
    if (list) list.push(alias);
    else this.aliasesOfTerm.set(termId, [alias]);
  }

  replaceAliases(kind: TaxonomyKind, termId: string, aliases: readonly string[]): void {
    for (const old of this.aliasesOfTerm.get(termId) ?? []) this.aliases[kind].delete(old);
    this.aliasesOfTerm.delete(termId);
    for (const alias of aliases) this.setAlias(kind, alias, termId);
  }

  setLegacy(gameId: string, externalId: string | null): void {
    const old = this.legacyOfGame.get(gameId);
    if (old !== undefined && this.legacyOwner.get(old) === gameId) this.legacyOwner.delete(old);
    this.legacyOfGame.delete(gameId);
    if (externalId === null) return;
    this.legacyOwner.set(externalId, gameId);
    this.legacyOfGame.set(gameId, externalId);
  }

  setModification(m: StoredModification): void {
    const previous = this.modifications.get(m.id);
    if (previous) {
      const oldKey = modificationKey(previous.expansion_id, previous.property, previous.operation);
      if (this.modificationByKey.get(oldKey) === m.id) this.modificationByKey.delete(oldKey);
    }
    this.modifications.set(m.id, m);
    this.modificationByKey.set(modificationKey(m.expansion_id, m.property, m.operation), m.id);
    const top = this.modificationPositions.get(m.expansion_id) ?? -1;
    if (m.position > top) this.modificationPositions.set(m.expansion_id, m.position);
  }

  setCombination(c: StoredCombination): void {
    this.combinations.set(c.id, c);
    this.combinationByKey.set(combinationKey(c.base_game_id, c.expansion_ids), c.id);
    const top = this.combinationPositions.get(c.base_game_id) ?? -1;
    if (c.position > top) this.combinationPositions.set(c.base_game_id, c.position);
  }

  /** True when `expansionId` is an expansion of `baseId` (SPEC-NOTES D17). */
  isExpansionOf(expansionId: string, baseId: string): boolean {
    const entry = this.games.slugById.get(expansionId);
    const parent = entry === undefined ? undefined : this.games.bySlug.get(entry)?.parentId;
    return parent === baseId || this.expands.has(`${expansionId}>${baseId}`);
  }
}

export function modificationKey(expansionId: string, property: string, operation: string): string {
  return `${expansionId}|${property}|${operation}`;
}

export function combinationKey(baseId: string, sortedExpansionIds: readonly string[]): string {
  return `${baseId}|${sortedExpansionIds.join(',')}`;
}
