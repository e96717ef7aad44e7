// The zod-free parse of common query values (quickQueryValue, parseLimit's fast path) must
// take exactly the values the zod schemas take and give the same results: the schemas are
// the definition, the fast path only skips their cost.

import { describe, expect, it } from 'vitest';
import { quickQueryValue, valueSchema } from '../../server/schemas/field-values.js';
import { AWARD_FIELDS, FILTER_FIELDS, type FieldSpec } from '../../server/schemas/filter-fields.js';
import type { FieldError } from '../../server/problem.js';
import { DEFAULT_LIMIT, MAX_LIMIT, parseLimit } from '../../server/schemas/list-params.js';
import { seeded } from '../helpers/seeded.js';

const TOKENS = [
  '0',
  '1',
  '4',
  '-3',
  '+2',
  '2.5',
  '.5',
  '5.',
  '1e3',
  '99',
  '100000',
  '1000000000000',
  ' ',
  ',',
  ',,',
  '.',
  '-',
  'true',
  'false',
  'TRUE',
  'cooperative',
  'hand-management',
  'base_game',
  'expansion',
  'solo',
  'playable',
  'winner',
  'Space',
  'space-',
  'a--b',
  'ü',
  '01910183-9f25-79ee-b7d0-f8a7db21f003',
  'x'.repeat(201),
  'NaN',
  'Infinity',
  '0x10',
];

/** Strings made of a few tokens, and lists long enough to pass the 50-item cap. */
function inputs(): string[] {
  const next = seeded(20261125);
  const out = new Set<string>(TOKENS);
  for (let i = 0; i < 4000; i++) {
    const parts = 1 + Math.floor(next() * 4);
    let text = '';
    for (let p = 0; p < parts; p++) text += TOKENS[Math.floor(next() * TOKENS.length)];
    out.add(text);
  }
  out.add(Array.from({ length: 50 }, (_, i) => `a${i}`).join(','));
  out.add(Array.from({ length: 51 }, (_, i) => `a${i}`).join(','));
  out.add(Array.from({ length: 51 }, () => 'solo').join(','));
  return [...out];
}

describe('quickQueryValue', () => {
  const specs: [string, FieldSpec][] = [...Object.entries(FILTER_FIELDS), ...Object.entries(AWARD_FIELDS)];
  const texts = inputs();

  it('takes exactly what the query schema takes, with the same value, for every filter field', () => {
    let taken = 0;
    for (const [name, spec] of specs) {
      const schema = valueSchema(spec, 'query');
      for (const text of texts) {
        const quick = quickQueryValue(spec, text);
        const parsed = schema.safeParse(text);
        if (spec.type === 'text') {
          expect(quick, name).toBeUndefined();
          continue;
        }
        expect(quick !== undefined, `${name} ${JSON.stringify(text)}`).toBe(parsed.success);
        if (quick !== undefined) {
          taken++;
          // toStrictEqual tells 0 from -0 and [] from a sparse array
          expect(quick, `${name} ${JSON.stringify(text)}`).toStrictEqual(parsed.data);
        }
      }
    }
    // the property is not vacuous: many values of many kinds went the quick way
    expect(taken).toBeGreaterThan(10_000);
  });
});

describe('parseLimit', () => {
  it('gives the schema result or error for every query text', () => {
    for (const text of [...inputs(), '25', '100', '101', '000007', '0000007', ' 5', '5 ', String(MAX_LIMIT)]) {
      const errors: FieldError[] = [];
      const limit = parseLimit(text, 'query', errors);
      const valid = /^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_LIMIT;
      expect(errors.length === 0, text).toBe(valid);
      expect(limit, text).toBe(valid ? Number(text) : DEFAULT_LIMIT);
    }
  });
});
