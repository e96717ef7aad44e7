// Routes for the sub-resources of one game (expansions, effective properties, polls, credits...).
// Each documents its query and responses with the schemas the tests parse responses with.

import type { H3 } from 'h3';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { route, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import {
  awardsQuery,
  effectivePropertiesQuery,
  effectivePropertiesSchema,
  experienceProfileSchema,
  expansionsQuery,
  gameAwardsPageSchema,
  gameCreditsSchema,
  gameExpansionsPageSchema,
  gamePollsResponseSchema,
  gameRelationshipsSchema,
  playerCountRatingsSchema,
  relationshipsQuery,
} from '../schemas/game-resources.js';
import { problemSchema } from '../schemas/responses/common.js';
import { getExperiencePlaytime, getPlayerCountRatings, getPolls } from './game-community.js';
import { getEffectiveProperties } from './game-effective.js';
import { listExpansions } from './game-expansions.js';
import { getCredits, getRelationships, listGameAwards } from './game-related.js';

const TAGS = ['Game sub-resources'];
const badRequest = { description: 'Unknown parameter or invalid value', schema: problemSchema };
const notFound = { description: 'No game with this id or slug', schema: problemSchema };

function doc(summary: string, description: string, ok: z.ZodType, query?: z.ZodObject): RouteDoc {
  return {
    summary,
    description,
    tags: TAGS,
    query,
    responses: { 200: { description: 'OK', schema: ok }, 400: badRequest, 404: notFound },
  };
}

export function registerGameResourceRoutes(app: H3, deps: AppDeps): void {
  const game = `${API_PREFIX}/games/:id`;

  route(
    app,
    `${game}/expansions`,
    { GET: (event) => listExpansions(event, deps) },
    {
      GET: doc(
        'Expansions of a game',
        'Games whose parent_game_id is this game, as full Game objects, in release order; `type` filters by game type.',
        gameExpansionsPageSchema,
        expansionsQuery,
      ),
    },
  );

  const effective = doc(
    'Effective properties under a set of expansions',
    'Three-tier resolution: an explicit combination record (1), the expansions’ modifications applied set → add → ' +
      'multiply (2), or the base values (3). Without `with`, the base game alone.',
    effectivePropertiesSchema,
    effectivePropertiesQuery,
  );
  effective.responses[404] = {
    description: 'No such game, or an expansion in `with` does not exist',
    schema: problemSchema,
  };
  effective.responses[422] = {
    description: 'A game in `with` is not an expansion of this game',
    schema: problemSchema,
  };
  route(
    app,
    `${game}/effective-properties`,
    { GET: (event) => getEffectiveProperties(event, deps) },
    { GET: effective },
  );

  route(
    app,
    `${game}/player-count-ratings`,
    { GET: (event) => getPlayerCountRatings(event, deps) },
    {
      GET: doc(
        'Per-player-count ratings',
        'Community rating (1–5) of the game at each player count.',
        playerCountRatingsSchema,
      ),
    },
  );

  route(
    app,
    `${game}/experience-playtime`,
    { GET: (event) => getExperiencePlaytime(event, deps) },
    {
      GET: doc(
        'Play time per experience level',
        'Four levels always; levels without reports are estimated. Game multipliers when every level has enough ' +
          'reports (`sufficient_data`), else the global defaults.',
        experienceProfileSchema,
      ),
    },
  );

  route(
    app,
    `${game}/relationships`,
    { GET: (event) => getRelationships(event, deps) },
    {
      GET: doc(
        'Relationship edges of a game',
        'Edges where the game is source (outbound) or target (inbound); integrates_with shows from both sides.',
        gameRelationshipsSchema,
        relationshipsQuery,
      ),
    },
  );

  route(
    app,
    `${game}/credits`,
    { GET: (event) => getCredits(event, deps) },
    {
      GET: doc(
        'Credits of a game',
        'One list: designers, artists, then every other credit role in contract order.',
        gameCreditsSchema,
      ),
    },
  );

  route(
    app,
    `${game}/polls`,
    { GET: (event) => getPolls(event, deps) },
    {
      GET: doc(
        'Community polls of a game',
        'Player-count ratings, the age poll and the language-dependence poll.',
        gamePollsResponseSchema,
      ),
    },
  );

  route(
    app,
    `${game}/awards`,
    { GET: (event) => listGameAwards(event, deps) },
    {
      GET: doc(
        'Awards of a game',
        'GameAward records with the award’s slug and name, by year.',
        gameAwardsPageSchema,
        awardsQuery,
      ),
    },
  );
}
