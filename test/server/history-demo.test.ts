// The history endpoints on the bundled demo catalog (which ships snapshots): schema-valid
// bodies, and a ranking at a date agrees with each ranked game's own series at that date.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  gameHistorySchema,
  rankingHistorySchema,
  rankingTransitionsSchema,
} from '../../server/schemas/responses/analytics.js';
import { call, demoApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

async function ok<T>(path: string, schema: z.ZodType): Promise<T> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as T;
}

interface Ranking {
  date: string | null;
  data: { rank: number; game_slug: string }[];
}

describe('history over the demo catalog', () => {
  it('ranks at the latest date agree with each game series', async () => {
    const ranking = await ok<Ranking>('/v1/statistics/rankings/history?top=20', rankingHistorySchema);
    expect(ranking.date).not.toBeNull();
    expect(ranking.data.length).toBeGreaterThan(0);
    for (const entry of ranking.data) {
      const series = await ok<{ data: { date: string; rank_overall: number | null }[] }>(
        `/v1/games/${entry.game_slug}/history?metric=rank&from=${ranking.date}&to=${ranking.date}`,
        gameHistorySchema,
      );
      expect(series.data).toHaveLength(1);
      expect(series.data[0]).toMatchObject({ date: ranking.date, rank_overall: entry.rank });
    }
  });

  it('answers transitions and category rankings with schema-valid bodies', async () => {
    await ok('/v1/statistics/rankings/transitions?top=25', rankingTransitionsSchema);
    const categories = await call(t.app, '/v1/categories?limit=5');
    for (const c of (categories.body as { data: { slug: string }[] }).data) {
      await ok(`/v1/statistics/rankings/history?scope=${c.slug}&top=5`, rankingHistorySchema);
      await ok(`/v1/statistics/rankings/transitions?scope=${c.slug}&top=5`, rankingTransitionsSchema);
    }
    for (const granularity of ['monthly', 'quarterly', 'yearly']) {
      await ok(`/v1/games/catan/history?granularity=${granularity}`, gameHistorySchema);
    }
  });
});
