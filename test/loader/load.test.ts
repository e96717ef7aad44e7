import { describe, expect, it } from 'vitest';
import { numberColumn, stringColumn } from '../../engine/index.js';
import { loadDatasetInput } from '../../loader/load.js';
import { emptyStore, fixtureLines, game, jsonl, load, stats } from './catalog-helpers.js';

describe('loadDatasetInput', () => {
  it('orders games by bayes_rating desc (nulls last), then id, and reads nulls as NaN', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    const input = await loadDatasetInput(store);
    const slugs = stringColumn(input.games, 'slug');
    const ids = stringColumn(input.games, 'id');
    expect(slugs.slice(0, 3)).toEqual(['spirit-island-branch-and-claw', 'spirit-island', 'agricola']);
    // The games without a bayes rating follow, by id.
    expect(new Set(slugs.slice(3))).toEqual(
      new Set(['agricola-revised', 'spirit-island-jagged-earth', 'spirit-island-promo-pack']),
    );
    expect(ids.slice(3)).toEqual([...ids.slice(3)].sort());
    const bayes = numberColumn(input.games, 'bayes_rating');
    expect(bayes[0]).toBeGreaterThan(bayes[1]);
    expect(bayes[1]).toBeGreaterThan(bayes[2]);
    expect(Number.isNaN(bayes[3])).toBe(true);
    const year = numberColumn(input.games, 'year_published');
    expect(year[slugs.indexOf('spirit-island-promo-pack')]).toBeNaN();
    expect(year[slugs.indexOf('agricola')]).toBe(2007);
    const row = slugs.indexOf('spirit-island');
    expect(stringColumn(input.games, 'release_date')[row]).toBe('2017-08-01');
    expect(stringColumn(input.games, 'created_at')[row]).toBe('2025-06-01T12:00:00.000Z');
    expect(stringColumn(input.games, 'legacy_id')[row]).toBe('162886');
    expect(input.lists.legacy_id_numeric[row]).toBe(true);
    expect(input.lists.legacy_id_numeric[slugs.indexOf('spirit-island-jagged-earth')]).toBe(false);
    expect(input.lists.rank_by_category.get(row)).toEqual({ fantasy: 1, strategy: 1 });
    expect(input.lists.top_player_counts.get(row)).toEqual([1, 2]);
    expect(input.lists.top_player_counts.get(slugs.indexOf('spirit-island-promo-pack'))).toEqual([]);
    expect(input.lists.rating_distribution.get(row)).toHaveLength(10);
    expect(stringColumn(input.games, 'parent_game_id')[0]).toBe(stringColumn(input.games, 'id')[row]);
  });

  it('reads every list and map as a per-game read does: list order kept, empty and missing lists, deleted rows between', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    await store.run(`UPDATE games SET recommended_player_counts = [4, 1, 3] WHERE slug = 'agricola'`);
    await store.run(
      `UPDATE games SET top_player_counts = NULL, rating_distribution = NULL WHERE slug = 'agricola-revised'`,
    );
    // a hidden game leaves a rowid the scan of visible games skips
    await store.run(`UPDATE games SET status = 'removed' WHERE slug = 'spirit-island-jagged-earth'`);
    const input = await loadDatasetInput(store);
    const want = await store.columns(
      `SELECT coalesce(top_player_counts, []) AS top_player_counts, coalesce(recommended_player_counts, []) AS recommended_player_counts,
         rating_distribution, CAST(rank_by_category AS VARCHAR) AS rank_by_category
       FROM games WHERE status = 'active' ORDER BY bayes_rating DESC NULLS LAST, id`,
    );
    expect(want.top_player_counts).toHaveLength(input.games.numRows);
    for (let row = 0; row < input.games.numRows; row++) {
      expect(input.lists.top_player_counts.get(row)).toEqual(want.top_player_counts[row]);
      expect(input.lists.recommended_player_counts.get(row)).toEqual(want.recommended_player_counts[row]);
      expect(input.lists.rating_distribution.get(row)).toEqual(want.rating_distribution[row]);
      const rank = want.rank_by_category[row];
      expect(input.lists.rank_by_category.get(row)).toEqual(rank === null ? null : JSON.parse(rank as string));
    }
    expect(input.lists.recommended_player_counts.get(stringColumn(input.games, 'slug').indexOf('agricola'))).toEqual([
      4, 1, 3,
    ]);
  });

  it('maps links to row and entity indexes in catalog order', async () => {
    const store = await emptyStore();
    await load(store, fixtureLines());
    const input = await loadDatasetInput(store);
    const slugs = stringColumn(input.games, 'slug');
    const row = slugs.indexOf('spirit-island');
    const termsOf = (r: number) =>
      [...input.gameTerms.game.keys()]
        .filter((i) => input.gameTerms.game[i] === r)
        .map((i) => input.terms[input.gameTerms.target[i]]);
    expect(
      termsOf(row)
        .filter((t) => t.kind === 'mechanic')
        .map((t) => t.slug),
    ).toEqual(['cooperative-play', 'area-control', 'hand-management']);
    expect(input.terms.find((t) => t.slug === 'cooperative-play')?.aliases).toEqual(['co-operative', 'coop']);
    expect(input.terms.find((t) => t.slug === 'environmental')?.parent_slug).toBe('nature');
    const credits = [...input.gameCredits.game.keys()]
      .filter((i) => input.gameCredits.game[i] === row)
      .map((i) => `${input.people[input.gameCredits.target[i]].slug}:${input.gameCredits.role[i]}`);
    expect(credits).toEqual([
      'r-eric-reuss:designer',
      'jason-behnke:artist',
      'r-eric-reuss:developer',
      'jason-behnke:graphic_designer',
    ]);
    const awards = [...input.gameAwards.game.keys()].filter((i) => input.gameAwards.game[i] === row);
    expect(
      awards.map((i) => [
        input.awards[input.gameAwards.award[i]].slug,
        input.gameAwards.year[i],
        input.gameAwards.result[i],
      ]),
    ).toEqual([['spiel-des-jahres', 2018, 'nominated']]);
    expect(input.alternateNames.name.filter((_, i) => input.alternateNames.game[i] === row)).toEqual([
      '灵迹岛',
      'Spirit Island',
    ]);
    // Links are grouped by game row, ascending.
    expect([...input.gameTerms.game]).toEqual([...input.gameTerms.game].sort((a, b) => a - b));

    const integrations = input.relationships.type.flatMap((t, i) =>
      t === 'integrates_with'
        ? [`${slugs[input.relationships.source[i]]}>${slugs[input.relationships.target[i]]}`]
        : [],
    );
    expect(integrations.sort()).toEqual(['agricola>spirit-island', 'spirit-island>agricola']);

    const jagged = slugs.indexOf('spirit-island-jagged-earth');
    const mods = input.modifications.filter((m) => m.expansion === jagged);
    expect(mods.map((m) => [m.property, m.operation, m.value, m.base])).toEqual([
      ['max_players', 'set', 6, row],
      ['weight', 'add', 0.2, row],
      ['top_at', 'add', [5], row],
    ]);
    const both = input.combinations.find((c) => c.expansions.length === 2);
    expect(both?.base).toBe(row);
    expect(both?.expansions.map((e) => slugs[e]).sort()).toEqual([
      'spirit-island-branch-and-claw',
      'spirit-island-jagged-earth',
    ]);
    expect(both).toMatchObject({ weight: 4.3, top_at: [2, 3], min_playtime: null });
  });

  it('loads only active games and drops links to hidden ones', async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl(game('shown', { stats: stats(7, 10) }), game('hidden', { stats: stats(9, 10) }), {
        kind: 'relationship',
        source: 'shown',
        target: 'hidden',
        relationship_type: 'recommends',
      }),
    );
    await store.run(`UPDATE games SET status = 'archived' WHERE slug = 'hidden'`);
    const input = await loadDatasetInput(store);
    expect(stringColumn(input.games, 'slug')).toEqual(['shown']);
    expect(input.relationships.source).toHaveLength(0);
  });

  it('loads an empty store', async () => {
    const input = await loadDatasetInput(await emptyStore());
    expect(input.games.numRows).toBe(0);
    expect(input.gameTerms.game).toHaveLength(0);
  });
});
