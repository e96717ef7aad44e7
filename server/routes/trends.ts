// Cross-sectional trend endpoints (contract, Trend endpoints; SPEC-NOTES §10, D51–D53): the
// engine picks the games (every GET /v1/games filter, effective mode included), DuckDB
// aggregates them (snapshots/trends.ts), and this file shapes the points.

import type { H3, H3Event } from 'h3';
import type { DatasetApi, Filter } from '../../engine/index.js';
import {
  fundingCounts,
  mechanicCounts,
  playerCountSummaries,
  publicationCounts,
  weightSummaries,
  type TrendPopulation,
} from '../../snapshots/trends.js';
import type { Store } from '../../loader/store.js';
import { route, selfHref, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import {
  mechanicsTrendSchema,
  playerCountTrendSchema,
  publicationsTrendSchema,
  weightTrendSchema,
} from '../schemas/responses/analytics.js';
import {
  parseMechanicsTrend,
  parseTrendRequest,
  parseWeightTrend,
  trendQueryDoc,
  type TrendGrouping,
  type TrendKind,
} from '../schemas/trends.js';
import type { DatasetState } from '../state.js';

export interface TrendRouteDeps {
  state: DatasetState;
  store: Store;
}

const TRENDS = `${API_PREFIX}/statistics/trends`;

function trendDoc(
  kind: TrendKind,
  summary: string,
  description: string,
  schema: RouteDoc['responses'][number]['schema'],
): RouteDoc {
  return {
    summary,
    description:
      `${description} Takes every filter of GET /v1/games (same validation); without \`type\` the population is ` +
      'base games and standalone expansions, and games without year_published never count (D51). Unpaginated. See docs/analytics.md.',
    tags: ['statistics'],
    query: trendQueryDoc(kind),
    responses: {
      200: { description: 'The trend points', schema },
      400: { description: 'An unknown parameter or a bad value (each named in errors[])' },
      422: { description: 'A well-formed slug that names nothing' },
    },
  };
}

export const PUBLICATIONS_TREND_DOC = trendDoc(
  'publications',
  'Games published per year or decade',
  'One point per period with at least one game: game_count, avg_weight, avg_rating. With a funding_source filter every ' +
    "period of the population without that filter appears, with pct_of_period and `<source>_pct` (shares of the period's games, D53).",
  publicationsTrendSchema,
);
export const MECHANICS_TREND_DOC = trendDoc(
  'mechanics',
  'Mechanic adoption over time',
  'One point per (mechanic, period with at least one game), zero counts included, by mechanic slug then period (D52); ' +
    "pct_of_period is the share of the period's games tagged with the mechanic. `mechanic` names the mechanics, or `limit` " +
    'takes the most frequent ones.',
  mechanicsTrendSchema,
);
export const WEIGHT_TREND_DOC = trendDoc(
  'weight',
  'Weight distribution over time',
  'Mean, median and quartiles (R-7 interpolation) of the weights of the games that have one, per period; scope=top keeps ' +
    'games with rank_overall ≤ top; scope=all answers one point with period null.',
  weightTrendSchema,
);
export const PLAYER_COUNT_TREND_DOC = trendDoc(
  'player-count',
  'Player counts over time',
  'Per period: mean min_players and max_players (of the games that have them) and the share of games with min_players = 1.',
  playerCountTrendSchema,
);

export function registerTrendRoutes(app: H3, deps: TrendRouteDeps): void {
  route(app, `${TRENDS}/publications`, { GET: (event) => publications(event, deps) }, { GET: PUBLICATIONS_TREND_DOC });
  route(app, `${TRENDS}/mechanics`, { GET: (event) => mechanics(event, deps) }, { GET: MECHANICS_TREND_DOC });
  route(app, `${TRENDS}/weight`, { GET: (event) => weight(event, deps) }, { GET: WEIGHT_TREND_DOC });
  route(app, `${TRENDS}/player-count`, { GET: (event) => playerCount(event, deps) }, { GET: PLAYER_COUNT_TREND_DOC });
}

function populationOf(dataset: DatasetApi, filter: Filter, groupBy: TrendGrouping): TrendPopulation {
  return { ids: dataset.matchingIds(filter), groupBy };
}

function send(event: H3Event, data: unknown[], meta: Record<string, unknown>): string {
  return sendJson(event, JSON.stringify({ data, meta, _links: { self: { href: selfHref(event) } } }));
}

async function publications(event: H3Event, deps: TrendRouteDeps): Promise<string> {
  const dataset = deps.state.current;
  const request = parseTrendRequest('publications', event.url.searchParams, dataset);
  const rows = await publicationCounts(deps.store, populationOf(dataset, request.filter, request.groupBy));
  const meta = { group_by: request.groupBy, filters_applied: request.filter };
  const sources = request.filter.funding_source;
  if (!sources) return send(event, rows, meta);

  // D53: shares of each period's games, the population without the funding filter.
  const { funding_source: _sources, ...others } = request.filter;
  const totals = new Map<number, { all: number; bySource: Map<string | null, number> }>();
  for (const row of await fundingCounts(deps.store, populationOf(dataset, others, request.groupBy))) {
    const entry = totals.get(row.period) ?? { all: 0, bySource: new Map() };
    entry.all += row.game_count;
    entry.bySource.set(row.funding_source, row.game_count);
    totals.set(row.period, entry);
  }
  const matched = new Map(rows.map((r) => [r.period, r]));
  const data = [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([period, total]) => {
      const row = matched.get(period) ?? { period, game_count: 0, avg_weight: null, avg_rating: null };
      const point: Record<string, unknown> = { ...row, pct_of_period: (100 * row.game_count) / total.all };
      for (const source of sources) point[`${source}_pct`] = (100 * (total.bySource.get(source) ?? 0)) / total.all;
      return point;
    });
  return send(event, data, meta);
}

async function mechanics(event: H3Event, deps: TrendRouteDeps): Promise<string> {
  const dataset = deps.state.current;
  const request = parseMechanicsTrend(event.url.searchParams, dataset);
  const population = populationOf(dataset, request.filter, request.groupBy);
  const { periods, counts } = await mechanicCounts(deps.store, population, request.mechanics);
  const byKey = new Map(counts.map((c) => [`${c.mechanic}\u0000${c.period}`, c.game_count]));
  let chosen = request.mechanics;
  if (chosen === null) {
    const totals = new Map<string, number>();
    for (const c of counts) totals.set(c.mechanic, (totals.get(c.mechanic) ?? 0) + c.game_count);
    chosen = [...totals.entries()]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, request.limit)
      .map(([slug]) => slug);
  }
  const data = [...chosen].sort().flatMap((mechanic) =>
    periods.map(({ period, game_count: total }) => {
      const count = byKey.get(`${mechanic}\u0000${period}`) ?? 0;
      return { period, mechanic, game_count: count, pct_of_period: (100 * count) / total };
    }),
  );
  return send(event, data, { group_by: request.groupBy, filters_applied: request.filter });
}

async function weight(event: H3Event, deps: TrendRouteDeps): Promise<string> {
  const dataset = deps.state.current;
  const request = parseWeightTrend(event.url.searchParams, dataset);
  const grouped = request.scope !== 'all';
  const data = await weightSummaries(deps.store, populationOf(dataset, request.filter, request.groupBy), {
    grouped,
    maxRank: request.top,
  });
  const meta: Record<string, unknown> = { group_by: grouped ? request.groupBy : null, scope: request.scope };
  if (request.top !== null) meta.top = request.top;
  meta.filters_applied = request.filter;
  return send(event, data, meta);
}

async function playerCount(event: H3Event, deps: TrendRouteDeps): Promise<string> {
  const dataset = deps.state.current;
  const request = parseTrendRequest('player-count', event.url.searchParams, dataset);
  const data = await playerCountSummaries(deps.store, populationOf(dataset, request.filter, request.groupBy));
  return send(event, data, { group_by: request.groupBy, filters_applied: request.filter });
}
