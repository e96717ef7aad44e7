// The canonical form of a record: keys in the zod schema's field order, absent/null
// optional fields and empty optional lists left out, map keys sorted. Export writes this
// form, and import compares it (as a JSON string) with the stored form to tell "unchanged"
// from "updated", so both directions must go through here.

import { z } from 'zod';
import type { CatalogKind } from './records.js';
import { RECORD_SCHEMAS } from './schemas.js';

export type CanonicalRecord = Record<string, unknown>;

export function canonicalRecord(kind: CatalogKind, value: Record<string, unknown>): CanonicalRecord {
  const schema: z.ZodType = RECORD_SCHEMAS[kind];
  return order(schema, { ...value, kind }) as CanonicalRecord;
}

/** The exact line export writes for a record, and the string import compares. */
export function canonicalLine(kind: CatalogKind, value: Record<string, unknown>): string {
  return JSON.stringify(canonicalRecord(kind, value));
}

function order(schema: z.ZodType, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodObject && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      const v = order(field, value[key]);
      if (v === undefined) continue;
      if (Array.isArray(v) && v.length === 0 && field instanceof z.ZodOptional) continue;
      out[key] = v;
    }
    return out;
  }
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const element = inner.element as z.ZodType;
    return value.map((v) => order(element, v));
  }
  if (inner instanceof z.ZodRecord && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = value[key];
    return out;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
