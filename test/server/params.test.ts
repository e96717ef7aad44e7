import { describe, expect, it } from 'vitest';
import type { FieldError } from '../../server/problem.js';
import { parseInclude, parseLimit, parseSort } from '../../server/schemas/list-params.js';
import { sortParams } from '../../server/schemas/param-names.js';
import { closest } from '../../server/schemas/unknown-parameter.js';

describe('parameter names', () => {
  it('suggests the closest known name for a typo', () => {
    expect(closest('themes_not', ['theme_not', 'theme', 'players'])).toBe('theme_not');
    expect(closest('mechanix', ['mechanics', 'mechanic'])).toBe('mechanic');
    expect(closest('zzzzzzzz', ['players', 'type'])).toBeUndefined();
  });

  it('maps aliases to canonical filters and rejects unknown names', () => {
    const errors: FieldError[] = [];
    const sorted = sortParams(new URLSearchParams('min_players=2&mechanic=a&themez=x&type=a&type=b'), ['sort'], errors);
    expect(sorted.filter.fields.get('players_min')).toEqual({ name: 'min_players', value: '2' });
    expect(sorted.filter.fields.get('mechanics')).toEqual({ name: 'mechanic', value: 'a' });
    expect(sorted.filter.fields.get('type')).toEqual({ name: 'type', value: 'a,b' });
    expect(errors).toEqual([
      { field: 'themez', message: 'is not a known parameter; did you mean "theme"?', code: 'unknown_parameter' },
    ]);
  });

  it('rejects an alias given together with its canonical name', () => {
    const errors: FieldError[] = [];
    sortParams(new URLSearchParams('players_min=2&min_players=3'), [], errors);
    expect(errors.map((e) => [e.field, e.code])).toEqual([['min_players', 'duplicate_parameter']]);
  });
});

describe('sort, limit and include', () => {
  it('defaults the order by key and accepts combined forms', () => {
    const errors: FieldError[] = [];
    expect(parseSort(undefined, undefined, 'name', errors)).toEqual({ sort: 'name', order: 'asc' });
    expect(parseSort('bayes_rating', undefined, 'name', errors)).toEqual({ sort: 'bayes_rating', order: 'desc' });
    expect(parseSort('rank', undefined, 'name', errors)).toEqual({ sort: 'rank', order: 'asc' });
    expect(parseSort('weight_asc', undefined, 'name', errors)).toEqual({ sort: 'weight', order: 'asc' });
    expect(parseSort('year', 'asc', 'name', errors)).toEqual({ sort: 'year_published', order: 'asc' });
    expect(parseSort('community_playtime_median', undefined, 'name', errors)).toEqual({
      sort: 'community_playtime_median',
      order: 'desc',
    });
    expect(errors).toEqual([]);
  });

  it('names bad sort values and contradictions', () => {
    const errors: FieldError[] = [];
    parseSort('popularity', 'sideways', 'name', errors);
    parseSort('rating_asc', 'desc', 'name', errors);
    expect(errors.map((e) => [e.field, e.code])).toEqual([
      ['sort', 'invalid_value'],
      ['order', 'invalid_value'],
      ['order', 'invalid_combination'],
    ]);
  });

  it('bounds the limit to 1..100 with a default of 25', () => {
    const errors: FieldError[] = [];
    expect(parseLimit(undefined, 'query', errors)).toBe(25);
    expect(parseLimit('100', 'query', errors)).toBe(100);
    expect(errors).toEqual([]);
    for (const bad of ['0', '101', '-1', '2.5', 'ten', '']) parseLimit(bad, 'query', errors);
    expect(errors).toHaveLength(6);
    expect(errors.every((e) => e.field === 'limit' && e.code === 'out_of_range')).toBe(true);
  });

  it('accepts known include values once each and names unknown ones', () => {
    const errors: FieldError[] = [];
    expect(parseInclude('stats,credits,stats', ['stats', 'credits'] as const, errors)).toEqual(['stats', 'credits']);
    parseInclude('stats,editions', ['stats'] as const, errors);
    expect(errors.map((e) => [e.field, e.value])).toEqual([['include', 'editions']]);
  });
});
