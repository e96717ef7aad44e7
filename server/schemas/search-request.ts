// POST /v1/games/search: a SearchRequest body (contract "SearchRequest", SPEC-NOTES §5.2
// flat form) → an engine query, or one problem naming every bad field. Filters go through
// the same table as GET /v1/games (filter-fields.ts), so both endpoints accept exactly the
// same filters, aliases (D7) and values. GET /v1/games/search continues a search from a
// cursor (D43): it takes only cursor/before/limit/include.

import { z } from 'zod';
import {
  type DatasetApi,
  FACET_DIMENSIONS,
  type FacetDimension,
  type Filter,
  type SortKey,
} from '../../engine/index.js';
import type { CursorCodec } from '../cursor.js';
import { continueFrom } from '../paging.js';
import { continuedListQuery, type ListQueryState } from './cursor-query.js';
import { ApiProblem, fieldError, validationProblem, type FieldError } from '../problem.js';
import { FILTER_ALIASES, FILTER_FIELDS, type ScalarFilterKey } from './filter-fields.js';
import { normalizeFilter, parseFilter, type RawFilter } from './filter-parse.js';
import { cursorQuery, listRequest, type GamesListRequest } from './games-list.js';
import { parseFields } from './game-fields-param.js';
import { parseGameInclude } from './includes.js';
import { parseLimit, parseSort, relevanceSort } from './list-params.js';
import { closest, unknownParameter } from './unknown-parameter.js';

/** Cursor key of the search listing: its cursors are refused by GET /v1/games and vice versa. */
export const GAMES_SEARCH_ENDPOINT = 'games-search';
/** D39: search results are best first unless the body says otherwise. */
export const SEARCH_DEFAULT_SORT: SortKey = 'bayes_rating';

export interface SearchRequest extends GamesListRequest {
  /** Facet dimensions asked for (`meta.facets`); absent when the body did not ask. */
  facets?: FacetDimension[];
}

/** Body members besides the filters. */
export const SEARCH_OWN_FIELDS = ['sort', 'order', 'limit', 'include', 'fields', 'cursor', 'before', 'facets'] as const;
/** Dimension 9 of the contract, marked aspirational there: refused rather than ignored. */
export const ASPIRATIONAL_FIELDS = ['corpus', 'corpus_rating_min'] as const;
const AWARD_MEMBERS = { slug: 'awardSlug', result: 'awardResult' } as const;
const CONTINUATION_PARAMS = ['cursor', 'before', 'limit', 'include', 'fields'] as const;

const KNOWN_FIELDS: readonly string[] = [
  ...Object.keys(FILTER_FIELDS),
  ...Object.keys(FILTER_ALIASES),
  'award',
  'award.slug',
  'award.result',
  ...SEARCH_OWN_FIELDS,
];

const cursorSchema = z.string({ error: 'must be a cursor string' }).min(1, { error: 'must not be empty' });
const facetsSchema = z
  .array(z.enum(FACET_DIMENSIONS, { error: `must name facet dimensions: ${FACET_DIMENSIONS.join(', ')}` }), {
    error: `must be a list of facet dimensions: ${FACET_DIMENSIONS.join(', ')}`,
  })
  .max(FACET_DIMENSIONS.length * 2, { error: 'names too many dimensions' });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One own member through its zod schema; a failure becomes a field error. */
function ownValue<T>(schema: z.ZodType<T>, name: string, value: unknown, errors: FieldError[]): T | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  errors.push(fieldError(name, parsed.error.issues[0]?.message ?? 'is invalid', 'invalid_value', value));
  return undefined;
}

function unknownField(name: string, known: readonly string[]): FieldError {
  const suggestion = closest(name, known);
  return fieldError(
    name,
    suggestion ? `is not a SearchRequest field; did you mean "${suggestion}"?` : 'is not a SearchRequest field',
    'unknown_field',
  );
}

function setAward(
  raw: RawFilter,
  member: keyof typeof AWARD_MEMBERS,
  name: string,
  value: unknown,
  errors: FieldError[],
): void {
  const slot = AWARD_MEMBERS[member];
  const previous = raw[slot];
  if (previous)
    errors.push(fieldError(name, `names the same filter as ${previous.name}; give only one`, 'duplicate_field'));
  else raw[slot] = { name, value };
}

/** `award: {slug, result}`; unknown members are named with their dotted path. */
function readAwardObject(value: unknown, raw: RawFilter, errors: FieldError[]): void {
  if (!isPlainObject(value)) {
    errors.push(fieldError('award', 'must be an object {slug, result}', 'invalid_type', value));
    return;
  }
  for (const [member, inner] of Object.entries(value)) {
    if (inner === null) continue;
    if (member === 'slug' || member === 'result') setAward(raw, member, `award.${member}`, inner, errors);
    else errors.push(unknownField(`award.${member}`, ['award.slug', 'award.result']));
  }
}

interface SortedBody {
  raw: RawFilter;
  own: Map<string, unknown>;
  /** Filters, sort or order were given: a cursor must then agree with them. */
  statesQuery: boolean;
}

function sortBody(body: Record<string, unknown>, errors: FieldError[]): SortedBody {
  const raw: RawFilter = { fields: new Map() };
  const own = new Map<string, unknown>();
  for (const [name, value] of Object.entries(body)) {
    // null is an inactive member (SPEC-NOTES §5.1), the same as leaving it out.
    if (value === null) continue;
    if ((ASPIRATIONAL_FIELDS as readonly string[]).includes(name)) {
      errors.push(
        fieldError(
          name,
          'is part of the corpus/archetype dimension, which the contract marks aspirational; this server does not support it',
          'not_supported',
          value,
        ),
      );
    } else if (name === 'award') {
      readAwardObject(value, raw, errors);
    } else if (name === 'award.slug' || name === 'award.result') {
      setAward(raw, name === 'award.slug' ? 'slug' : 'result', name, value, errors);
    } else if (Object.hasOwn(FILTER_FIELDS, name) || Object.hasOwn(FILTER_ALIASES, name)) {
      // hasOwn, not `in`: a member named "constructor" or "toString" is unknown, not a filter.
      const key = (Object.hasOwn(FILTER_FIELDS, name) ? name : FILTER_ALIASES[name]) as ScalarFilterKey;
      const previous = raw.fields.get(key);
      if (previous)
        errors.push(fieldError(name, `names the same filter as ${previous.name}; give only one`, 'duplicate_field'));
      else raw.fields.set(key, { name, value });
    } else if ((SEARCH_OWN_FIELDS as readonly string[]).includes(name)) {
      own.set(name, value);
    } else {
      errors.push(unknownField(name, KNOWN_FIELDS));
    }
  }
  const statesQuery =
    raw.fields.size > 0 ||
    raw.awardSlug !== undefined ||
    raw.awardResult !== undefined ||
    own.has('sort') ||
    own.has('order');
  return { raw, own, statesQuery };
}

/**
 * The filter of a body. Structural errors found earlier and the filter's own 400s are
 * reported together; unknown references (422) only once everything else is valid (D31).
 */
function filterOf(raw: RawFilter, dataset: DatasetApi, errors: FieldError[]): Filter {
  try {
    return normalizeFilter(parseFilter(raw, 'json', dataset));
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    if (error.kind === 'validation-error') errors.push(...error.errors);
    else if (errors.length === 0) throw error;
    throw validationProblem(errors);
  }
}

export function parseSearchBody(body: unknown, dataset: DatasetApi, cursors: CursorCodec): SearchRequest {
  if (!isPlainObject(body)) {
    throw validationProblem([fieldError('body', 'must be a JSON object (a SearchRequest)', 'invalid_type')]);
  }
  const errors: FieldError[] = [];
  const { raw, own, statesQuery } = sortBody(body, errors);
  const parsedSort = parseSort(own.get('sort'), own.get('order'), SEARCH_DEFAULT_SORT, errors);
  const limit = parseLimit(own.get('limit'), 'json', errors);
  const include = parseGameInclude(own.get('include'), 'json', errors);
  const fields = parseFields(own.get('fields'), 'json', errors);
  const cursor = ownValue(cursorSchema, 'cursor', own.get('cursor'), errors);
  const before = ownValue(cursorSchema, 'before', own.get('before'), errors);
  const facets = ownValue(facetsSchema, 'facets', own.get('facets'), errors);
  const filter = filterOf(raw, dataset, errors);
  const given: ListQueryState = {
    filter,
    ...relevanceSort(parsedSort, own.get('sort') !== undefined && own.get('sort') !== null, filter, errors),
  };
  if (errors.length > 0) throw validationProblem(errors);

  const continued = continueFrom({ cursor, before }, cursors, GAMES_SEARCH_ENDPOINT, cursorQuery(given), statesQuery);
  const state = continuedListQuery(continued, dataset);
  const request: SearchRequest = listRequest(state, limit, include, fields, continued);
  if (facets !== undefined) request.facets = [...new Set(facets)];
  return request;
}

/** GET /v1/games/search?cursor=… (or before=…): the next or previous page of a POSTed search. */
export function parseSearchContinuation(
  params: URLSearchParams,
  dataset: DatasetApi,
  cursors: CursorCodec,
): SearchRequest {
  const errors: FieldError[] = [];
  for (const name of new Set(params.keys())) {
    if ((CONTINUATION_PARAMS as readonly string[]).includes(name)) continue;
    errors.push(
      unknownParameter(name, CONTINUATION_PARAMS, {
        values: params.getAll(name),
        note: 'filters go in the body of POST /v1/games/search',
      }),
    );
  }
  const limit = parseLimit(params.get('limit') ?? undefined, 'query', errors);
  const include = parseGameInclude(params.getAll('include').join(',') || undefined, 'query', errors);
  const fields = parseFields(params.has('fields') ? params.getAll('fields').join(',') : undefined, 'query', errors);
  const cursor = params.get('cursor') ?? undefined;
  const before = params.get('before') ?? undefined;
  if (cursor === undefined && before === undefined) {
    errors.push(
      fieldError(
        'cursor',
        'is required: this URL continues a search started with POST /v1/games/search (or pass before)',
        'required',
      ),
    );
  }
  if (errors.length > 0) throw validationProblem(errors);
  const continued = continueFrom({ cursor, before }, cursors, GAMES_SEARCH_ENDPOINT, {}, false);
  const state = continuedListQuery(continued, dataset);
  return listRequest(state, limit, include, fields, continued);
}
