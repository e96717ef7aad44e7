// POST /v1/games/{id}/ratings and /weight: key required, every bad field named, nothing
// stored on a 400, the stored row is what the 201 says, and aggregates stay put.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoApp, type TestApp } from '../helpers/app.js';
import { ApiKeys } from '../../server/auth/api-keys.js';
import { TEST_API_KEY_SECRET } from '../helpers/app.js';

interface Problem {
  status: number;
  detail: string;
  errors?: { field: string; code: string }[];
}

let t: TestApp;
let key: string;
const GAME = 'spirit-island';

beforeAll(async () => {
  t = await demoApp();
  // The same secret the app's ApiKeys uses, so the key authenticates through the route.
  key = (await new ApiKeys(t.store, TEST_API_KEY_SECRET).create({ admin: false, name: 'voter' })).key;
});
afterAll(async () => t.close());

function post(path: string, body: unknown, headers: Record<string, string> = { 'x-api-key': key }) {
  return call(t.app, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function voteCounts(): Promise<{ ratings: number; weights: number }> {
  const [row] = await t.store.all<{ ratings: bigint; weights: bigint }>(
    'SELECT (SELECT count(*) FROM rating_votes) AS ratings, (SELECT count(*) FROM weight_votes) AS weights',
  );
  return { ratings: Number(row.ratings), weights: Number(row.weights) };
}

describe('rating votes', () => {
  it('stores the vote it answers with, and leaves the game aggregates unchanged', async () => {
    const before = await call(t.app, `/v1/games/${GAME}`);
    const game = before.body as { id: string };
    const counts = await voteCounts();
    const reply = await post(`/v1/games/${GAME}/ratings`, {
      rating: 9,
      declared_scale: '1-10',
      play_count: 3,
      experience_level: 'learning',
    });
    expect(reply.status, reply.text).toBe(201);
    const vote = reply.body as Record<string, unknown>;
    expect(vote).toMatchObject({
      game_id: game.id,
      rating: 9,
      declared_scale: '1-10',
      play_count: 3,
      experience_level: 'learning',
    });
    expect(vote.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(Date.parse(vote.created_at as string)).toBeGreaterThan(Date.now() - 60_000);
    const [stored] = await t.store.all<Record<string, unknown>>(
      `SELECT game_id, rating, declared_scale, play_count, experience_level, CAST(epoch_ms(created_at) AS DOUBLE) AS ms
       FROM rating_votes WHERE id = $1`,
      [vote.id as string],
    );
    expect(stored).toEqual({
      game_id: game.id,
      rating: 9,
      declared_scale: '1-10',
      play_count: 3,
      experience_level: 'learning',
      ms: Date.parse(vote.created_at as string),
    });
    expect(await voteCounts()).toEqual({ ...counts, ratings: counts.ratings + 1 });
    const after = await call(t.app, `/v1/games/${GAME}`);
    expect(after.text).toBe(before.text);
  });

  it('takes the optional members as null when absent and accepts the game UUID', async () => {
    const id = ((await call(t.app, `/v1/games/${GAME}`)).body as { id: string }).id;
    const reply = await post(`/v1/games/${id.toUpperCase()}/ratings`, { rating: 1 });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      game_id: id,
      rating: 1,
      declared_scale: null,
      play_count: null,
      experience_level: null,
    });
  });

  it('names each invalid field and stores nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ rating: 0 }, 'rating', 'invalid_value'],
      [{ rating: 11 }, 'rating', 'invalid_value'],
      [{ rating: 7.5 }, 'rating', 'invalid_value'],
      [{ rating: '7' }, 'rating', 'invalid_type'],
      [{}, 'rating', 'required'],
      [{ rating: 7, declared_scale: '12345678901' }, 'declared_scale', 'invalid_value'],
      [{ rating: 7, play_count: -1 }, 'play_count', 'invalid_value'],
      [{ rating: 7, experience_level: 'guru' }, 'experience_level', 'invalid_value'],
      [{ rating: 7, stars: 5 }, 'stars', 'unknown_field'],
      [[7], 'body', 'invalid_type'],
      ['{"rating": ', 'body', 'malformed_json'],
    ];
    const counts = await voteCounts();
    for (const [body, field, code] of cases) {
      const reply = await post(`/v1/games/${GAME}/ratings`, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = reply.body as Problem;
      expect(
        problem.errors?.map((e) => [e.field, e.code]),
        JSON.stringify(body),
      ).toContainEqual([field, code]);
    }
    expect(await voteCounts()).toEqual(counts);
  });

  it('reports several bad fields at once', async () => {
    const reply = await post(`/v1/games/${GAME}/ratings`, { rating: 0, play_count: 'x' });
    expect((reply.body as Problem).errors?.map((e) => e.field).sort()).toEqual(['play_count', 'rating']);
  });
});

describe('weight votes', () => {
  it('stores a one-decimal weight between 1.0 and 5.0', async () => {
    const counts = await voteCounts();
    for (const weight of [1, 2.5, 5]) {
      const reply = await post(`/v1/games/${GAME}/weight`, { weight });
      expect(reply.status, reply.text).toBe(201);
      const vote = reply.body as { id: string; weight: number };
      expect(vote.weight).toBe(weight);
      const [stored] = await t.store.all<{ weight: number }>(
        'SELECT CAST(weight AS DOUBLE) AS weight FROM weight_votes WHERE id = $1',
        [vote.id],
      );
      expect(stored.weight).toBe(weight);
    }
    expect(await voteCounts()).toEqual({ ...counts, weights: counts.weights + 3 });
  });

  it('rejects weights outside the range or with more than one decimal, storing nothing', async () => {
    const counts = await voteCounts();
    for (const weight of [0.9, 5.1, 2.55, -1, '3']) {
      const reply = await post(`/v1/games/${GAME}/weight`, { weight });
      expect(reply.status, String(weight)).toBe(400);
      expect((reply.body as Problem).errors?.[0]?.field).toBe('weight');
    }
    expect(await voteCounts()).toEqual(counts);
  });
});

describe('vote access and routing', () => {
  it('answers 401 without a key, and 401 for an unknown key, before looking at the game or body', async () => {
    for (const headers of [{}, { 'x-api-key': 'ldx_not-a-key' }] as Record<string, string>[]) {
      for (const path of [`/v1/games/${GAME}/ratings`, '/v1/games/no-such-game/weight']) {
        const reply = await post(path, { nonsense: true }, headers);
        expect(reply.status).toBe(401);
        expect((reply.body as Problem).errors?.[0]?.field).toBe('X-API-Key');
        expect(reply.headers.get('www-authenticate')).toMatch(/X-API-Key/);
      }
    }
  });

  it('answers 404 for an unknown game, 415 for a non-JSON body, 413 for an oversized one, 405 for GET', async () => {
    expect((await post('/v1/games/no-such-game/ratings', { rating: 5 })).status).toBe(404);
    const form = await call(t.app, `/v1/games/${GAME}/ratings`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': key },
      body: 'rating=5',
    });
    expect(form.status).toBe(415);
    const huge = await post(
      `/v1/games/${GAME}/ratings`,
      JSON.stringify({ rating: 5, declared_scale: 'x'.repeat(70_000) }),
    );
    expect(huge.status).toBe(413);
    const get = await call(t.app, `/v1/games/${GAME}/ratings`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});
