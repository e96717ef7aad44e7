// The compressed-body cache: least recently used out first, within its byte budget.

import { describe, expect, it } from 'vitest';
import { CompressedCache } from '../../../server/compress/cache.js';

const bytes = (n: number) => new Uint8Array(n);

describe('CompressedCache', () => {
  it('drops the least recently used entries once over its budget', () => {
    const cache = new CompressedCache(100);
    cache.set('a', bytes(40));
    cache.set('b', bytes(40));
    expect(cache.get('a')?.byteLength).toBe(40); // a is now the most recent
    cache.set('c', bytes(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(80);
  });

  it('never keeps an entry larger than the whole budget, and replaces a key in place', () => {
    const cache = new CompressedCache(100);
    cache.set('huge', bytes(101));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('a', bytes(30));
    cache.set('a', bytes(50));
    expect(cache.size).toBe(50);
  });
});
