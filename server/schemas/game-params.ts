// Query parameters of the game sub-resources. Unknown names are rejected with the closest
// known one (D37), repeated names mean a comma list (as on the games list), and enum lists
// name every bad value.

import { fieldError, type FieldError } from '../problem.js';
import { unknownParameter } from './unknown-parameter.js';

/** Known parameters of the request (values joined by commas); every other name is an error. */
export function knownParams(
  params: URLSearchParams,
  allowed: readonly string[],
  errors: FieldError[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of new Set(params.keys())) {
    if (allowed.includes(name)) {
      out.set(name, params.getAll(name).join(','));
      continue;
    }
    errors.push(unknownParameter(name, allowed, { values: params.getAll(name) }));
  }
  return out;
}

/** Non-empty comma-list items, trimmed. */
export function listItems(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A comma list of enum values, distinct, in the given order; undefined when absent. */
export function enumList<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  name: string,
  errors: FieldError[],
): T[] | undefined {
  if (raw === undefined) return undefined;
  const items = listItems(raw);
  if (items.length === 0) {
    errors.push(fieldError(name, `must name at least one of: ${allowed.join(', ')}`, 'invalid_value', raw));
    return undefined;
  }
  const out: T[] = [];
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item)) {
      errors.push(fieldError(name, `"${item}" is not one of: ${allowed.join(', ')}`, 'invalid_value', item));
    } else if (!out.includes(item as T)) {
      out.push(item as T);
    }
  }
  return out;
}

/** One enum value; undefined when absent or invalid (invalid is reported). */
export function enumValue<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  name: string,
  errors: FieldError[],
): T | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if ((allowed as readonly string[]).includes(value)) return value as T;
  errors.push(fieldError(name, `must be one of: ${allowed.join(', ')}`, 'invalid_value', raw));
  return undefined;
}
