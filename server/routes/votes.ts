// POST /v1/games/{id}/ratings and /weight: an API key, a valid body, an existing game; the
// raw vote is appended and returned with 201. Aggregates move only at materialization.

import type { H3, H3Event } from 'h3';
import { v7 as uuidv7 } from 'uuid';
import { insertRatingVote, insertWeightVote, type RatingVote, type WeightVote } from '../../snapshots/votes.js';
import type { Queryable } from '../../loader/store.js';
import type { ApiKeys } from '../auth/api-keys.js';
import { requireKey } from '../auth/guard.js';
import { pathParam, readJsonBody, route, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX, link } from '../links.js';
import { notFoundProblem } from '../problem.js';
import { parseBody } from '../schemas/body-fields.js';
import { ratingVoteBody, weightVoteBody } from '../schemas/votes.js';
import { ratingVoteSchema, weightVoteSchema } from '../schemas/responses/votes.js';
import { refuseOnReplica, type ReplicaRole } from '../replica-guard.js';
import type { DatasetState } from '../state.js';

export interface VoteRouteDeps extends ReplicaRole {
  state: DatasetState;
  store: Queryable;
  keys: ApiKeys;
}

const VOTE_ERRORS = {
  400: { description: 'The body is invalid; errors[] names each field' },
  401: { description: 'No X-API-Key, or a key that is unknown or revoked' },
  404: { description: 'No such game' },
  413: { description: 'The body exceeds 64 KiB' },
  415: { description: 'The body is not JSON' },
  503: { description: 'This server is a read replica; the problem names the writer' },
} as const;

const RATING_DOC: RouteDoc = {
  summary: 'Submit a rating vote',
  description:
    "Appends a raw rating vote (integer 1–10). The game's aggregates do not change until the next materialization run. Needs an API key.",
  tags: ['votes'],
  auth: 'key',
  body: ratingVoteBody,
  responses: { 201: { description: 'The stored vote', schema: ratingVoteSchema }, ...VOTE_ERRORS },
};

const WEIGHT_DOC: RouteDoc = {
  summary: 'Submit a weight vote',
  description:
    "Appends a raw weight vote (1.0–5.0, one decimal). The game's aggregates do not change until the next materialization run. Needs an API key.",
  tags: ['votes'],
  auth: 'key',
  body: weightVoteBody,
  responses: { 201: { description: 'The stored vote', schema: weightVoteSchema }, ...VOTE_ERRORS },
};

export function registerVoteRoutes(app: H3, deps: VoteRouteDeps): void {
  route(app, `${API_PREFIX}/games/:id/ratings`, { POST: (event) => postRating(event, deps) }, { POST: RATING_DOC });
  route(app, `${API_PREFIX}/games/:id/weight`, { POST: (event) => postWeight(event, deps) }, { POST: WEIGHT_DOC });
}

/** Key first (401 before anything else), then the game (404), then the body (400). */
async function voteTarget(event: H3Event, deps: VoteRouteDeps): Promise<string> {
  refuseOnReplica(deps);
  await requireKey(event, deps.keys, 'write');
  const dataset = deps.state.current;
  const id = pathParam(event, 'id');
  const row = dataset.row(id);
  if (row === undefined) throw notFoundProblem(`No game with id or slug "${id}".`);
  return dataset.game(row).id;
}

async function postRating(event: H3Event, deps: VoteRouteDeps): Promise<string> {
  const gameId = await voteTarget(event, deps);
  const body = parseBody(ratingVoteBody, await readJsonBody(event.req));
  const vote: RatingVote = {
    id: uuidv7(),
    game_id: gameId,
    rating: body.rating,
    declared_scale: body.declared_scale ?? null,
    play_count: body.play_count ?? null,
    experience_level: body.experience_level ?? null,
    created_at: new Date().toISOString(),
  };
  await insertRatingVote(deps.store, vote);
  return sendJson(event, JSON.stringify({ ...vote, _links: voteLinks(gameId) }), 201);
}

async function postWeight(event: H3Event, deps: VoteRouteDeps): Promise<string> {
  const gameId = await voteTarget(event, deps);
  const body = parseBody(weightVoteBody, await readJsonBody(event.req));
  const vote: WeightVote = {
    id: uuidv7(),
    game_id: gameId,
    weight: Math.round(body.weight * 10) / 10,
    created_at: new Date().toISOString(),
  };
  await insertWeightVote(deps.store, vote);
  return sendJson(event, JSON.stringify({ ...vote, _links: voteLinks(gameId) }), 201);
}

function voteLinks(gameId: string) {
  return { game: link(`${API_PREFIX}/games/${gameId}`) };
}
