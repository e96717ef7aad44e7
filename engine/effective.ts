// The value arithmetic of three-tier expansion resolution (contract "Effective properties",
// SPEC-NOTES §6.3–6.5): tier 1 overrides from a record, tier 2 modifications with clamps,
// tier 3 the base values. Which tier applies is decided in expansions.ts.

import { EFFECTIVE_PROPERTIES, LIST_EFFECTIVE_PROPERTIES, type EffectiveProperty } from './domain.js';
import type { Games } from './games.js';
import type { ExpansionCombinationInput, PropertyModificationInput } from './input.js';
import type { EffectiveValues } from './query.js';

export type NumberProperty = Exclude<EffectiveProperty, 'top_at' | 'recommended_at'>;
export type ListProperty = 'top_at' | 'recommended_at';

const LIST_PROPERTIES: readonly ListProperty[] = LIST_EFFECTIVE_PROPERTIES;
export const NUMBER_PROPERTIES: readonly NumberProperty[] = EFFECTIVE_PROPERTIES.filter(
  (p): p is NumberProperty => !(LIST_PROPERTIES as readonly string[]).includes(p),
);
const NON_NEGATIVE: readonly NumberProperty[] = ['min_playtime', 'max_playtime', 'min_age'];

/** Base values of a game as effective values (tier 3), nulls for unknown numbers. */
export function baseValues(games: Games, row: number): EffectiveValues {
  return {
    min_players: games.number('min_players', row),
    max_players: games.number('max_players', row),
    min_playtime: games.number('min_playtime', row),
    max_playtime: games.number('max_playtime', row),
    weight: games.number('weight', row),
    min_age: games.number('min_age', row),
    top_at: [...games.lists.top_player_counts.get(row)],
    recommended_at: [...games.lists.recommended_player_counts.get(row)],
  };
}

/** Tier 1: the record's stated values override the base; null falls back to the base. */
export function applyCombination(base: EffectiveValues, record: ExpansionCombinationInput): EffectiveValues {
  const out = copyValues(base);
  for (const p of NUMBER_PROPERTIES) {
    const value = record[p];
    if (value !== null) out[p] = value;
  }
  for (const p of LIST_PROPERTIES) {
    const value = record[p];
    if (value !== null) out[p] = [...value];
  }
  return out;
}

/**
 * Tier 2 (SPEC-NOTES §6.4 [REC]): per property, the last `set` (mods arrive in evaluation
 * order), then each `add`, then each `multiply`, left to right; a null base stays null under
 * add/multiply. Lists: set replaces, add unions. Then the clamps of §6.4.
 */
export function applyModifications(base: EffectiveValues, mods: readonly PropertyModificationInput[]): EffectiveValues {
  const out = copyValues(base);
  for (const p of NUMBER_PROPERTIES) {
    let value = base[p];
    for (const m of mods) if (m.property === p && m.operation === 'set' && typeof m.value === 'number') value = m.value;
    for (const m of mods) {
      if (m.property === p && m.operation === 'add' && typeof m.value === 'number' && value !== null) value += m.value;
    }
    for (const m of mods) {
      if (m.property === p && m.operation === 'multiply' && typeof m.value === 'number' && value !== null)
        value *= m.value;
    }
    out[p] = value;
  }
  for (const p of LIST_PROPERTIES) {
    let list = base[p];
    for (const m of mods) if (m.property === p && m.operation === 'set' && Array.isArray(m.value)) list = m.value;
    const union = [...list];
    for (const m of mods)
      if (m.property === p && m.operation === 'add' && Array.isArray(m.value)) union.push(...m.value);
    out[p] = union;
  }
  return clamp(out);
}

function clamp(v: EffectiveValues): EffectiveValues {
  for (const p of NUMBER_PROPERTIES) {
    const value = v[p];
    if (value !== null && p !== 'weight') v[p] = Math.floor(value + 0.5);
  }
  if (v.min_players !== null) v.min_players = Math.max(1, v.min_players);
  if (v.max_players !== null && v.min_players !== null) v.max_players = Math.max(v.max_players, v.min_players);
  if (v.weight !== null) v.weight = Math.min(5, Math.max(1, v.weight));
  for (const p of NON_NEGATIVE) {
    const value = v[p];
    if (value !== null) v[p] = Math.max(0, value);
  }
  for (const p of LIST_PROPERTIES) {
    const lo = v.min_players ?? -Infinity;
    const hi = v.max_players ?? Infinity;
    v[p] = [...new Set(v[p])].filter((n) => n >= lo && n <= hi).sort((a, b) => a - b);
  }
  return v;
}

export function copyValues(v: EffectiveValues): EffectiveValues {
  return { ...v, top_at: [...v.top_at], recommended_at: [...v.recommended_at] };
}
