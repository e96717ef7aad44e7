// writeGames (the pipeline's last step) updates games in place from the step tables: list
// columns and scalars of changed games, updated_at only where aggregates changed (D46), and
// no staging (view or tables) left behind on the connection.

import { describe, expect, it } from 'vitest';
import { refreshAggregates } from '../../snapshots/pipeline.js';
import { emptyStore, game, jsonl, load, NOW, stats } from '../loader/catalog-helpers.js';

const LATER = new Date('2025-07-01T12:00:00.000Z');

describe('writeGames', () => {
  it('writes lists and scalars, moves updated_at only on change, leaves no staging behind', async () => {
    const store = await emptyStore();
    await load(
      store,
      jsonl(
        game('rated', { stats: stats(8, 10, { rating_distribution: [0, 0, 0, 0, 0, 0, 1, 2, 3, 4] }) }),
        game('plain', { stats: stats(6, 30) }),
        game('bare'),
      ),
      { now: NOW },
    );
    const read = () =>
      store.all<{
        slug: string;
        rating_distribution: number[] | null;
        top_player_counts: number[] | null;
        rating_votes: number | null;
        updated_at: string;
      }>(
        `SELECT slug, rating_distribution, top_player_counts, rating_votes, CAST(updated_at AS VARCHAR) AS updated_at FROM games ORDER BY slug`,
      );
    const first = await read();
    expect(first.map((g) => [g.slug, g.rating_distribution, g.top_player_counts, g.rating_votes])).toEqual([
      ['bare', null, null, null],
      ['plain', null, [], 30],
      ['rated', [0, 0, 0, 0, 0, 0, 1, 2, 3, 4], [], 10],
    ]);

    // A rerun with nothing changed writes nothing and moves no updated_at.
    const result = await store.transaction(async (tx) => {
      const out = await refreshAggregates(tx, LATER);
      const leftovers = await tx.all<{ name: string }>(
        `SELECT table_name AS name FROM duckdb_tables() WHERE temporary UNION ALL SELECT view_name FROM duckdb_views() WHERE temporary AND NOT internal`,
      );
      return { out, leftovers };
    });
    expect(result.out.gamesUpdated).toBe(0);
    expect(result.leftovers).toEqual([]);
    expect(await read()).toEqual(first);
    await store.close();
  });
});
