// Query parameters of the longitudinal endpoints (SPEC-NOTES §10.3, D54, D55), validated
// with zod: unknown names and bad values are one 400 naming each; a category slug that
// names nothing is a 422, as the category filter of GET /v1/games answers it.

import { z } from 'zod';
import type { DatasetApi } from '../../engine/index.js';
import type { RankScope } from '../../snapshots/history.js';
import { fieldError, unknownReferenceProblem, validationProblem, type FieldError } from '../problem.js';
import {
  HISTORY_GRANULARITIES,
  HISTORY_METRICS,
  type HistoryGranularity,
  type HistoryMetric,
} from './responses/analytics.js';
import { dateParam, fieldParam, onlyParams, paramsDocShape, parseParams, type ParamSpecs } from './trends-params.js';

export const DEFAULT_RANKING_TOP = 10;
export const MAX_RANKING_TOP = 100;
/** Years of year_min/year_max (transitions): whatever a DATE holds as a January 1st. */
const YEAR = { type: 'int', min: 1, max: 9999 } as const;

export const GAME_HISTORY_PARAMS: ParamSpecs = {
  metric: fieldParam(
    { type: 'enum', values: HISTORY_METRICS },
    'all (default), rating, weight, rank, plays, owners or confidence: which snapshot members each point carries',
  ),
  granularity: fieldParam(
    { type: 'enum', values: HISTORY_GRANULARITIES },
    'monthly, quarterly or yearly; default SNAPSHOT_CADENCE. Each bucket shows its earliest snapshot',
  ),
  from: dateParam('first snapshot date to include (inclusive)'),
  to: dateParam('last snapshot date to include (inclusive)'),
};

const SCOPE = fieldParam({ type: 'text-list' }, 'overall (default) or a category slug (ranks from rank_by_category)');
const TOP = fieldParam(
  { type: 'int', min: 1, max: MAX_RANKING_TOP },
  `size of the top (default ${DEFAULT_RANKING_TOP})`,
);

export const RANKING_HISTORY_PARAMS: ParamSpecs = {
  scope: SCOPE,
  top: TOP,
  date: dateParam('read the ranking of the latest snapshot date on or before this date (default: the latest)'),
};

export const RANKING_TRANSITIONS_PARAMS: ParamSpecs = {
  scope: SCOPE,
  top: TOP,
  from: dateParam('start of the window (default: the first snapshot)'),
  to: dateParam('end of the window (default: the latest snapshot)'),
  year_min: fieldParam(YEAR, 'instead of from: January 1st of this year'),
  year_max: fieldParam(YEAR, 'instead of to: January 1st of this year'),
};

/** OpenAPI query objects: the scope is documented as one string (slug), not a list. */
export function historyQueryDoc(specs: ParamSpecs): z.ZodObject {
  const shape = paramsDocShape(specs);
  if (Object.hasOwn(shape, 'scope')) shape.scope = z.string().describe(SCOPE.description).optional();
  return z.object(shape);
}

export interface GameHistoryRequest {
  metric: HistoryMetric;
  granularity: HistoryGranularity;
  from: string | null;
  to: string | null;
}

export interface RankingHistoryRequest {
  scope: RankScope;
  top: number;
  date: string | null;
}

export interface RankingTransitionsRequest {
  scope: RankScope;
  top: number;
  from: string | null;
  to: string | null;
}

function parseAll(params: URLSearchParams, specs: ParamSpecs): { values: Map<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const values = parseParams(onlyParams(params, specs, errors), specs, errors);
  return { values, errors };
}

function checkOrder(from: string | null, to: string | null, names: [string, string], errors: FieldError[]): void {
  if (from !== null && to !== null && from > to) {
    errors.push(fieldError(names[0], `must not be after ${names[1]} (${to})`, 'invalid_range', from));
  }
}

export function parseGameHistory(params: URLSearchParams, defaultGranularity: HistoryGranularity): GameHistoryRequest {
  const { values, errors } = parseAll(params, GAME_HISTORY_PARAMS);
  const from = (values.get('from') as string | undefined) ?? null;
  const to = (values.get('to') as string | undefined) ?? null;
  checkOrder(from, to, ['from', 'to'], errors);
  if (errors.length > 0) throw validationProblem(errors);
  return {
    metric: (values.get('metric') as HistoryMetric | undefined) ?? 'all',
    granularity: (values.get('granularity') as HistoryGranularity | undefined) ?? defaultGranularity,
    from,
    to,
  };
}

/** `overall` or a category (slug or alias → canonical slug); the list form is not accepted. */
function parseScope(raw: unknown, dataset: DatasetApi, errors: FieldError[]): RankScope | 'unknown' | undefined {
  if (raw === undefined) return { kind: 'overall' };
  const items = raw as string[];
  if (items.length !== 1) {
    errors.push(fieldError('scope', 'must be overall or one category slug', 'invalid_value', items.join(',')));
    return undefined;
  }
  const value = items[0];
  if (value === 'overall') return { kind: 'overall' };
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) {
    errors.push(
      fieldError('scope', 'must be overall or a lowercase category slug such as "strategy"', 'invalid_value', value),
    );
    return undefined;
  }
  const slug = dataset.resolve('category', value);
  return slug === undefined ? 'unknown' : { kind: 'category', slug };
}

function finishScope(scope: RankScope | 'unknown' | undefined, raw: unknown): RankScope {
  if (scope === 'unknown') {
    const value = (raw as string[])[0];
    throw unknownReferenceProblem([fieldError('scope', `no category "${value}"`, 'unknown_reference', value)]);
  }
  // undefined only comes with an error already thrown as a 400.
  return scope ?? { kind: 'overall' };
}

export function parseRankingHistory(params: URLSearchParams, dataset: DatasetApi): RankingHistoryRequest {
  const { values, errors } = parseAll(params, RANKING_HISTORY_PARAMS);
  const scope = parseScope(values.get('scope'), dataset, errors);
  if (errors.length > 0) throw validationProblem(errors);
  return {
    scope: finishScope(scope, values.get('scope')),
    top: (values.get('top') as number | undefined) ?? DEFAULT_RANKING_TOP,
    date: (values.get('date') as string | undefined) ?? null,
  };
}

function januaryFirst(year: number): string {
  return `${String(year).padStart(4, '0')}-01-01`;
}

export function parseRankingTransitions(params: URLSearchParams, dataset: DatasetApi): RankingTransitionsRequest {
  const { values, errors } = parseAll(params, RANKING_TRANSITIONS_PARAMS);
  const scope = parseScope(values.get('scope'), dataset, errors);
  for (const [dateName, yearName] of [
    ['from', 'year_min'],
    ['to', 'year_max'],
  ] as const) {
    if (values.has(dateName) && values.has(yearName)) {
      errors.push(
        fieldError(
          yearName,
          `cannot be combined with ${dateName}; give one of them`,
          'invalid_combination',
          values.get(yearName),
        ),
      );
    }
  }
  const yearMin = values.get('year_min') as number | undefined;
  const yearMax = values.get('year_max') as number | undefined;
  const from = (values.get('from') as string | undefined) ?? (yearMin !== undefined ? januaryFirst(yearMin) : null);
  const to = (values.get('to') as string | undefined) ?? (yearMax !== undefined ? januaryFirst(yearMax) : null);
  const fromName = values.has('from') ? 'from' : 'year_min';
  const toName = values.has('to') ? 'to' : 'year_max';
  checkOrder(from, to, [fromName, toName], errors);
  if (errors.length > 0) throw validationProblem(errors);
  return {
    scope: finishScope(scope, values.get('scope')),
    top: (values.get('top') as number | undefined) ?? DEFAULT_RANKING_TOP,
    from,
    to,
  };
}
