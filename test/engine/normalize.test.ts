// sortName takes a shortcut for plain ASCII names; it must give exactly what the general
// definition (sortNameOfText: fold, collapse whitespace, strip a leading English article)
// gives, for every string, articles and odd whitespace included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortName, sortNameOfText } from '../../engine/normalize.js';

const PIECES = [
  'the',
  'The',
  'THE',
  'a',
  'A',
  'an',
  'An',
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\f',
  '\v',
  'x',
  'Catan',
  '7',
];

describe('sortName', () => {
  it('agrees with the general definition on ASCII made of articles, words and whitespace', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }), (parts) => {
        const name = parts.join('');
        expect(sortName(name)).toBe(sortNameOfText(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the general definition on any ASCII and any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'grapheme' })), (name) => {
        expect(sortName(name)).toBe(sortNameOfText(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('strips one leading article and keeps a name that is only an article', () => {
    expect(sortName('The  Castles of Burgundy')).toBe('castles of burgundy');
    expect(sortName('An Infamous Traffic')).toBe('infamous traffic');
    expect(sortName('A Feast for Odin')).toBe('feast for odin');
    expect(sortName('The')).toBe('the');
    expect(sortName('the ')).toBe('the');
    expect(sortName('Çarcassonne')).toBe('carcassonne');
  });
});
