// Shared pieces of the analytics parameters (trend and history endpoints): each parameter
// is one zod schema over its query-string form, the same schemas drive validation and the
// OpenAPI document, and every bad or unknown parameter becomes one named FieldError.

import { z } from 'zod';
import { fieldError, type FieldError } from '../problem.js';
import { docSchema, valueSchema } from './field-values.js';
import type { FieldSpec } from './filter-fields.js';
import { knownParams } from './catalog-params.js';

/** One parameter: how its text is validated and how the OpenAPI document shows it. */
export interface ParamSpec {
  parse: z.ZodType<unknown>;
  doc: z.ZodType;
  description: string;
}

export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** A parameter described by a filter-style FieldSpec (same messages as the filters). */
export function fieldParam(spec: FieldSpec, description: string): ParamSpec {
  return { parse: valueSchema(spec, 'query'), doc: docSchema(spec, 'query'), description };
}

const DATE_MESSAGE = 'must be a calendar date YYYY-MM-DD';

/** A calendar date; 0001-01-01 … 9999-12-31 (what DuckDB's DATE holds without surprises). */
export function dateParam(description: string): ParamSpec {
  const date = z.iso.date({ error: DATE_MESSAGE }).refine((v) => !v.startsWith('0000'), { error: DATE_MESSAGE });
  return { parse: z.string().trim().pipe(date), doc: z.iso.date(), description };
}

/** The OpenAPI query object of a set of parameters (all optional), plus `extra` members. */
export function paramsDocShape(specs: ParamSpecs): Record<string, z.ZodOptional> {
  const shape: Record<string, z.ZodOptional> = {};
  for (const [name, spec] of Object.entries(specs)) shape[name] = spec.doc.describe(spec.description).optional();
  return shape;
}

/**
 * Validates the parameters in `raw` (name → text) that `specs` knows; a bad value is a
 * FieldError naming the parameter. Returns the parsed values of the good ones.
 */
export function parseParams(
  raw: ReadonlyMap<string, string>,
  specs: ParamSpecs,
  errors: FieldError[],
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, text] of raw) {
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) continue;
    const parsed = spec.parse.safeParse(text);
    if (parsed.success) out.set(name, parsed.data);
    else errors.push(fieldError(name, parsed.error.issues[0]?.message ?? 'is invalid', 'invalid_value', text));
  }
  return out;
}

/**
 * Splits a query that takes only `specs` (no filters): one value per parameter; unknown
 * names and repeats are errors naming the parameter (and the closest known name).
 */
export function onlyParams(params: URLSearchParams, specs: ParamSpecs, errors: FieldError[]): Map<string, string> {
  return knownParams(params, Object.keys(specs), errors);
}
