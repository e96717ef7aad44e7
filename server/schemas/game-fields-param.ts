// `fields=`: which Game members a list or search answer carries (issue 17: smaller pages for
// latency-sensitive clients). Names come from the Game field registry (engine/fields.ts)
// plus `_links`; `id` is always kept so items stay identifiable, and the per-result members
// (matched_via, score) and `include` embeds are added as usual. Unknown names are a 400
// naming `fields`.

import { z } from 'zod';
import { GAME_JSON_FIELDS } from '../../engine/index.js';
import { fieldError, type FieldError } from '../problem.js';

/** The members `fields` may name, in Game JSON order. */
export const SELECTABLE_GAME_MEMBERS: readonly string[] = [...GAME_JSON_FIELDS.map((field) => field.name), '_links'];
const SELECTABLE = new Set(SELECTABLE_GAME_MEMBERS);

/** The selected members (id included), or undefined for the whole Game. */
export type GameFieldSelection = ReadonlySet<string> | undefined;

/** The OpenAPI description of the parameter (a comma list in the query). */
export const fieldsParam = z
  .array(z.enum(SELECTABLE_GAME_MEMBERS as [string, ...string[]]))
  .optional()
  .describe(
    'Game members to return (comma list), e.g. `fields=name,year_published,rating`; id is always included, ' +
      'and matched_via, score and include embeds are added as usual. Unknown names are a 400. Default: every member.',
  );

/** Comma list (query) or array of strings (JSON). */
export function parseFields(
  raw: unknown,
  source: 'query' | 'json',
  errors: FieldError[],
  name = 'fields',
): GameFieldSelection {
  if (raw === undefined) return undefined;
  const items =
    source === 'query' && typeof raw === 'string'
      ? raw.split(',').map((s) => s.trim())
      : Array.isArray(raw)
        ? raw
        : null;
  if (items === null) {
    errors.push(fieldError(name, 'must be a list of Game field names', 'invalid_type', raw));
    return undefined;
  }
  const selected = new Set<string>(['id']);
  for (const item of items) {
    if (typeof item === 'string' && SELECTABLE.has(item)) selected.add(item);
    else if (item === '' && source === 'query') continue;
    else
      errors.push(
        fieldError(
          name,
          `"${String(item)}" is not a Game field; use any of: ${SELECTABLE_GAME_MEMBERS.join(', ')}`,
          'invalid_value',
          item,
        ),
      );
  }
  if (selected.size === 1 && items.every((item) => item === '')) {
    errors.push(
      fieldError(name, 'names no field; list at least one, or leave it out for every member', 'invalid_value', raw),
    );
  }
  return selected;
}

/** The query-string form of a selection, for the links of the next and previous pages. */
export function fieldsQueryValue(fields: GameFieldSelection): string | undefined {
  return fields === undefined ? undefined : [...fields].join(',');
}
