// Values of `include` on the games list, search and detail (contract rule 2, SPEC-NOTES §4.4).
// Every value of the contract and of upstream's include parameter is accepted, except
// `editions`: editions are not part of v1 (D18), and an include that silently answered
// nothing would look like "this game has no editions".

import { fieldError, type FieldError } from '../problem.js';
import { parseInclude } from './list-params.js';

export const GAME_INCLUDES = [
  'expansions',
  'polls',
  'stats',
  'mechanics',
  'categories',
  'themes',
  'families',
  'designers',
  'artists',
  'publishers',
  'credits',
  'awards',
  'alternate_names',
  'effective_properties',
  'experience_playtime',
] as const;
export type GameInclude = (typeof GAME_INCLUDES)[number];

/** Include values upstream knows that v1 deliberately does not serve, with the reason. */
export const UNSUPPORTED_GAME_INCLUDES: ReadonlyMap<string, string> = new Map([
  ['editions', 'editions are not implemented in v1 (SPEC-NOTES D18); there is no edition data to embed'],
]);

/**
 * parseInclude over GAME_INCLUDES, but a known-unsupported value gets an error that says why
 * instead of "not an include value".
 */
export function parseGameInclude(
  raw: unknown,
  source: 'query' | 'json',
  errors: FieldError[],
  name = 'include',
): GameInclude[] {
  const items = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : Array.isArray(raw) ? raw : null;
  if (items === null) return parseInclude(raw, GAME_INCLUDES, errors, name);
  const rest: unknown[] = [];
  for (const item of items) {
    const reason = typeof item === 'string' ? UNSUPPORTED_GAME_INCLUDES.get(item) : undefined;
    if (reason !== undefined) errors.push(fieldError(name, `"${String(item)}": ${reason}`, 'not_implemented', item));
    else rest.push(item);
  }
  return parseInclude(source === 'query' ? rest.join(',') : rest, GAME_INCLUDES, errors, name);
}
