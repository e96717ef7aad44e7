// The games a foreign import can refer to: BGG id (legacy_id) → slug, and every game slug
// (a new game's slug must not collide). Loaded once per import as two plain columns;
// games a batch creates are staged and kept only when that batch's transaction commits,
// so a rolled-back batch leaves no trace here either.

import { LEGACY_SOURCE } from '../catalog/tables.js';
import type { Queryable } from '../store.js';
import { MAX_SLUG_LENGTH, trimSlug, uniqueSlug } from './slugs.js';

export class KnownGameSlugs {
  private readonly bySource = new Map<number, string>();
  private readonly slugs = new Set<string>();
  private staged = new Map<number, string>();

  static async load(db: Queryable): Promise<KnownGameSlugs> {
    const known = new KnownGameSlugs();
    const legacy = await db.columns(
      `SELECT e.external_id, g.slug FROM external_identifiers e JOIN games g ON g.id = e.game_id WHERE e.source = $1`,
      [LEGACY_SOURCE],
    );
    const ext = (legacy.external_id ?? []) as string[];
    const slugs = (legacy.slug ?? []) as string[];
    for (let i = 0; i < ext.length; i++) {
      // Only numeric legacy ids are BGG ids ("3656" is the BGG game 3656).
      const id = Number(ext[i]);
      if (Number.isInteger(id)) known.bySource.set(id, slugs[i]);
    }
    for (const slug of ((await db.columns('SELECT slug FROM games')).slug ?? []) as string[]) known.slugs.add(slug);
    return known;
  }

  /** The slug of the game stored (or staged) under this BGG id. */
  slug(bggId: number): string | undefined {
    return this.staged.get(bggId) ?? this.bySource.get(bggId);
  }

  /** Assigns and stages a new game's slug: from the name, or `<name>-<id>` on a collision. */
  create(bggId: number, name: string): string {
    const taken = (s: string) => this.slugs.has(s);
    let slug = uniqueSlug(name, bggId, taken, 'bgg');
    // Extremely rare: "<name>-<id>" is itself another game's name slug.
    for (let n = 2; taken(slug); n++) slug = `${trimSlug(slug, MAX_SLUG_LENGTH - 4)}-${n}`;
    this.slugs.add(slug);
    this.staged.set(bggId, slug);
    return slug;
  }

  commit(): void {
    for (const [id, slug] of this.staged) this.bySource.set(id, slug);
    this.staged = new Map();
  }

  rollback(): void {
    for (const slug of this.staged.values()) this.slugs.delete(slug);
    this.staged = new Map();
  }
}
