// snapshots/trends.ts and snapshots/history.ts on hand-written rows: decade flooring of negative
// years, R-7 quartiles on small sets, nulls left out of means, the id list as the only
// population, and category ranks read through the bound JSON path.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSnapshots, rankingAt, rankingDateOnOrBefore } from '../../snapshots/history.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { playerCountSummaries, publicationCounts, weightSummaries } from '../../snapshots/trends.js';

let store: Store;
const NOW = '2026-01-01T00:00:00Z';
// [id, year, weight, min_players, rank_overall]
const GAMES: [string, number | null, number | null, number | null, number | null][] = [
  ['g1', -5, 1.0, 1, 4],
  ['g2', -12, 2.0, 2, null],
  ['g3', 1999, 1.0, 1, 1],
  ['g4', 1991, 2.0, null, 2],
  ['g5', 1990, 4.0, 3, 3],
  ['g6', 1995, null, 1, null],
  ['g7', null, 3.0, 1, 5],
];

beforeAll(async () => {
  store = await Store.open(':memory:');
  await migrate(store);
  for (const [id, year, weight, minPlayers, rank] of GAMES) {
    await store.run(
      `INSERT INTO games (id, slug, name, type, year_published, weight, min_players, rank_overall, created_at, updated_at)
       VALUES ($1, $1, $1, 'base_game', $2, $3, $4, $5, $6::TIMESTAMPTZ, $6::TIMESTAMPTZ)`,
      [id, year, weight, minPlayers, rank, NOW],
    );
  }
});
afterAll(async () => store.close());

const ALL = GAMES.map((g) => g[0]);

describe('trend aggregates', () => {
  it('floors decades (−5 and −12 fall in −10 and −20) and leaves out games without a year', async () => {
    const rows = await publicationCounts(store, { ids: ALL, groupBy: 'decade' });
    expect(rows.map((r) => [r.period, r.game_count])).toEqual([
      [-20, 1],
      [-10, 1],
      [1990, 4],
    ]);
    // Means skip nulls: 1990s weights 1, 2, 4 (g6 has none).
    expect(rows[2].avg_weight).toBeCloseTo(7 / 3, 14);
  });

  it('aggregates only the given ids', async () => {
    const rows = await publicationCounts(store, { ids: ['g3', 'g5'], groupBy: 'year' });
    expect(rows.map((r) => [r.period, r.game_count])).toEqual([
      [1990, 1],
      [1999, 1],
    ]);
    expect(await publicationCounts(store, { ids: [], groupBy: 'year' })).toEqual([]);
  });

  it('computes R-7 quartiles', async () => {
    // 1990s weights sorted: 1, 2, 4 → p25 at h = 0.5: 1.5; median 2; p75 at h = 1.5: 3.
    const [point] = await weightSummaries(
      store,
      { ids: ['g3', 'g4', 'g5', 'g6'], groupBy: 'decade' },
      { grouped: true, maxRank: null },
    );
    expect(point).toEqual({
      period: 1990,
      game_count: 3,
      avg_weight: 7 / 3,
      median_weight: 2,
      weight_p25: 1.5,
      weight_p75: 3,
    });
    // Rank ≤ 2 keeps g3 (1) and g4 (2); ungrouped gives one point with period null.
    const top = await weightSummaries(store, { ids: ALL, groupBy: 'year' }, { grouped: false, maxRank: 2 });
    expect(top).toEqual([
      { period: null, game_count: 2, avg_weight: 1.5, median_weight: 1.5, weight_p25: 1.25, weight_p75: 1.75 },
    ]);
  });

  it('takes the solo share over games with a known min_players', async () => {
    const rows = await playerCountSummaries(store, { ids: ALL, groupBy: 'decade' });
    const nineties = rows.find((r) => r.period === 1990);
    // g3 (1), g5 (3), g6 (1) known; g4 unknown.
    expect(nineties).toEqual({
      period: 1990,
      game_count: 4,
      avg_min_players: 5 / 3,
      avg_max_players: null,
      solo_support_pct: (100 * 2) / 3,
    });
  });
});

describe('snapshot reads', () => {
  beforeAll(async () => {
    const rows: [string, string, number | null, string | null][] = [
      ['g1', '2024-01-01', 1, '{"strategy":2}'],
      ['g3', '2024-01-01', 2, '{"strategy":1,"family-games":1}'],
      ['g3', '2024-02-01', 1, null],
      ['g5', '2024-03-01', null, '{"family-games":1}'],
    ];
    for (const [id, date, rank, ranks] of rows) {
      await store.run(
        'INSERT INTO game_snapshots (game_id, snapshot_date, rank_overall, rank_by_category) VALUES ($1, $2::DATE, $3, $4::JSON)',
        [id, date, rank, ranks],
      );
    }
  });

  it('finds the latest date holding a rank in the scope', async () => {
    expect(await rankingDateOnOrBefore(store, { kind: 'overall' }, null)).toBe('2024-02-01');
    expect(await rankingDateOnOrBefore(store, { kind: 'category', slug: 'strategy' }, null)).toBe('2024-01-01');
    expect(await rankingDateOnOrBefore(store, { kind: 'category', slug: 'family-games' }, '2024-02-15')).toBe(
      '2024-01-01',
    );
    expect(await rankingDateOnOrBefore(store, { kind: 'category', slug: 'family-games' }, null)).toBe('2024-03-01');
    expect(await rankingDateOnOrBefore(store, { kind: 'overall' }, '2023-12-31')).toBeNull();
  });

  it('ranks by category from rank_by_category', async () => {
    const ranked = await rankingAt(store, { kind: 'category', slug: 'strategy' }, '2024-01-01', 10);
    expect(ranked.map((r) => [r.rank, r.game_id])).toEqual([
      [1, 'g3'],
      [2, 'g1'],
    ]);
    expect(
      (await rankingAt(store, { kind: 'category', slug: 'strategy' }, '2024-01-01', 1)).map((r) => r.game_id),
    ).toEqual(['g3']);
  });

  it('reads one game’s snapshots within bounds, categories parsed', async () => {
    const rows = await gameSnapshots(store, 'g3', '2024-01-01', '2024-01-31');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: '2024-01-01',
      rank_overall: 2,
      rank_by_category: { 'family-games': 1, strategy: 1 },
    });
    expect(await gameSnapshots(store, 'g3', null, null)).toHaveLength(2);
  });
});
