// Stored relationships, property modifications and expansion combinations in catalog form
// and in export order. The importer loads modifications and combinations whole (they are
// few, and upserts on them need the stored key and value).

import type { Queryable } from '../store.js';
import { canonicalLine } from './canonical.js';

export interface StoredModification {
  id: string;
  expansion_id: string;
  base_game_id: string;
  property: string;
  operation: string;
  position: number;
  line: string;
}

export interface StoredCombination {
  id: string;
  base_game_id: string;
  /** Sorted. */
  expansion_ids: string[];
  position: number;
  line: string;
}

/** Every property modification, ordered by expansion slug, position, id. */
export async function readModifications(db: Queryable): Promise<StoredModification[]> {
  const rows = await db.all<{
    id: string;
    expansion_id: string;
    base_game_id: string;
    expansion: string;
    property: string;
    operation: string;
    value_number: number | null;
    value_list: number[] | null;
    position: number;
  }>(
    `SELECT m.id, m.expansion_id, m.base_game_id, e.slug AS expansion, m.property, m.operation,
            m.value_number, m.value_list, m.position
     FROM property_modifications m JOIN games e ON e.id = m.expansion_id
     ORDER BY e.slug, m.position, m.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    expansion_id: r.expansion_id,
    base_game_id: r.base_game_id,
    property: r.property,
    operation: r.operation,
    position: r.position,
    line: canonicalLine('property_modification', { ...r, value: r.value_list ?? r.value_number }),
  }));
}

/** Every expansion combination, ordered by base slug, position, id; expansions by slug. */
export async function readCombinations(db: Queryable): Promise<StoredCombination[]> {
  const rows = await db.all<{
    id: string;
    base_game_id: string;
    base: string;
    expansion_ids: string[];
    expansions: string[];
    position: number;
  }>(
    `SELECT c.id, c.base_game_id, b.slug AS base, list_sort(c.expansion_ids) AS expansion_ids,
            (SELECT list(g.slug ORDER BY g.slug) FROM games g WHERE list_contains(c.expansion_ids, g.id)) AS expansions,
            c.min_players, c.max_players, c.min_playtime, c.max_playtime, c.weight, c.min_age,
            c.top_at, c.recommended_at, c.position
     FROM expansion_combinations c JOIN games b ON b.id = c.base_game_id
     ORDER BY b.slug, c.position, c.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    base_game_id: r.base_game_id,
    expansion_ids: r.expansion_ids,
    position: r.position,
    line: canonicalLine('expansion_combination', r),
  }));
}

/**
 * Every relationship once, ordered by source slug, target slug, type. `integrates_with` is
 * stored both ways but written once, from the lexicographically smaller slug.
 */
export async function readRelationshipLines(db: Queryable): Promise<string[]> {
  const rows = await db.all<{ source: string; target: string; relationship_type: string; ordinal: number }>(
    `WITH named AS (
       SELECT s.slug AS source, t.slug AS target, r.relationship_type, r.ordinal
       FROM relationships r JOIN games s ON s.id = r.source_game_id JOIN games t ON t.id = r.target_game_id
     )
     SELECT source, target, relationship_type, ordinal FROM named WHERE relationship_type <> 'integrates_with'
     UNION ALL
     SELECT least(source, target), greatest(source, target), relationship_type, min(ordinal)
     FROM named WHERE relationship_type = 'integrates_with'
     GROUP BY least(source, target), greatest(source, target), relationship_type
     ORDER BY 1, 2, 3`,
  );
  return rows.map((r) => canonicalLine('relationship', { ...r, ordinal: r.ordinal === 0 ? undefined : r.ordinal }));
}
