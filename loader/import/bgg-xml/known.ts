// What the BGG importer knows exists — in the store before the import, plus what earlier
// files of this import committed: games by BGG id (legacy_id), game slugs, taxonomy terms
// (slugs and aliases), people, publishers and families. Each file's additions are staged
// and only kept when that file's transaction commits, so a rolled-back file leaves no trace.

import type { TaxonomyKind } from '../../../engine/index.js';
import type { Queryable } from '../../store.js';

export type NamedKind = 'person' | 'publisher' | 'family';

const NAMED_TABLE: Record<NamedKind, string> = { person: 'people', publisher: 'publishers', family: 'families' };

class Layer {
  readonly games = new Map<number, string>();
  /** BGG id → stored game id (base layer only: games in the store before the import). */
  readonly ids = new Map<number, string>();
  readonly gameSlugs = new Set<string>();
  /** `${kind}:${slug or alias}` → canonical slug. */
  readonly terms = new Map<string, string>();
  /** `${kind}:${slug}`. */
  readonly named = new Set<string>();
}

export class Known {
  private readonly base = new Layer();
  private staged = new Layer();

  static async load(db: Queryable): Promise<Known> {
    const known = new Known();
    const b = known.base;
    // Every legacy id, numeric or not: a game whose legacy_id is "3656" is the BGG game 3656.
    for (const row of await db.all<{ external_id: string; slug: string; id: string }>(
      `SELECT e.external_id, g.slug, g.id FROM external_identifiers e JOIN games g ON g.id = e.game_id WHERE e.source = ?`,
      ['legacy'],
    )) {
      const id = Number(row.external_id);
      if (Number.isInteger(id)) {
        b.games.set(id, row.slug);
        b.ids.set(id, row.id);
      }
    }
    for (const row of await db.all<{ slug: string }>('SELECT slug FROM games')) b.gameSlugs.add(row.slug);
    for (const row of await db.all<{ kind: string; slug: string }>('SELECT kind, slug FROM terms')) {
      b.terms.set(`${row.kind}:${row.slug}`, row.slug);
    }
    for (const row of await db.all<{ kind: string; alias: string; slug: string }>(
      'SELECT a.kind, a.alias, t.slug FROM term_aliases a JOIN terms t ON t.id = a.term_id',
    )) {
      b.terms.set(`${row.kind}:${row.alias}`, row.slug);
    }
    for (const kind of Object.keys(NAMED_TABLE) as NamedKind[]) {
      for (const row of await db.all<{ slug: string }>(`SELECT slug FROM ${NAMED_TABLE[kind]}`))
        b.named.add(`${kind}:${row.slug}`);
    }
    return known;
  }

  gameSlug(bggId: number): string | undefined {
    return this.staged.games.get(bggId) ?? this.base.games.get(bggId);
  }

  /** The id of the game the store held under this BGG id before the import, if any. */
  storedGameId(bggId: number): string | undefined {
    return this.base.ids.get(bggId);
  }

  gameSlugTaken(slug: string): boolean {
    return this.staged.gameSlugs.has(slug) || this.base.gameSlugs.has(slug);
  }

  addGame(bggId: number, slug: string): void {
    this.staged.games.set(bggId, slug);
    this.staged.gameSlugs.add(slug);
  }

  /** The canonical slug a term slug (or alias) resolves to, if that term exists. */
  term(kind: TaxonomyKind, slug: string): string | undefined {
    const key = `${kind}:${slug}`;
    return this.staged.terms.get(key) ?? this.base.terms.get(key);
  }

  addTerm(kind: TaxonomyKind, slug: string): void {
    this.staged.terms.set(`${kind}:${slug}`, slug);
  }

  hasNamed(kind: NamedKind, slug: string): boolean {
    const key = `${kind}:${slug}`;
    return this.staged.named.has(key) || this.base.named.has(key);
  }

  addNamed(kind: NamedKind, slug: string): void {
    this.staged.named.add(`${kind}:${slug}`);
  }

  /** The file's transaction committed: keep what it added. */
  commit(): void {
    const s = this.staged;
    for (const [k, v] of s.games) this.base.games.set(k, v);
    for (const v of s.gameSlugs) this.base.gameSlugs.add(v);
    for (const [k, v] of s.terms) this.base.terms.set(k, v);
    for (const v of s.named) this.base.named.add(v);
    this.staged = new Layer();
  }

  /** The file's transaction rolled back: forget what it added. */
  rollback(): void {
    this.staged = new Layer();
  }
}
