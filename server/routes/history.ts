// Longitudinal endpoints over GameSnapshot rows (contract, Trend endpoints; SPEC-NOTES
// §10.3, D54, D55): one game's series, the top N at a date, and who entered or left the
// top N between two dates.

import type { H3, H3Event } from 'h3';
import type { RankScope } from '../../snapshots/history.js';
import {
  gameNames,
  gameSnapshots,
  rankingAt,
  rankingDateOnOrBefore,
  topRanksBetween,
} from '../../snapshots/history.js';
import type { Store } from '../../loader/store.js';
import type { SnapshotCadence } from '../config.js';
import { pathParam, route, selfHref, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import { notFoundProblem } from '../problem.js';
import {
  GAME_HISTORY_PARAMS,
  historyQueryDoc,
  parseGameHistory,
  parseRankingHistory,
  parseRankingTransitions,
  RANKING_HISTORY_PARAMS,
  RANKING_TRANSITIONS_PARAMS,
} from '../schemas/history.js';
import { gameHistorySchema, rankingHistorySchema, rankingTransitionsSchema } from '../schemas/responses/analytics.js';
import type { DatasetState } from '../state.js';
import { bucketEarliest, projectSnapshot } from './history-series.js';
import { resolveWindow, transitions } from './history-transitions.js';

export interface HistoryRouteDeps {
  state: DatasetState;
  store: Store;
  /** SNAPSHOT_CADENCE: the default granularity of a game's history (D54); monthly when absent. */
  snapshotCadence?: SnapshotCadence;
}

const BAD_REQUEST = { description: 'An unknown parameter or a bad value (each named in errors[])' };

export const GAME_HISTORY_DOC: RouteDoc = {
  summary: "One game's snapshot history",
  description:
    'The game header and its snapshots, oldest first, within from/to; with a coarser granularity than the snapshots each ' +
    'month, quarter or year shows its earliest snapshot (D54). `metric` picks the members of each point. See docs/analytics.md.',
  tags: ['statistics'],
  query: historyQueryDoc(GAME_HISTORY_PARAMS),
  responses: {
    200: { description: 'The series', schema: gameHistorySchema },
    400: BAD_REQUEST,
    404: { description: 'No game with this id or slug' },
  },
};

export const RANKING_HISTORY_DOC: RouteDoc = {
  summary: 'The top N ranking at a date',
  description:
    'Reads the snapshots of one date: the latest snapshot date on or before `date` that holds a rank in the scope, across the ' +
    'store (a game without a snapshot that day is not ranked there). Ranks 1..top by rank then game id (D55).',
  tags: ['statistics'],
  query: historyQueryDoc(RANKING_HISTORY_PARAMS),
  responses: {
    200: { description: 'The ranking', schema: rankingHistorySchema },
    400: BAD_REQUEST,
    422: { description: 'scope names no category' },
  },
};

export const RANKING_TRANSITIONS_DOC: RouteDoc = {
  summary: 'Games entering and leaving the top N between two dates',
  description:
    'The window runs from the snapshot date on or before `from` (or the first after it) to the snapshot date on or before ' +
    '`to`; entered = in the top at the end but not at the start, exited = the reverse, stable = both (D55).',
  tags: ['statistics'],
  query: historyQueryDoc(RANKING_TRANSITIONS_PARAMS),
  responses: {
    200: { description: 'The transitions', schema: rankingTransitionsSchema },
    400: BAD_REQUEST,
    422: { description: 'scope names no category' },
  },
};

export function registerHistoryRoutes(app: H3, deps: HistoryRouteDeps): void {
  route(
    app,
    `${API_PREFIX}/games/:id/history`,
    { GET: (event) => gameHistory(event, deps) },
    { GET: GAME_HISTORY_DOC },
  );
  route(
    app,
    `${API_PREFIX}/statistics/rankings/history`,
    { GET: (event) => rankingHistory(event, deps) },
    { GET: RANKING_HISTORY_DOC },
  );
  route(
    app,
    `${API_PREFIX}/statistics/rankings/transitions`,
    { GET: (event) => rankingTransitions(event, deps) },
    { GET: RANKING_TRANSITIONS_DOC },
  );
}

function scopeName(scope: RankScope): string {
  return scope.kind === 'overall' ? 'overall' : scope.slug;
}

async function gameHistory(event: H3Event, deps: HistoryRouteDeps): Promise<string> {
  const dataset = deps.state.current;
  const request = parseGameHistory(event.url.searchParams, deps.snapshotCadence ?? 'monthly');
  const key = pathParam(event, 'id');
  const row = dataset.row(key);
  if (row === undefined) throw notFoundProblem(`No game with id or slug "${key}".`);
  const game = dataset.game(row);
  const snapshots = await gameSnapshots(deps.store, game.id, request.from, request.to);
  const data = bucketEarliest(snapshots, request.granularity).map((s) => projectSnapshot(s, request.metric));
  return sendJson(
    event,
    JSON.stringify({
      game: { id: game.id, slug: game.slug, name: game.name },
      metric: request.metric,
      granularity: request.granularity,
      from: request.from,
      to: request.to,
      data,
      _links: { self: { href: selfHref(event) }, game: { href: `${API_PREFIX}/games/${game.id}` } },
    }),
  );
}

async function rankingHistory(event: H3Event, deps: HistoryRouteDeps): Promise<string> {
  const request = parseRankingHistory(event.url.searchParams, deps.state.current);
  const date = await rankingDateOnOrBefore(deps.store, request.scope, request.date);
  const data = date === null ? [] : await rankingAt(deps.store, request.scope, date, request.top);
  return sendJson(
    event,
    JSON.stringify({
      scope: scopeName(request.scope),
      top: request.top,
      date,
      data,
      _links: { self: { href: selfHref(event) } },
    }),
  );
}

async function rankingTransitions(event: H3Event, deps: HistoryRouteDeps): Promise<string> {
  const request = parseRankingTransitions(event.url.searchParams, deps.state.current);
  const window = await resolveWindow(deps.store, request.scope, request.from, request.to);
  let lists: ReturnType<typeof transitions> = { entered: [], exited: [], stable: [] };
  if (window !== null) {
    const points = await topRanksBetween(deps.store, request.scope, window.from, window.to, request.top);
    const names = await gameNames(deps.store, [...new Set(points.map((p) => p.game_id))]);
    lists = transitions(points, window.dates, names);
  }
  return sendJson(
    event,
    JSON.stringify({
      scope: scopeName(request.scope),
      top: request.top,
      from: window?.from ?? null,
      to: window?.to ?? null,
      ...lists,
      _links: { self: { href: selfHref(event) } },
    }),
  );
}
