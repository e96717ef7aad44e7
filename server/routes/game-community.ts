// The community data of one game read from the store: player-count ratings, the three poll
// kinds (SPEC-NOTES D27) and the experience play-time profile (D25, D26).

import type { H3Event } from 'h3';
import { readExperience } from '../../loader/experience.js';
import { readPolls, type PollsRecord } from '../../loader/polls.js';
import { sendJson } from '../http.js';
import { gamePath, link } from '../links.js';
import { experienceProfileJson } from '../present/game-experience.js';
import type { FieldError } from '../problem.js';
import { knownParams } from '../schemas/game-params.js';
import { findGame, type GameResourceDeps } from './game-lookup.js';

async function pollsOf(event: H3Event, deps: GameResourceDeps): Promise<{ slug: string; polls: PollsRecord }> {
  const errors: FieldError[] = [];
  knownParams(event.url.searchParams, [], errors);
  const { dataset, row } = findGame(event, deps, errors);
  const game = dataset.game(row);
  const polls = (await readPolls(deps.store, [game.id])).get(game.id);
  // The Dataset and the store are built from the same import, so the game row exists; an
  // empty record keeps a game served mid-rebuild answering rather than failing.
  return {
    slug: game.slug,
    polls: polls ?? {
      game_id: game.id,
      player_count_ratings: [],
      community_age: { community_suggested_age: game.community_suggested_age, total_votes: 0, votes: [] },
      language_dependence: { level: game.language_dependence, total_votes: 0, votes: [] },
    },
  };
}

export async function getPlayerCountRatings(event: H3Event, deps: GameResourceDeps): Promise<string> {
  const { slug, polls } = await pollsOf(event, deps);
  const self = gamePath(slug);
  return sendJson(
    event,
    JSON.stringify({
      data: polls.player_count_ratings,
      _links: { self: link(`${self}/player-count-ratings`), game: link(self) },
    }),
  );
}

export async function getPolls(event: H3Event, deps: GameResourceDeps): Promise<string> {
  const { slug, polls } = await pollsOf(event, deps);
  const self = gamePath(slug);
  return sendJson(event, JSON.stringify({ ...polls, _links: { self: link(`${self}/polls`), game: link(self) } }));
}

export async function getExperiencePlaytime(event: H3Event, deps: GameResourceDeps): Promise<string> {
  const errors: FieldError[] = [];
  knownParams(event.url.searchParams, [], errors);
  const { dataset, row } = findGame(event, deps, errors);
  const game = dataset.game(row);
  const record = (await readExperience(deps.store, [game.id])).get(game.id);
  return sendJson(event, JSON.stringify(experienceProfileJson(game, record)));
}
