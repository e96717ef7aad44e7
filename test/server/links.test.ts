import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listHref } from '../../server/links.js';

/** The reference: what URLSearchParams writes for the same parameters, in the same order. */
function referenceHref(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('a b', '~', '*', 'x.y_z-1', 'caf\u00e9', '\u{1f3b2}', '&=?#+%', 'cooperative,hand-management'),
);

describe('listHref', () => {
  it('writes what URLSearchParams writes, whatever the keys and values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.oneof(text, fc.constantFrom('cursor', 'limit', 'include')),
          fc.oneof(text, fc.integer(), fc.constant(undefined)),
        ),
        (params) => {
          expect(listHref('/v1/games', params)).toBe(referenceHref('/v1/games', params));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('leaves a cursor and a limit as they are and percent-encodes the rest', () => {
    expect(listHref('/v1/games', { cursor: 'eyJ2IjoxfQ.a-b_c', limit: 25, include: undefined })).toBe(
      '/v1/games?cursor=eyJ2IjoxfQ.a-b_c&limit=25',
    );
    expect(listHref('/v1/games', { include: 'mechanics,themes', q: 'a b~' })).toBe(
      '/v1/games?include=mechanics%2Cthemes&q=a+b%7E',
    );
    expect(listHref('/v1/games', { limit: undefined })).toBe('/v1/games');
  });
});
