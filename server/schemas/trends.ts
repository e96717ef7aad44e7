// Query parameters of the four cross-sectional trend endpoints (SPEC-NOTES §10.2, D51–D53):
// every filter of GET /v1/games, validated by the same code (400 for bad values, 422 for
// slugs that name nothing), plus each endpoint's own parameters, validated with zod.

import { z } from 'zod';
import type { DatasetApi, Filter, GameType } from '../../engine/index.js';
import { filterQueryShape } from '../openapi/filter-query.js';
import { ApiProblem, fieldError, unknownReferenceProblem, validationProblem, type FieldError } from '../problem.js';
import { normalizeFilter, parseFilter } from './filter-parse.js';
import { sortParams } from './param-names.js';
import { fieldParam, paramsDocShape, parseParams, type ParamSpecs } from './trends-params.js';

export type TrendKind = 'publications' | 'mechanics' | 'weight' | 'player-count';
export type TrendGrouping = 'year' | 'decade';
export type WeightScope = 'published' | 'top' | 'all';

/** D51: without a `type` filter, trends count playable games only. */
export const DEFAULT_TREND_TYPES: readonly GameType[] = ['base_game', 'standalone_expansion'];
export const DEFAULT_MECHANIC_LIMIT = 10;
export const MAX_MECHANIC_LIMIT = 100;
export const DEFAULT_WEIGHT_TOP = 100;
export const MAX_WEIGHT_TOP = 100_000;

export interface TrendRequest {
  /** The filter as applied: the client's filters plus the default type list (D51). */
  filter: Filter;
  groupBy: TrendGrouping;
}

export interface MechanicsTrendRequest extends TrendRequest {
  /** Canonical slugs named by `mechanic`; null: the `limit` most frequent. */
  mechanics: string[] | null;
  limit: number;
}

export interface WeightTrendRequest extends TrendRequest {
  scope: WeightScope;
  /** Rank bound of scope `top` (null for the other scopes). */
  top: number | null;
}

const GROUP_BY = fieldParam(
  { type: 'enum', values: ['year', 'decade'] },
  'year (default) or decade (period = first year of the decade)',
);

export const TREND_PARAMS: Readonly<Record<TrendKind, ParamSpecs>> = {
  publications: { group_by: GROUP_BY },
  'player-count': { group_by: GROUP_BY },
  mechanics: {
    group_by: GROUP_BY,
    mechanic: fieldParam(
      { type: 'ref-list', ref: 'mechanic' },
      'mechanics to chart (slugs or aliases, comma list); here `mechanic` is not the filter alias — filter the population with `mechanics`',
    ),
    limit: fieldParam(
      { type: 'int', min: 1, max: MAX_MECHANIC_LIMIT },
      `without mechanic: chart the N most frequent mechanics in the population (default ${DEFAULT_MECHANIC_LIMIT})`,
    ),
  },
  weight: {
    group_by: GROUP_BY,
    scope: fieldParam(
      { type: 'enum', values: ['published', 'top', 'all', 'top100'] },
      'published (default): per publication period; top: games with rank_overall ≤ top, per period; all: one point (period null); top100 = top with top=100',
    ),
    top: fieldParam(
      { type: 'int', min: 1, max: MAX_WEIGHT_TOP },
      `rank bound of scope=top (default ${DEFAULT_WEIGHT_TOP})`,
    ),
  },
};

/** The OpenAPI query object of one trend endpoint: its own parameters and every filter. */
export function trendQueryDoc(kind: TrendKind): z.ZodObject {
  return z.object({ ...filterQueryShape(), ...paramsDocShape(TREND_PARAMS[kind]) });
}

interface Parsed {
  own: Map<string, unknown>;
  filter: Filter;
  errors: FieldError[];
}

/**
 * Sorts the query into filters and own parameters and validates both; 400 problems name
 * every bad field of either kind at once. `mechanic` on the mechanics endpoint is its own
 * parameter, so it is taken out before the filter aliases could claim it.
 */
function parseTrendQuery(kind: TrendKind, params: URLSearchParams, dataset: DatasetApi): Parsed {
  const specs = TREND_PARAMS[kind];
  const errors: FieldError[] = [];
  const rest = new URLSearchParams();
  const taken = new Map<string, string[]>();
  for (const [name, value] of params) {
    if (kind === 'mechanics' && name === 'mechanic') taken.set(name, [...(taken.get(name) ?? []), value]);
    else rest.append(name, value);
  }
  const sorted = sortParams(
    rest,
    Object.keys(specs).filter((n) => !taken.has(n)),
    errors,
  );
  const raw = new Map(sorted.own);
  for (const [name, values] of taken) raw.set(name, values.join(','));
  const own = parseParams(raw, specs, errors);
  let filter: Filter;
  try {
    filter = parseFilter(sorted.filter, 'query', dataset);
  } catch (error) {
    // Bad filter values join the own-parameter errors in one 400.
    if (error instanceof ApiProblem && error.kind === 'validation-error')
      throw validationProblem([...errors, ...error.errors]);
    if (errors.length > 0) throw validationProblem(errors);
    throw error;
  }
  if (errors.length > 0) throw validationProblem(errors);
  return { own, filter, errors };
}

function appliedFilter(filter: Filter): Filter {
  return normalizeFilter(filter.type === undefined ? { ...filter, type: [...DEFAULT_TREND_TYPES] } : filter);
}

function grouping(own: Map<string, unknown>): TrendGrouping {
  return (own.get('group_by') as TrendGrouping | undefined) ?? 'year';
}

export function parseTrendRequest(
  kind: 'publications' | 'player-count',
  params: URLSearchParams,
  dataset: DatasetApi,
): TrendRequest {
  const { own, filter } = parseTrendQuery(kind, params, dataset);
  return { filter: appliedFilter(filter), groupBy: grouping(own) };
}

export function parseMechanicsTrend(params: URLSearchParams, dataset: DatasetApi): MechanicsTrendRequest {
  const { own, filter } = parseTrendQuery('mechanics', params, dataset);
  const named = own.get('mechanic') as string[] | undefined;
  const limit = own.get('limit') as number | undefined;
  if (named !== undefined && limit !== undefined) {
    throw validationProblem([
      fieldError(
        'limit',
        'cannot be combined with mechanic: give the mechanics or a limit',
        'invalid_combination',
        limit,
      ),
    ]);
  }
  let mechanics: string[] | null = null;
  if (named !== undefined && named.length > 0) {
    const unknown: FieldError[] = [];
    mechanics = [];
    for (const item of named) {
      const canonical = dataset.resolve('mechanic', item);
      if (canonical === undefined)
        unknown.push(fieldError('mechanic', `no mechanic "${item}"`, 'unknown_reference', item));
      else if (!mechanics.includes(canonical)) mechanics.push(canonical);
    }
    if (unknown.length > 0) throw unknownReferenceProblem(unknown);
  }
  return { filter: appliedFilter(filter), groupBy: grouping(own), mechanics, limit: limit ?? DEFAULT_MECHANIC_LIMIT };
}

export function parseWeightTrend(params: URLSearchParams, dataset: DatasetApi): WeightTrendRequest {
  const { own, filter } = parseTrendQuery('weight', params, dataset);
  const scopeRaw = (own.get('scope') as string | undefined) ?? 'published';
  const topRaw = own.get('top') as number | undefined;
  if (topRaw !== undefined && scopeRaw !== 'top') {
    throw validationProblem([
      fieldError('top', `applies only to scope=top (scope is ${scopeRaw})`, 'invalid_combination', topRaw),
    ]);
  }
  const scope: WeightScope = scopeRaw === 'top100' ? 'top' : (scopeRaw as WeightScope);
  const top = scope === 'top' ? (scopeRaw === 'top100' ? 100 : (topRaw ?? DEFAULT_WEIGHT_TOP)) : null;
  return { filter: appliedFilter(filter), groupBy: grouping(own), scope, top };
}
