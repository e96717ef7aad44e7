// Dataset.textRanking (what GET /v1/search reads) against Dataset.textMatches (every match
// ranked, whose meaning the text-ranking tests pin to the oracle): the same total, pages and
// ranks, with and without a type filter (the index's per-type document masks).

import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../engine/dataset.js';
import { GAME_TYPES, type GameType, MATCHED_FIELDS } from '../../engine/domain.js';
import { TIER_SCORES } from '../../engine/text/text-index.js';
import { randomCatalog } from './random-catalog.js';

const QUERIES = ['castle', 'azul', 'brass', 'the', 'castel', 'name of', 'zzzz', 'a'];
const TYPE_SETS: (readonly GameType[] | undefined)[] = [
  undefined,
  ['base_game'],
  ['expansion', 'promo'],
  ['expansion', 'expansion'],
  GAME_TYPES,
  [],
];

describe.each([11, 12])('textRanking vs textMatches, seed %i', (seed) => {
  const { input } = randomCatalog(seed, { games: 900 });
  const dataset = buildDataset(input);

  it.each(QUERIES)('%j: total, pages and ranks for each type filter', (q) => {
    const all = dataset.textMatches(q);
    for (const types of TYPE_SETS) {
      const ranks: number[] = [];
      for (let i = 0; i < all.rows.length; i++) {
        if (types === undefined || types.includes(dataset.game(all.rows[i]).type)) ranks.push(i);
      }
      const hit = (i: number) => ({
        row: all.rows[i],
        score: TIER_SCORES[all.tiers[i]],
        field: MATCHED_FIELDS[all.fields[i]],
      });
      dataset.textRanking(q, types, (ranking) => {
        expect(ranking.total).toBe(ranks.length);
        for (const [start, end] of [
          [0, 25],
          [10, 40],
          [ranks.length - 3, ranks.length + 3],
        ]) {
          expect(ranking.hits(start, end)).toEqual(ranks.slice(Math.max(0, start), end).map(hit));
        }
        ranks.forEach((i, rank) => {
          expect(ranking.rankOf(all.rows[i])).toBe(rank);
        });
      });
    }
  });

  it('finds many games of several types, so the pages and filters above narrow something', () => {
    const castle = dataset.textMatches('castle').rows;
    expect(castle.length).toBeGreaterThan(100);
    const types = new Set(Array.from(castle, (row) => dataset.game(row).type));
    expect(types.size).toBeGreaterThan(2);
  });
});
