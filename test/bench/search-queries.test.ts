import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from '../../bench/options.js';
import { SEARCH_QUERIES } from '../../bench/search-queries.js';

describe('bench search query set', () => {
  it('holds at least 60 distinct queries covering every kind, each with a numeric BGG id and a source', () => {
    expect(SEARCH_QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(SEARCH_QUERIES.map((q) => q.q)).size).toBe(SEARCH_QUERIES.length);
    expect(new Set(SEARCH_QUERIES.map((q) => q.kind))).toEqual(
      new Set(['name', 'partial', 'typo', 'script', 'designer']),
    );
    for (const q of SEARCH_QUERIES) {
      expect(q.bggId).toMatch(/^[1-9][0-9]*$/);
      expect(q.name.length).toBeGreaterThan(0);
    }
  });

  it('xml sources are used only for alternate names and designers', () => {
    for (const q of SEARCH_QUERIES) {
      if (q.kind === 'designer') expect(q.source).toBe('xml-credit');
      if (q.source === 'xml-alt') expect(q.kind).toBe('script');
    }
  });
});

describe('bench --only', () => {
  it('takes search and rejects any other stage name', () => {
    expect(parseOptions(['--only', 'search'], {}).only).toBe('search');
    expect(parseOptions([], {}).only).toBeUndefined();
    expect(() => parseOptions(['--only', 'http'], {})).toThrow(UsageError);
  });
});
