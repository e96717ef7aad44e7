// Foreign importers refresh the aggregates once, after all their batches (refreshingOnce):
// a batch imported with refresh: null leaves them untouched, and the final
// refresh runs even when a later batch fails, so what committed gets its aggregates.

import { describe, expect, it } from 'vitest';
import { importCatalog } from '../../loader/catalog/import.js';
import { refreshingOnce } from '../../loader/import/report.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';
import type { Store } from '../../loader/store.js';
import { emptyStore, game, jsonl, NOW, stats } from '../loader/catalog-helpers.js';

async function bayes(store: Store): Promise<Record<string, number | null>> {
  const rows = await store.all<{ slug: string; bayes_rating: number | null }>(
    'SELECT slug, bayes_rating FROM games ORDER BY slug',
  );
  return Object.fromEntries(rows.map((r) => [r.slug, r.bayes_rating]));
}

describe('refreshingOnce', () => {
  it('refreshes once at the end, also after a failing batch', async () => {
    const store = await emptyStore();
    const seen: Record<string, number | null>[] = [];
    const importer = refreshingOnce(async (s, _paths, options) => {
      const batch = { now: options.now, refresh: null };
      await importCatalog(s, jsonl(game('one', { stats: stats(8, 10) })), batch);
      seen.push(await bayes(s));
      await importCatalog(s, jsonl(game('two', { stats: stats(6, 30) })), batch);
      seen.push(await bayes(s));
      await importCatalog(s, ['{"kind": "game", "slug": "broken"}'], batch);
      throw new Error('unreachable: the broken batch fails validation');
    });
    await expect(importer(store, [], { now: NOW, refresh: aggregateRefresh({ bayesPriorVotes: 10 }) })).rejects.toThrow(
      /line 1/,
    );
    // Before the refresh: stored, but no aggregates yet.
    expect(seen).toEqual([{ one: null }, { one: null, two: null }]);
    // After: both committed games are derived with the configured prior (K = 10).
    // Step 2's global mean is the mean of the per-game averages (D20).
    const g = (8 + 6) / 2;
    expect(await bayes(store)).toEqual({ one: (10 * g + 8 * 10) / 20, two: (10 * g + 6 * 30) / 40 });
    await store.close();
  });
});
