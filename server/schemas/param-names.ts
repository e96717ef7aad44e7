// Sorting out query parameter names: canonical filter names, their aliases, the list's own
// parameters, and everything else — which is rejected with the closest known name (D37).

import { fieldError, type FieldError } from '../problem.js';
import { FILTER_ALIASES, FILTER_FIELDS, type ScalarFilterKey } from './filter-fields.js';
import type { RawFilter } from './filter-parse.js';
import { unknownParameter } from './unknown-parameter.js';

export interface SortedParams {
  filter: RawFilter;
  /** Non-filter parameters the endpoint accepts (sort, limit, cursor...). */
  own: Map<string, string>;
  /** Filter and sort parameters were given (a cursor then must agree with them). */
  hasQueryParams: boolean;
}

const AWARD_PARAMS = { 'award.slug': 'awardSlug', 'award.result': 'awardResult' } as const;

export function sortParams(params: URLSearchParams, ownNames: readonly string[], errors: FieldError[]): SortedParams {
  const filter: RawFilter = { fields: new Map() };
  const own = new Map<string, string>();
  for (const [name, value] of joinedParams(params)) {
    // Object.hasOwn, not `in`: `constructor` or `__proto__` must not pass as known names.
    if (Object.hasOwn(AWARD_PARAMS, name)) {
      filter[AWARD_PARAMS[name as keyof typeof AWARD_PARAMS]] = { name, value };
      continue;
    }
    const key = (
      Object.hasOwn(FILTER_FIELDS, name) ? name : Object.hasOwn(FILTER_ALIASES, name) ? FILTER_ALIASES[name] : undefined
    ) as ScalarFilterKey | undefined;
    if (key) {
      const previous = filter.fields.get(key);
      if (previous) {
        errors.push(
          fieldError(name, `names the same filter as ${previous.name}; give only one`, 'duplicate_parameter'),
        );
      } else {
        filter.fields.set(key, { name, value });
      }
      continue;
    }
    if (ownNames.includes(name)) {
      own.set(name, value);
      continue;
    }
    errors.push(unknownParameter(name, knownNames(ownNames), { values: params.getAll(name) }));
  }
  const hasQueryParams =
    filter.fields.size > 0 ||
    filter.awardSlug !== undefined ||
    filter.awardResult !== undefined ||
    own.has('sort') ||
    own.has('order');
  return { filter, own, hasQueryParams };
}

/**
 * Each parameter name once, in the order of its first appearance, with its values joined by
 * commas: repeating a parameter is the same as a comma list (`type=a&type=b` = `type=a,b`).
 * One pass over the pairs; a set of names and a getAll per name (each a scan of every pair)
 * was a third of a list request's parse.
 */
function joinedParams(params: URLSearchParams): Map<string, string> {
  const joined = new Map<string, string>();
  for (const [name, value] of params) {
    const previous = joined.get(name);
    joined.set(name, previous === undefined ? value : `${previous},${value}`);
  }
  return joined;
}

/** Every name a list endpoint knows: built only to suggest one for an unknown parameter. */
function knownNames(ownNames: readonly string[]): string[] {
  return [...FILTER_NAMES, ...ownNames];
}

const FILTER_NAMES: readonly string[] = [
  ...Object.keys(FILTER_FIELDS),
  ...Object.keys(FILTER_ALIASES),
  ...Object.keys(AWARD_PARAMS),
];
