// Turns raw filter values (already keyed by canonical name) into the engine's Filter:
// types and ranges first (400), crossing bounds next (400), then references, which must
// name something that exists (422, SPEC-NOTES D31). Aliases of taxonomy terms resolve to
// their canonical slug (D8) before matching.

import {
  type DatasetApi,
  type Filter,
  type GameMode,
  type GameType,
  MODE_TYPE_SHORTHANDS,
} from '../../engine/index.js';
import { fieldError, unknownReferenceProblem, validationProblem, type FieldError } from '../problem.js';
import { AWARD_FIELDS, FILTER_FIELDS, RANGE_PAIRS, type ScalarFilterKey } from './filter-fields.js';
import { quickQueryValue, valueSchema, type ValueSource } from './field-values.js';

/** A raw value and the name the client used for it (alias or canonical). */
export interface RawValue {
  name: string;
  value: unknown;
}

export interface RawFilter {
  fields: Map<ScalarFilterKey, RawValue>;
  awardSlug?: RawValue;
  awardResult?: RawValue;
}

export function parseFilter(raw: RawFilter, source: ValueSource, dataset: DatasetApi): Filter {
  const errors: FieldError[] = [];
  const values = new Map<ScalarFilterKey, unknown>();
  for (const [key, { name, value }] of raw.fields) {
    const spec = FILTER_FIELDS[key];
    const quick = source === 'query' && typeof value === 'string' ? quickQueryValue(spec, value) : undefined;
    if (quick !== undefined) {
      values.set(key, quick);
      continue;
    }
    const parsed = valueSchema(spec, source).safeParse(value);
    if (parsed.success) values.set(key, parsed.data);
    else errors.push(fieldError(name, parsed.error.issues[0]?.message ?? 'is invalid', 'invalid_value', value));
  }
  let awardSlug: string | undefined;
  let awardResult: string | undefined;
  if (raw.awardSlug) {
    const parsed = valueSchema(AWARD_FIELDS.slug, source).safeParse(raw.awardSlug.value);
    if (parsed.success && Array.isArray(parsed.data) && parsed.data.length === 1) awardSlug = String(parsed.data[0]);
    else errors.push(fieldError(raw.awardSlug.name, 'must be one award slug', 'invalid_value', raw.awardSlug.value));
  }
  if (raw.awardResult) {
    const parsed = valueSchema(AWARD_FIELDS.result, source).safeParse(raw.awardResult.value);
    if (parsed.success) awardResult = String(parsed.data);
    else
      errors.push(
        fieldError(
          raw.awardResult.name,
          parsed.error.issues[0]?.message ?? 'is invalid',
          'invalid_value',
          raw.awardResult.value,
        ),
      );
  }
  for (const [minKey, maxKey] of RANGE_PAIRS) {
    const min = values.get(minKey);
    const max = values.get(maxKey);
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      const minName = raw.fields.get(minKey)?.name ?? minKey;
      const maxName = raw.fields.get(maxKey)?.name ?? maxKey;
      errors.push(fieldError(minName, `must not be greater than ${maxName} (${max})`, 'invalid_range', min));
    }
  }
  if (errors.length > 0) throw validationProblem(errors);

  const filter: Filter = {};
  const referenceErrors: FieldError[] = [];
  for (const [key, value] of values) {
    const spec = FILTER_FIELDS[key];
    if (spec.type === 'ref-list') {
      const resolved = resolveAll(
        value as string[],
        spec.ref,
        raw.fields.get(key)?.name ?? key,
        dataset,
        referenceErrors,
      );
      if (resolved.length > 0) assign(filter, key, resolved);
    } else if (Array.isArray(value)) {
      if (value.length > 0) assign(filter, key, [...new Set(value)]);
    } else {
      assign(filter, key, value);
    }
  }
  if (awardSlug !== undefined || awardResult !== undefined) {
    filter.award = {};
    if (awardSlug !== undefined) {
      const canonical = dataset.resolve('award', awardSlug);
      if (canonical === undefined)
        referenceErrors.push(
          fieldError(raw.awardSlug?.name ?? 'award.slug', `no award "${awardSlug}"`, 'unknown_reference', awardSlug),
        );
      else filter.award.slug = canonical;
    }
    if (awardResult !== undefined) filter.award.result = awardResult as NonNullable<Filter['award']>['result'];
  }
  if (referenceErrors.length > 0) throw unknownReferenceProblem(referenceErrors);
  applyModeShorthands(filter, raw);
  return filter;
}

function resolveAll(
  items: string[],
  kind: Parameters<DatasetApi['resolve']>[0],
  name: string,
  dataset: DatasetApi,
  errors: FieldError[],
): string[] {
  const out: string[] = [];
  for (const item of items) {
    const canonical = dataset.resolve(kind, item);
    if (canonical === undefined) errors.push(fieldError(name, `no ${kind} "${item}"`, 'unknown_reference', item));
    else if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

/** `mode=playable` etc. restrict the type list instead of the mode field (SPEC-NOTES D3). */
function applyModeShorthands(filter: Filter, raw: RawFilter): void {
  if (!filter.mode) return;
  const shorthands = filter.mode.filter((m) => Object.hasOwn(MODE_TYPE_SHORTHANDS, m));
  if (shorthands.length === 0) return;
  const modes = filter.mode.filter((m) => !Object.hasOwn(MODE_TYPE_SHORTHANDS, m)) as GameMode[];
  if (modes.length > 0) filter.mode = modes;
  else delete filter.mode;
  const allowed = new Set<GameType>(shorthands.flatMap((s) => MODE_TYPE_SHORTHANDS[s]));
  const types = filter.type ? filter.type.filter((t) => allowed.has(t)) : [...allowed];
  if (types.length === 0) {
    const name = raw.fields.get('mode')?.name ?? 'mode';
    throw validationProblem([
      fieldError(name, `${shorthands.join(', ')} excludes every requested type`, 'invalid_combination', shorthands),
    ]);
  }
  filter.type = types;
}

function assign(filter: Filter, key: ScalarFilterKey, value: unknown): void {
  (filter as Record<string, unknown>)[key] = value;
}

/** The filter with keys in a fixed order: what cursors carry and `filters_applied` echoes. */
export function normalizeFilter(filter: Filter): Filter {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(filter).sort()) out[key] = (filter as Record<string, unknown>)[key];
  return out as Filter;
}
