// zod schemas for one filter value, from a query string (text) or a JSON body (typed).
// Messages are written for the client: they say what the value must be.

import { z } from 'zod';
import { SLUG_PATTERN, UUID_PATTERN } from '../../engine/index.js';
import { MAX_LIST_ITEMS, type FieldSpec } from './filter-fields.js';

export type ValueSource = 'query' | 'json';

const INTEGER_TEXT = /^[+-]?\d{1,12}$/;
const NUMBER_TEXT = /^[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12})$/;

function rangeMessage(min: number, max: number, integer: boolean): string {
  return `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
}

function numberSchema(spec: { min: number; max: number }, integer: boolean, source: ValueSource): z.ZodType<number> {
  const message = rangeMessage(spec.min, spec.max, integer);
  const bounded = (integer ? z.number({ error: message }).int({ error: message }) : z.number({ error: message }))
    .min(spec.min, { error: message })
    .max(spec.max, { error: message });
  if (source === 'json') return bounded;
  return z
    .string()
    .trim()
    .regex(integer ? INTEGER_TEXT : NUMBER_TEXT, { error: message })
    .transform(Number)
    .pipe(bounded);
}

function enumSchema(values: readonly string[]): z.ZodType<string, string> {
  const message = `must be one of: ${values.join(', ')}`;
  return z.string({ error: message }).refine((v) => values.includes(v), { error: message });
}

const referenceItem = z
  .string({ error: 'must be a slug or id' })
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'is too long' })
  .refine((v) => SLUG_PATTERN.test(v) || UUID_PATTERN.test(v), {
    error: 'must be a lowercase slug such as "hand-management" (or an id)',
  });

const textItem = z
  .string({ error: 'must be text' })
  .min(1, { error: 'must not be empty' })
  .max(200, { error: 'is too long' });

/** A text item from JSON: a string, or an integer as its decimal text (`legacy_id: 13`, as Game shows it). */
const jsonTextItem = z
  .union([z.number().int().min(0).transform(String), z.string()], { error: 'must be text' })
  .pipe(textItem);

/** A list from "a,b" (query) or ["a","b"] / "a" (JSON); empty items are dropped. */
function listSchema(item: z.ZodType<string, unknown>, source: ValueSource): z.ZodType<string[]> {
  const list = z.array(item).max(MAX_LIST_ITEMS, { error: `must not name more than ${MAX_LIST_ITEMS} values` });
  if (source === 'query') {
    return z
      .string()
      .transform((s): unknown[] =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter((x) => x.length > 0),
      )
      .pipe(list);
  }
  // One value or a list; the value itself is then held to the item's rules, so a bad single
  // value gets the item's message ("must be one of: …"), not the shape's.
  return z
    .unknown()
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(list);
}

function boolSchema(source: ValueSource): z.ZodType<boolean> {
  const message = 'must be true or false';
  if (source === 'json') return z.boolean({ error: message });
  return z.enum(['true', 'false'], { error: message }).transform((v) => v === 'true');
}

/**
 * Building a zod schema costs far more than using one (it was 14 % of a list request), and
 * the specs are a fixed table: each (spec, source) pair is built once.
 */
const builtSchemas = new WeakMap<FieldSpec, Map<ValueSource, z.ZodType<unknown>>>();

export function valueSchema(spec: FieldSpec, source: ValueSource): z.ZodType<unknown> {
  let bySource = builtSchemas.get(spec);
  if (!bySource) {
    bySource = new Map();
    builtSchemas.set(spec, bySource);
  }
  let schema = bySource.get(source);
  if (!schema) {
    schema = buildValueSchema(spec, source);
    bySource.set(source, schema);
  }
  return schema;
}

/**
 * A query-string value parsed without zod: the value valueSchema(spec, 'query') would give
 * for the values it takes, undefined for anything else, which then goes through the schema
 * (and gets its message). The schemas' pipes cost ~3 µs a value, a third of parsing a
 * typical list request (measured); a test holds this to the schemas' results.
 */
export function quickQueryValue(spec: FieldSpec, text: string): unknown {
  switch (spec.type) {
    case 'int':
    case 'number': {
      const trimmed = text.trim();
      if (!(spec.type === 'int' ? INTEGER_TEXT : NUMBER_TEXT).test(trimmed)) return undefined;
      const value = Number(trimmed);
      return value >= spec.min && value <= spec.max ? value : undefined;
    }
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'enum':
      return spec.values.includes(text) ? text : undefined;
    case 'enum-list':
    case 'ref-list':
    case 'text-list': {
      const items = text
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x.length > 0);
      if (items.length > MAX_LIST_ITEMS) return undefined;
      for (const item of items) if (!quickListItem(spec, item)) return undefined;
      return items;
    }
    case 'text':
      return undefined;
  }
}

/** An item the list's item schema takes as it is (non-empty: the split dropped empty ones). */
function quickListItem(
  spec: { type: 'enum-list'; values: readonly string[] } | { type: 'ref-list' } | { type: 'text-list' },
  item: string,
): boolean {
  if (spec.type === 'enum-list') return spec.values.includes(item);
  if (item.length > 200) return false;
  return spec.type === 'text-list' || SLUG_PATTERN.test(item) || UUID_PATTERN.test(item);
}

/** Free text (`q`): trimmed, between min and max code points. */
function textSchema(spec: { min: number; max: number }): z.ZodType<unknown> {
  const length = (text: string): number => [...text].length;
  return z
    .string()
    .trim()
    .refine((q) => length(q) >= spec.min, { error: `must have at least ${spec.min} characters` })
    .refine((q) => length(q) <= spec.max, { error: `must have at most ${spec.max} characters` });
}

function buildValueSchema(spec: FieldSpec, source: ValueSource): z.ZodType<unknown> {
  switch (spec.type) {
    case 'int':
      return numberSchema(spec, true, source);
    case 'number':
      return numberSchema(spec, false, source);
    case 'bool':
      return boolSchema(source);
    case 'enum':
      return enumSchema(spec.values);
    case 'enum-list':
      return listSchema(enumSchema(spec.values), source);
    case 'ref-list':
      return listSchema(referenceItem, source);
    case 'text-list':
      return listSchema(source === 'json' ? jsonTextItem : textItem, source);
    case 'text':
      return textSchema(spec);
  }
}

/**
 * The documented shape of one filter value, free of transforms so it converts to JSON
 * Schema: query parameters are documented as arrays (comma lists on the wire), JSON bodies
 * take a single value or a list.
 */
export function docSchema(spec: FieldSpec, source: ValueSource): z.ZodType {
  const list = (item: z.ZodType) =>
    source === 'query' ? z.array(item).max(MAX_LIST_ITEMS) : z.union([item, z.array(item).max(MAX_LIST_ITEMS)]);
  switch (spec.type) {
    case 'int':
      return z.number().int().min(spec.min).max(spec.max);
    case 'number':
      return z.number().min(spec.min).max(spec.max);
    case 'bool':
      return z.boolean();
    case 'enum':
      return z.enum(spec.values as [string, ...string[]]);
    case 'enum-list':
      return list(z.enum(spec.values as [string, ...string[]]));
    case 'ref-list':
    case 'text-list':
      return list(z.string());
    case 'text':
      return z.string().min(spec.min).max(spec.max);
  }
}
