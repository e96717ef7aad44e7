// What the store already holds that the CSV import must agree with: games by legacy_id
// (re-imports update those games instead of duplicating them), every game slug (new slugs
// must not collide) and the mechanic slugs and aliases (names already there are reused,
// not re-declared, so a curated term keeps its description and parent).

import { LEGACY_SOURCE } from '../../catalog/tables.js';
import type { Queryable } from '../../store.js';

export interface KnownGames {
  /** legacy_id text → game id and slug. */
  byLegacyId: Map<string, { id: string; slug: string }>;
  /** Every game slug in the store, plus those this import has assigned. */
  slugs: Set<string>;
  /** Mechanic slugs and aliases in the store, plus the terms this import has declared. */
  mechanics: Set<string>;
  /** Category slugs and aliases, likewise (the 2021 dataset's domains become categories). */
  categories: Set<string>;
}

export async function loadKnown(db: Queryable): Promise<KnownGames> {
  const byLegacyId = new Map<string, { id: string; slug: string }>();
  const legacy = await db.columns(
    `SELECT e.external_id, g.id, g.slug FROM external_identifiers e JOIN games g ON g.id = e.game_id WHERE e.source = $1`,
    [LEGACY_SOURCE],
  );
  const ext = (legacy.external_id ?? []) as string[];
  const ids = (legacy.id ?? []) as string[];
  const legacySlugs = (legacy.slug ?? []) as string[];
  for (let i = 0; i < ext.length; i++) byLegacyId.set(ext[i], { id: ids[i], slug: legacySlugs[i] });

  const games = await db.columns(`SELECT slug FROM games`);
  const termSlugs = (kind: string) =>
    db.columns(
      `SELECT slug FROM terms WHERE kind = $1 UNION ALL SELECT alias AS slug FROM term_aliases WHERE kind = $1`,
      [kind],
    );
  const mechanics = await termSlugs('mechanic');
  const categories = await termSlugs('category');
  return {
    byLegacyId,
    slugs: new Set((games.slug ?? []) as string[]),
    mechanics: new Set((mechanics.slug ?? []) as string[]),
    categories: new Set((categories.slug ?? []) as string[]),
  };
}
