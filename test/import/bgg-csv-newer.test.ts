// bgg-csv's merge with the stored game (loader/import/bgg-csv/to-records.ts): newer wins,
// absence never erases. BGG's vote counts only grow, so fewer votes means an older row.

import { describe, expect, it } from 'vitest';
import type { KnownGames } from '../../loader/import/bgg-csv/known.js';
import type { CsvGame } from '../../loader/import/bgg-csv/layouts.js';
import { buildRecords } from '../../loader/import/bgg-csv/to-records.js';

const known = (): KnownGames => ({
  byLegacyId: new Map(),
  slugs: new Set(),
  mechanics: new Set(['cooperative']),
  categories: new Set(['strategy']),
});

const dumpGame = {
  kind: 'game',
  slug: 'pandemic-legacy-season-1',
  name: 'Pandemic Legacy: Season 1',
  type: 'base_game',
  legacy_id: 161936,
  stats: { rating: 8.5, rating_votes: 56_606, bayes_rating: 8.35, rank_overall: 3 },
};

const datasetRow: CsvGame = {
  bggId: 161936,
  name: 'Pandemic Legacy: Season 1',
  minPlayers: 2,
  maxPlayers: 4,
  rating: { average: 8.6, votes: 41_000 },
  weight: 2.83,
  owned: 70_000,
  mechanics: ['Cooperative Game'],
  domains: ['Strategy Games'],
  ranked: true,
};

describe('bgg-csv over newer stored statistics', () => {
  it("keeps the dump's rating, votes, geek rating and rank; fills weight, owners, players, mechanics", () => {
    const { records } = buildRecords(datasetRow, dumpGame.slug, dumpGame, known(), '2021-01-01');
    const game = records.at(-1) as Record<string, unknown>;
    expect(game.stats).toEqual({
      rating: 8.5,
      rating_votes: 56_606,
      bayes_rating: 8.35,
      rank_overall: 3,
      weight: 2.83,
      owner_count: 70_000,
    });
    expect(game).toMatchObject({ min_players: 2, max_players: 4, mechanics: ['cooperative'], mode: 'cooperative' });
    expect(game.categories).toEqual(['strategy']);
  });

  it("takes a newer row (more votes) and keeps BGG's geek rating and rank, which it does not have", () => {
    const newer = { ...datasetRow, rating: { average: 8.4, votes: 60_000 } };
    const { records } = buildRecords(newer, dumpGame.slug, dumpGame, known(), '2021-01-01');
    const stats = (records.at(-1) as { stats: Record<string, unknown> }).stats;
    expect(stats).toMatchObject({ rating: 8.4, rating_votes: 60_000, as_of: '2021-01-01' });
    expect(stats.bayes_rating).toBe(8.35);
    expect(stats.rank_overall).toBe(3);
  });

  it('never replaces statistics dated later, even with more votes; says why', () => {
    const dated = { ...dumpGame, stats: { ...dumpGame.stats, as_of: '2025-12-10' } };
    const newer = { ...datasetRow, rating: { average: 8.4, votes: 60_000 } };
    const { records, kept } = buildRecords(newer, dumpGame.slug, dated, known(), '2021-01-01');
    const stats = (records.at(-1) as { stats: Record<string, unknown> }).stats;
    expect(stats).toMatchObject({ rating: 8.5, rating_votes: 56_606, as_of: '2025-12-10', weight: 2.83 });
    expect(kept).toMatch(/dated later/);
  });

  it('replaces statistics dated earlier and dates them with the row', () => {
    const dated = { ...dumpGame, stats: { ...dumpGame.stats, as_of: '2020-01-01' } };
    const newer = { ...datasetRow, rating: { average: 8.4, votes: 60_000 } };
    const { records, kept } = buildRecords(newer, dumpGame.slug, dated, known(), '2021-01-01');
    const stats = (records.at(-1) as { stats: Record<string, unknown> }).stats;
    expect(stats).toMatchObject({ rating: 8.4, rating_votes: 60_000, as_of: '2021-01-01' });
    expect(kept).toBeUndefined();
  });
});
