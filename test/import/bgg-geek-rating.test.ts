// BGG's own geek rating and ranks kept with the baseline (stats.bayes_rating, rank_overall,
// rank_by_category; snapshots/steps/step4-ranks.ts): served exactly without local votes,
// local votes folded in with the prior the BGG import stored.

import { describe, expect, it } from 'vitest';
import { BGG_FITTED_PRIOR, storePrior } from '../../loader/import/prior.js';
import type { Store } from '../../loader/store.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import { insertRatingVote } from '../../snapshots/votes.js';
import { emptyStore, jsonl, load } from '../loader/catalog-helpers.js';

const game = (slug: string, stats: Record<string, unknown>, categories?: string[]) => ({
  kind: 'game',
  slug,
  name: slug,
  type: 'base_game',
  ...(categories ? { categories } : {}),
  stats,
});

async function served(store: Store) {
  return store.all<{
    slug: string;
    bayes_rating: number;
    rank_overall: number | null;
    rank_by_category: string | null;
  }>('SELECT slug, bayes_rating, rank_overall, rank_by_category FROM games ORDER BY rank_overall NULLS LAST, slug');
}

async function bggStore(): Promise<Store> {
  const store = await emptyStore();
  await storePrior(store);
  await load(
    store,
    jsonl(
      { kind: 'category', slug: 'strategy', name: 'Strategy Games' },
      // BGG's order is not the order of the plain averages: the geek rating decides, and
      // "b" and "c" share a rounded geek rating that BGG ranks c before b.
      game(
        'a',
        { rating: 8.9, rating_votes: 50_000, bayes_rating: 8.4, rank_overall: 1, rank_by_category: { strategy: 1 } },
        ['strategy'],
      ),
      game('b', { rating: 9.5, rating_votes: 400, bayes_rating: 6.1, rank_overall: 3 }),
      game(
        'c',
        { rating: 7.0, rating_votes: 9_000, bayes_rating: 6.1, rank_overall: 2, rank_by_category: { strategy: 7 } },
        ['strategy'],
      ),
      game('d', { rating: 6.0, rating_votes: 10, bayes_rating: 5.6, unranked: true }),
    ),
  );
  return store;
}

describe("BGG's own geek rating", () => {
  it('is served exactly, with BGG rank and per-category ranks, while a game has no local votes', async () => {
    const store = await bggStore();
    expect(await served(store)).toEqual([
      { slug: 'a', bayes_rating: 8.4, rank_overall: 1, rank_by_category: '{"strategy":1}' },
      { slug: 'c', bayes_rating: 6.1, rank_overall: 2, rank_by_category: '{"strategy":7}' },
      { slug: 'b', bayes_rating: 6.1, rank_overall: 3, rank_by_category: null },
      { slug: 'd', bayes_rating: 5.6, rank_overall: null, rank_by_category: null },
    ]);
  });

  it('folds local votes in as into a prior-blended average of the baseline votes', async () => {
    const store = await bggStore();
    const [b] = await store.all<{ id: string }>("SELECT id FROM games WHERE slug = 'b'");
    for (let i = 0; i < 3; i++) {
      await insertRatingVote(store, {
        id: `00000000-0000-4000-8000-00000000000${i}`,
        game_id: b.id,
        rating: 10,
        declared_scale: null,
        play_count: null,
        experience_level: null,
        created_at: '2025-06-01T00:00:00Z',
      });
    }
    await aggregateRefresh()(store, new Date('2025-06-02T00:00:00Z'));
    const K = BGG_FITTED_PRIOR.votes;
    const expected = ((400 + K) * 6.1 + 30) / (400 + K + 3);
    const row = (await served(store)).find((r) => r.slug === 'b');
    expect(row?.bayes_rating).toBeCloseTo(expected, 10);
    // Now above c: recomputed rank; per-category ranks of a voted game are Ludex's own.
    expect(row?.rank_overall).toBe(2);
    expect((await served(store)).find((r) => r.slug === 'c')?.rank_overall).toBe(3);
  });

  it('survives an export and re-import unchanged (the stats block carries it)', async () => {
    const store = await bggStore();
    const again = await load(
      store,
      jsonl(
        game(
          'a',
          { rating: 8.9, rating_votes: 50_000, bayes_rating: 8.4, rank_overall: 1, rank_by_category: { strategy: 1 } },
          ['strategy'],
        ),
      ),
    );
    expect(again.kinds.game.unchanged).toBe(1);
  });
});
