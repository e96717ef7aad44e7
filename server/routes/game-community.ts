// The community data of one game, as the Dataset holds it: player-count ratings, the three
// poll kinds (SPEC-NOTES D27) and the experience play-time profile (D25, D26).

import type { H3Event } from 'h3';
import type { GamePolls } from '../../engine/index.js';
import { sendJson } from '../http.js';
import { gamePath, link } from '../links.js';
import { experienceProfileJson } from '../present/game-experience.js';
import type { FieldError } from '../problem.js';
import { knownParams } from '../schemas/game-params.js';
import { findGame, type GameResourceDeps } from './game-lookup.js';

function pollsOf(event: H3Event, deps: GameResourceDeps): { slug: string; polls: GamePolls } {
  const errors: FieldError[] = [];
  knownParams(event.url.searchParams, [], errors);
  const { dataset, row } = findGame(event, deps, errors);
  return { slug: dataset.game(row).slug, polls: dataset.polls(row) };
}

export function getPlayerCountRatings(event: H3Event, deps: GameResourceDeps): string {
  const { slug, polls } = pollsOf(event, deps);
  const self = gamePath(slug);
  return sendJson(
    event,
    JSON.stringify({
      data: polls.player_count_ratings,
      _links: { self: link(`${self}/player-count-ratings`), game: link(self) },
    }),
  );
}

export function getPolls(event: H3Event, deps: GameResourceDeps): string {
  const { slug, polls } = pollsOf(event, deps);
  const self = gamePath(slug);
  return sendJson(event, JSON.stringify({ ...polls, _links: { self: link(`${self}/polls`), game: link(self) } }));
}

export function getExperiencePlaytime(event: H3Event, deps: GameResourceDeps): string {
  const errors: FieldError[] = [];
  knownParams(event.url.searchParams, [], errors);
  const { dataset, row } = findGame(event, deps, errors);
  return sendJson(event, JSON.stringify(experienceProfileJson(dataset.game(row), dataset.experience(row))));
}
