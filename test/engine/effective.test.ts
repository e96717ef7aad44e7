// Effective mode by hand: tier-2 evaluation order (set, then add, then multiply, by release
// order), null handling, the clamps, tier choice, matched_via reporting (D12) and the base
// game's experience multiplier applied to variant play times.

import { describe, expect, it } from 'vitest';
import type { Query } from '../../engine/query.js';
import { oracleQuery } from '../oracle.js';
import { handCatalog, idOf } from './hand-catalog.js';

// Game 0 is the base; 1..4 its expansions (1, 3 by parent; 2 by an `expands` edge; 4 has no mods).
const catalog = handCatalog({
  games: [
    {
      name: 'Base',
      min_players: 2,
      max_players: 4,
      weight: 2.5,
      min_age: 10,
      max_playtime: 50,
      top_player_counts: [3, 4],
      experience: { first_play: 2, learning: 1.5, experienced: 1, expert: 0.8 },
    },
    { name: 'Late Expansion', type: 'expansion', parent_game_id: idOf(0), year_published: 2001 },
    { name: 'Early Expansion', type: 'expansion', year_published: 2000 },
    { name: 'Latest Expansion', type: 'expansion', parent_game_id: idOf(0), year_published: 2002 },
    { name: 'Plain Expansion', type: 'expansion', parent_game_id: idOf(0), year_published: 1999 },
  ],
  expands: [{ source: 2, target: 0 }],
  modifications: [
    { expansion: 1, base: 0, property: 'max_players', operation: 'add', value: 1 },
    { expansion: 1, base: 0, property: 'max_players', operation: 'multiply', value: 1.25 },
    { expansion: 2, base: 0, property: 'max_players', operation: 'set', value: 9 },
    { expansion: 3, base: 0, property: 'max_players', operation: 'set', value: 5 },
    { expansion: 1, base: 0, property: 'weight', operation: 'add', value: 3 },
    { expansion: 2, base: 0, property: 'min_players', operation: 'add', value: -3 },
    { expansion: 3, base: 0, property: 'min_playtime', operation: 'add', value: 10 },
    { expansion: 3, base: 0, property: 'max_playtime', operation: 'set', value: 60 },
    { expansion: 2, base: 0, property: 'top_at', operation: 'add', value: [2, 9] },
    { expansion: 3, base: 0, property: 'min_age', operation: 'multiply', value: 1.25 },
  ],
  combinations: [{ base: 0, expansions: [3, 1], max_players: 7 }],
});
const { dataset } = catalog;

describe('resolveEffective', () => {
  it('evaluates tier 2 as last set, then adds, then multiplies, in release order, then clamps', () => {
    const r = dataset.resolveEffective(0, [1, 2, 3]);
    expect(r.combination_source).toBe('computed');
    expect(r.resolution_tier).toBe(2);
    // Release order 2 (2000), 1 (2001), 3 (2002): last set = 5 (game 3), +1 = 6, ×1.25 = 7.5 -> 8.
    expect(r.effective.max_players).toBe(8);
    // 2 - 3 = -1 -> at least 1.
    expect(r.effective.min_players).toBe(1);
    // 2.5 + 3 = 5.5 -> clamped to 5.
    expect(r.effective.weight).toBe(5);
    // A null base stays null under add, but takes a set value.
    expect(r.effective.min_playtime).toBeNull();
    expect(r.effective.max_playtime).toBe(60);
    // 10 × 1.25 = 12.5 -> rounded half up.
    expect(r.effective.min_age).toBe(13);
    // [3, 4] ∪ [2, 9], sorted, trimmed to [1, 8].
    expect(r.effective.top_at).toEqual([2, 3, 4]);
    expect(r.base.max_players).toBe(4);
    expect(r.individual_effects.map((e) => e.expansion)).toEqual([2, 1, 3]);
    expect(r.individual_effects[1].modifications).toEqual([
      { property: 'max_players', operation: 'add', value: 1 },
      { property: 'max_players', operation: 'multiply', value: 1.25 },
      { property: 'weight', operation: 'add', value: 3 },
    ]);
  });

  it('uses an explicit record for exactly its set (order irrelevant), base values for its nulls', () => {
    const r = dataset.resolveEffective(0, [1, 3]);
    expect(r.combination_source).toBe('explicit');
    expect(r.resolution_tier).toBe(1);
    expect(r.effective.max_players).toBe(7);
    expect(r.effective.weight).toBe(2.5);
    expect(r.effective.top_at).toEqual([3, 4]);
    expect(r.individual_effects.map((e) => e.expansion)).toEqual([1, 3]);
  });

  it('falls back to the base for expansions without modifications and for no expansions', () => {
    for (const set of [[4], []]) {
      const r = dataset.resolveEffective(0, set);
      expect(r.combination_source).toBe('base_only');
      expect(r.resolution_tier).toBe(3);
      expect(r.effective).toEqual(r.base);
    }
  });
});

describe('effective queries', () => {
  const query = (filter: Query['filter']): Query => ({ filter, sort: 'name', order: 'asc', limit: 10 });

  it('matches a base game through an expansion only in effective mode, reporting tier 1 first', () => {
    // Variants of game 0: record {1, 3} (max 7), then singles 2 (max 9), 1 (6.25 -> 6), 3 (max 5).
    const off = dataset.query(query({ players: 7 }));
    expect(off.rows).toEqual([]);
    const on = dataset.query(query({ players: 7, effective: true }));
    expect(on.rows).toEqual([0]);
    expect(on.matchedVia[0]).toEqual({
      type: 'expansion_combination',
      expansions: [
        { slug: 'g-1', name: 'Late Expansion' },
        { slug: 'g-3', name: 'Latest Expansion' },
      ],
      effective_properties: expect.objectContaining({ max_players: 7 }),
      resolution_tier: 1,
    });
    expect(on).toEqual(oracleQuery(catalog.oracle, query({ players: 7, effective: true })));
  });

  it('reports the single expansion when only it passes, and null when the base passes', () => {
    const nine = dataset.query(query({ players: 9, effective: true }));
    expect(nine.matchedVia[0]?.expansions).toEqual([{ slug: 'g-2', name: 'Early Expansion' }]);
    expect(nine.matchedVia[0]?.resolution_tier).toBe(2);
    const three = dataset.query(query({ players: 3, effective: true, type: ['base_game'] }));
    expect(three.rows).toEqual([0]);
    expect(three.matchedVia).toEqual([null]);
  });

  it('keeps weight on the base when effective_weight is false', () => {
    expect(dataset.query(query({ weight_min: 5, effective: true })).rows).toEqual([0]);
    expect(dataset.query(query({ weight_min: 5, effective: true, effective_weight: false })).rows).toEqual([]);
  });

  it("scales variant play times by the base game's own experience multiplier", () => {
    // Game 3's variant: max_playtime 60; the base's first_play multiplier is 2 -> 120.
    const within = dataset.query(
      query({ playtime_max: 120, playtime_experience: 'first_play', effective: true, type: ['base_game'] }),
    );
    expect(within.rows).toEqual([0]);
    expect(within.matchedVia[0]).toBeNull(); // the base: 50 × 2 = 100 already passes
    const tight = dataset.query(query({ playtime_min: 110, playtime_experience: 'first_play', effective: true }));
    expect(tight.rows).toEqual([]); // min_playtime is null on every variant
    const late = dataset.query(
      query({ playtime_max: 120, players_max: 8, players: 8, playtime_experience: 'first_play', effective: true }),
    );
    expect(late.rows).toEqual([]);
  });
});

describe('release order', () => {
  it('orders expansions by year (unknown last), then release date (unknown last), then id', () => {
    const { dataset: d } = handCatalog({
      games: [
        { name: 'Base', max_players: 4 },
        { name: 'Undated B', type: 'expansion', release_date: '2020-05-01' },
        { name: 'Undated A', type: 'expansion', release_date: '2020-01-01' },
        { name: 'Dated', type: 'expansion', year_published: 2021 },
        { name: 'No date at all', type: 'expansion' },
      ],
      expands: [1, 2, 3, 4].map((source) => ({ source, target: 0 })),
      modifications: [1, 2, 3, 4].map((expansion) => ({
        expansion,
        base: 0,
        property: 'max_players' as const,
        operation: 'set' as const,
        value: 4 + expansion,
      })),
    });
    const r = d.resolveEffective(0, [4, 1, 2, 3]);
    expect(r.individual_effects.map((e) => e.expansion)).toEqual([3, 2, 1, 4]);
    // The last set in release order wins: game 4 (no year, no date) comes last.
    expect(r.effective.max_players).toBe(8);
  });
});
