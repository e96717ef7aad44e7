// GET /v1/search: full text over names and alternate names (SPEC-NOTES D30, D56).
// `q` is required (at least 2 characters); `type` narrows by game type. Paging is by rank
// position in the engine's order (score desc, bayes_rating desc, id): a cursor stores the
// position and the id found there, and is bound to its q and type.

import { z } from 'zod';
import type { GameType, Position } from '../../engine/index.js';
import type { CursorCodec } from '../cursor.js';
import { continueFrom } from '../paging.js';
import { fieldError, validationProblem, type FieldError } from '../problem.js';
import { valueSchema } from './field-values.js';
import { FILTER_FIELDS } from './filter-fields.js';
import { parseFields, type GameFieldSelection } from './game-fields-param.js';
import { GAME_INCLUDES, type GameInclude } from './includes.js';
import { parseInclude, parseLimit } from './list-params.js';
import { unknownParameter } from './unknown-parameter.js';

export const TEXT_SEARCH_ENDPOINT = 'search';
export const MIN_QUERY_CHARS = 2;
export const MAX_QUERY_CHARS = 200;
const PARAMS = ['q', 'type', 'limit', 'include', 'fields', 'cursor', 'before'] as const;

/** What a text-search cursor is bound to. */
export interface TextQuery {
  q: string;
  /** Game types, or absent for every type. */
  type?: GameType[];
}

export interface TextSearchRequest extends TextQuery {
  limit: number;
  include: GameInclude[];
  /** `fields`: the Game members to send (undefined: all). */
  fields?: GameFieldSelection;
  after?: Position;
  before?: Position;
}

const codePoints = (text: string): number => [...text].length;

const qSchema = z
  .string()
  .trim()
  .refine((q) => codePoints(q) >= MIN_QUERY_CHARS, { error: `must have at least ${MIN_QUERY_CHARS} characters` })
  .refine((q) => codePoints(q) <= MAX_QUERY_CHARS, { error: `must have at most ${MAX_QUERY_CHARS} characters` });

export function parseTextSearch(params: URLSearchParams, cursors: CursorCodec): TextSearchRequest {
  const errors: FieldError[] = [];
  for (const name of new Set(params.keys())) {
    if ((PARAMS as readonly string[]).includes(name)) continue;
    errors.push(unknownParameter(name, PARAMS, { values: params.getAll(name) }));
  }
  let q = '';
  const rawQ = params.get('q');
  if (rawQ === null) {
    errors.push(fieldError('q', 'is required: the text to search for in game names and alternate names', 'required'));
  } else {
    const parsed = qSchema.safeParse(rawQ);
    if (parsed.success) q = parsed.data;
    else errors.push(fieldError('q', parsed.error.issues[0]?.message ?? 'is invalid', 'invalid_value', rawQ));
  }
  let type: GameType[] | undefined;
  const rawType = params.getAll('type').join(',');
  if (rawType !== '') {
    const parsed = valueSchema(FILTER_FIELDS.type, 'query').safeParse(rawType);
    if (parsed.success) {
      const list = [...new Set(parsed.data as GameType[])];
      if (list.length > 0) type = list;
    } else {
      errors.push(fieldError('type', parsed.error.issues[0]?.message ?? 'is invalid', 'invalid_value', rawType));
    }
  }
  const limit = parseLimit(params.get('limit') ?? undefined, 'query', errors);
  const include = parseInclude(params.getAll('include').join(',') || undefined, GAME_INCLUDES, errors);
  const fields = parseFields(params.has('fields') ? params.getAll('fields').join(',') : undefined, 'query', errors);
  if (errors.length > 0) throw validationProblem(errors);

  const given = textCursorQuery({ q, type });
  const continued = continueFrom(
    { cursor: params.get('cursor') ?? undefined, before: params.get('before') ?? undefined },
    cursors,
    TEXT_SEARCH_ENDPOINT,
    given,
    true,
  );
  return { q, ...(type ? { type } : {}), limit, include, fields, after: continued.after, before: continued.before };
}

/** The cursor payload's query: q and, when given, the sorted type list. */
export function textCursorQuery(query: TextQuery): Record<string, unknown> {
  return query.type ? { q: query.q, type: [...query.type].sort() } : { q: query.q };
}
