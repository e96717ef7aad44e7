// The one message for a query parameter an endpoint does not take (D37): every endpoint
// words it the same way, naming the closest known name when there is one, else what the
// endpoint takes. A parameter without a name (`?=1`) is said to be one.

import { API_PREFIX } from '../links.js';
import { fieldError, type FieldError } from '../problem.js';

/** Where every endpoint's parameters are listed (the path GET /v1/openapi.json serves). */
export const PARAMETERS_REFERENCE = `${API_PREFIX}/openapi.json`;

/** Longest list of known names a message spells out; a longer one is pointed at instead. */
export const MAX_LISTED_NAMES = 12;

/** Most empty-named parameters a message quotes, and the characters of each it shows. */
const MAX_QUOTED = 3;
const MAX_QUOTED_CHARS = 40;

export interface UnknownParameterOptions {
  /** The values sent under the name (`params.getAll(name)`); quoted when the name is empty. */
  values?: readonly string[];
  /** Said after the list of known names (e.g. where the other parameters go instead). */
  note?: string;
}

/**
 * The error for the query parameter `name`, which is not one of `known` (the endpoint's
 * names): `is not a known parameter; did you mean "x"?` when a known name is close, else
 * `…; this endpoint takes a, b, c` (`takes no parameters` when none; a long list is not
 * spelled out but pointed at in the OpenAPI document). A name that is empty or only
 * whitespace gets a message saying so, quoting what was sent.
 */
export function unknownParameter(
  name: string,
  known: readonly string[],
  options: UnknownParameterOptions = {},
): FieldError {
  const values = options.values ?? [];
  if (name.trim() === '') return blankName(name, values);
  const suggestion = closest(name, known);
  if (suggestion)
    return fieldError(name, `is not a known parameter; did you mean "${suggestion}"?`, 'unknown_parameter');
  const takes =
    known.length === 0
      ? 'this endpoint takes no parameters'
      : known.length > MAX_LISTED_NAMES
        ? `see this endpoint's parameters in ${PARAMETERS_REFERENCE}`
        : `this endpoint takes ${known.join(', ')}`;
  const note = options.note ? ` (${options.note})` : '';
  return fieldError(name, `is not a known parameter; ${takes}${note}`, 'unknown_parameter');
}

/** `?=1`, `?&=x` (URLSearchParams: name "", value "1") or `?+=1` (name " "). */
function blankName(name: string, values: readonly string[]): FieldError {
  const what = name === '' ? 'an empty name' : 'a name of only whitespace';
  const quoted = values.slice(0, MAX_QUOTED).map((value) => JSON.stringify(cut(`${name}=${value}`)));
  if (values.length > MAX_QUOTED) quoted.push(`${values.length - MAX_QUOTED} more`);
  const sent = quoted.length > 0 ? ` (${quoted.join(', ')})` : '';
  const message =
    values.length > 1
      ? `${values.length} parameters have ${what}${sent}; remove them or name them`
      : `a parameter has ${what}${sent}; remove it or name it`;
  return fieldError(
    name,
    message,
    'unknown_parameter',
    values.length === 0 ? undefined : values.length === 1 ? values[0] : values,
  );
}

function cut(text: string): string {
  return text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
}

/**
 * The known name within edit distance 3 (or sharing a stem) of an unknown one; never one
 * that shares nothing with it (`x` is not a typo of `q`).
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate);
    if (d < bestDistance && d < Math.max(name.length, candidate.length)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.min(3, Math.max(1, Math.floor(name.length / 2))) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
