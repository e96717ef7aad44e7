// Player-count ratings, polls and experience play time of one game, against the demo
// catalog (Spirit Island's figures are the OpenTabletop samples, loader/demo/samples.ts), plus
// the D26 estimates of the experience profile on hand-made records.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_EXPERIENCE_MULTIPLIERS, type GameExperience, type GameRecord } from '../../engine/index.js';
import { SAMPLE_STATS } from '../../loader/demo/samples.js';
import { experienceProfileJson } from '../../server/present/game-experience.js';
import {
  experienceProfileSchema,
  gamePollsResponseSchema,
  playerCountRatingsSchema,
} from '../../server/schemas/game-resources.js';
import { call, demoApp, type GameJson, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await demoApp();
});
afterAll(async () => t.close());

async function get<T extends z.ZodObject>(path: string, schema: T): Promise<z.infer<T>> {
  const reply = await call(t.app, path);
  expect(reply.status, reply.text).toBe(200);
  const parsed = schema.strict().safeParse(reply.body);
  expect(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error)).toBe(true);
  return reply.body as z.infer<T>;
}

const sample = SAMPLE_STATS['spirit-island'];

describe('GET /v1/games/{id}/player-count-ratings', () => {
  it('lists the per-count ratings of the game', async () => {
    const body = await get('/v1/games/spirit-island/player-count-ratings', playerCountRatingsSchema);
    expect(body.data).toEqual(sample.player_count_ratings);
    expect(body._links).toEqual({
      self: { href: '/v1/games/spirit-island/player-count-ratings' },
      game: { href: '/v1/games/spirit-island' },
    });
    // The Game's derived counts follow from these rows (contract thresholds 4.0 and 3.0).
    const game = (await call(t.app, '/v1/games/spirit-island')).body as GameJson;
    expect(game.top_player_counts).toEqual(body.data.filter((r) => r.average_rating > 4).map((r) => r.player_count));
    expect(game.recommended_player_counts).toEqual(
      body.data.filter((r) => r.average_rating > 3).map((r) => r.player_count),
    );
  });
});

describe('GET /v1/games/{id}/polls', () => {
  it('groups the three poll kinds (D27)', async () => {
    const game = (await call(t.app, '/v1/games/spirit-island')).body as GameJson;
    const polls = await get('/v1/games/spirit-island/polls', gamePollsResponseSchema);
    expect(polls.game_id).toBe(game.id);
    expect(polls.player_count_ratings).toEqual(sample.player_count_ratings);
    // Age and language polls of the demo catalog (generated, see docs/demo-catalog.md).
    expect(polls.community_age.votes.map((v) => [v.suggested_age, v.vote_count])).toEqual([
      [12, 59],
      [14, 198],
      [16, 59],
    ]);
    expect(polls.community_age.total_votes).toBe(316);
    expect(polls.community_age.community_suggested_age).toBe(game.community_suggested_age);
    expect(polls.language_dependence.level).toBe(game.language_dependence);
    expect(polls.language_dependence.total_votes).toBe(71);
    expect(polls.language_dependence.votes.map((v) => v.level)).toEqual([
      'no_text',
      'some_text',
      'moderate_text',
      'extensive_text',
      'unplayable_without_text',
    ]);
    expect([...polls.community_age.votes, ...polls.language_dependence.votes].every((v) => v.game_id === game.id)).toBe(
      true,
    );
    expect(polls._links.self.href).toBe('/v1/games/spirit-island/polls');
  });

  it('equals the polls embed of the game', async () => {
    const detail = (await call(t.app, '/v1/games/spirit-island?include=polls')).body as GameJson;
    const { _links, ...polls } = await get('/v1/games/spirit-island/polls', gamePollsResponseSchema);
    expect(detail.polls).toEqual(polls);
  });
});

describe('GET /v1/games/{id}/experience-playtime', () => {
  it('uses the game’s own multipliers when every level has enough reports', async () => {
    const body = await get('/v1/games/spirit-island/experience-playtime', experienceProfileSchema);
    expect(body.levels).toEqual(
      (sample.experience_playtime ?? []).map(({ level, ...row }) => ({
        experience_level: level,
        ...row,
        estimated: false,
      })),
    );
    expect(body).toMatchObject({
      sufficient_data: true,
      multiplier_source: 'game',
      total_reports: 1420 + 3210 + 8740 + 2150,
    });
    expect(body.multipliers.first_play).toBeCloseTo(165 / 105, 12);
    expect(body.multipliers.learning).toBeCloseTo(130 / 105, 12);
    expect(body.multipliers.experienced).toBe(1);
    expect(body.multipliers.expert).toBeCloseTo(85 / 105, 12);
  });

  it('falls back to the global multipliers when a level has fewer than 30 reports (El Grande)', async () => {
    const body = await get('/v1/games/el-grande/experience-playtime', experienceProfileSchema);
    expect(body.levels.map((l) => [l.experience_level, l.total_reports, l.estimated])).toEqual([
      ['first_play', 8, false],
      ['learning', 16, false],
      ['experienced', 26, false],
      ['expert', 8, false],
    ]);
    expect(body).toMatchObject({ sufficient_data: false, multiplier_source: 'global', total_reports: 58 });
    expect(body.multipliers).toEqual(DEFAULT_EXPERIENCE_MULTIPLIERS);
  });

  it('estimates all four levels from the box time when there are no reports (Tigris & Euphrates, 90 min)', async () => {
    const body = await get('/v1/games/tigris-and-euphrates/experience-playtime', experienceProfileSchema);
    expect(body).toMatchObject({ sufficient_data: false, multiplier_source: 'global', total_reports: 0 });
    expect(body.levels).toEqual([
      {
        experience_level: 'first_play',
        median_minutes: 135,
        min_minutes: 135,
        max_minutes: 135,
        total_reports: 0,
        estimated: true,
      },
      {
        experience_level: 'learning',
        median_minutes: 113,
        min_minutes: 113,
        max_minutes: 113,
        total_reports: 0,
        estimated: true,
      },
      {
        experience_level: 'experienced',
        median_minutes: 90,
        min_minutes: 90,
        max_minutes: 90,
        total_reports: 0,
        estimated: true,
      },
      {
        experience_level: 'expert',
        median_minutes: 77,
        min_minutes: 77,
        max_minutes: 77,
        total_reports: 0,
        estimated: true,
      },
    ]);
  });
});

describe('experience profile estimates (D26)', () => {
  const game = { id: 'g', slug: 'g', min_playtime: 60, max_playtime: 120 } as GameRecord;
  const record = (rows: GameExperience['rows']): GameExperience => ({
    game_id: 'g',
    rows,
    sufficient_data: false,
    multipliers: null,
  });

  it('anchors missing levels on the observed experienced row', () => {
    const profile = experienceProfileJson(
      game,
      record([
        { experience_level: 'experienced', median_minutes: 100, min_minutes: 80, max_minutes: 140, total_reports: 12 },
      ]),
    );
    expect(
      profile.levels.map((l) => [l.experience_level, l.median_minutes, l.min_minutes, l.max_minutes, l.estimated]),
    ).toEqual([
      ['first_play', 150, 120, 210, true],
      ['learning', 125, 100, 175, true],
      ['experienced', 100, 80, 140, false],
      ['expert', 85, 68, 119, true],
    ]);
    expect(profile.total_reports).toBe(12);
  });

  it('scales another observed level back to the experienced time when that row is missing', () => {
    const profile = experienceProfileJson(
      game,
      record([
        { experience_level: 'first_play', median_minutes: 150, min_minutes: null, max_minutes: 300, total_reports: 3 },
      ]),
    );
    expect(profile.levels.map((l) => [l.median_minutes, l.min_minutes, l.max_minutes])).toEqual([
      [150, null, 300],
      [125, null, 250],
      [100, null, 200],
      [85, null, 170],
    ]);
  });

  it('uses the box time, and nulls when the game states none', () => {
    const noTimes = experienceProfileJson({ ...game, min_playtime: null, max_playtime: null }, undefined);
    expect(noTimes.levels.every((l) => l.median_minutes === null && l.estimated)).toBe(true);
    expect(experienceProfileJson(game, undefined).levels[2]).toMatchObject({
      median_minutes: 90,
      min_minutes: 60,
      max_minutes: 120,
    });
  });
});
