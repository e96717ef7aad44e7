// Sorting a list request's query parameters: a repeated parameter is its values joined by
// commas, in the order they came; filters by canonical name (aliases resolved), the
// endpoint's own parameters apart, anything else an error naming the closest known name.

import { describe, expect, it } from 'vitest';
import type { FieldError } from '../../../server/problem.js';
import { sortParams } from '../../../server/schemas/param-names.js';

const OWN = ['sort', 'order', 'limit'];

describe('sortParams', () => {
  it('joins a repeated parameter with commas, in the order its values came', () => {
    const errors: FieldError[] = [];
    const sorted = sortParams(
      new URLSearchParams('type=base_game&mechanics=dice-rolling&type=expansion&sort=name&type=base_game'),
      OWN,
      errors,
    );
    expect(errors).toEqual([]);
    expect([...sorted.filter.fields]).toEqual([
      ['type', { name: 'type', value: 'base_game,expansion,base_game' }],
      ['mechanics', { name: 'mechanics', value: 'dice-rolling' }],
    ]);
    expect([...sorted.own]).toEqual([['sort', 'name']]);
    expect(sorted.hasQueryParams).toBe(true);
  });

  it('keeps an empty repeat as an empty item of the list', () => {
    const sorted = sortParams(new URLSearchParams('limit=&limit=5'), OWN, []);
    expect(sorted.own.get('limit')).toBe(',5');
    expect(sorted.hasQueryParams).toBe(false);
  });

  it('names an unknown parameter once, however often it came', () => {
    const errors: FieldError[] = [];
    sortParams(new URLSearchParams('sortt=name&sortt=rank'), OWN, errors);
    expect(errors).toEqual([expect.objectContaining({ field: 'sortt', message: expect.stringContaining('"sort"') })]);
  });

  it('quotes every value of a parameter with an empty name', () => {
    const errors: FieldError[] = [];
    sortParams(new URLSearchParams('=1&limit=5&=2'), OWN, errors);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('"=1", "=2"');
  });
});
