// NameMatcher.match against the naive name rule (test/oracle-text.ts) entry by entry, on
// texts built so that a multi-word query takes each of match()'s paths: candidates verified
// one by one (a rare source word), narrowed by every word and decided by the stamps alone
// (common words whose ranges share no token), narrowed by some words only (a word too
// common to read, NARROW_RATIO), and words sharing tokens (a word repeated, one word a
// prefix of another), which verify() must still decide. Each path's removal was checked to
// fail here.

import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../engine/text/analyze.js';
import { EXACT, FUZZY, NameMatcher, WORDS, type MatchLevel } from '../../../engine/text/name-matcher.js';
import { oracleNameLevel, oracleQueryWords } from '../../oracle-text.js';
import { seeded } from '../../helpers/seeded.js';

/** Words of the texts: common ones, their typos and longer forms, and rare ones. */
const COMMON = ['the', 'game', 'card', 'war', 'wars', 'star', 'starship', 'of', 'dragon', 'castle'];
const NEAR = ['gmae', 'gam', 'cards', 'dragons', 'dargon', 'castel', 'castles', 'stra', 'warship', 'thegame'];

function texts(): string[] {
  const next = seeded(20261130);
  const pick = (words: readonly string[]): string => words[Math.floor(next() * words.length)];
  const filler = (): string => {
    let word = '';
    for (let i = 0; i < 5; i++) word += 'bdfklmnprstvz'[Math.floor(next() * 13)];
    return word;
  };
  const shuffled = (words: string[]): string => {
    for (let i = words.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [words[i], words[j]] = [words[j], words[i]];
    }
    return words.join(' ');
  };
  const out: string[] = [];
  // "common" in ~11,300 entries; "zebra" (its typo, its plural) in ~460 entries, half of them
  // with "common", 120 with "dragon": for "zebra dragon common" the 120 are more than
  // NARROW_RATIO times fewer than the postings of "common", which then narrows nothing.
  // "yak" in 60: too few to narrow.
  for (let i = 0; i < 11_000; i++) out.push(shuffled(['common', filler()]));
  for (let i = 0; i < 150; i++) out.push(shuffled(['zebra', 'common', filler()]));
  for (let i = 0; i < 150; i++) out.push(shuffled(['zebra', filler()]));
  for (let i = 0; i < 60; i++) out.push(shuffled(['zebra', 'dragon', i % 2 === 0 ? 'common' : filler()]));
  for (let i = 0; i < 40; i++)
    out.push(shuffled([next() < 0.5 ? 'zebar' : 'zebras', next() < 0.5 ? 'common' : 'commons']));
  for (let i = 0; i < 60; i++) out.push(shuffled(['yak', i % 2 === 0 ? 'common' : filler()]));
  // Mixed names of the common words, their neighbours and fillers, one to five words each
  for (let i = 0; i < 9_000; i++) {
    const words: string[] = [];
    const count = 1 + Math.floor(next() * 5);
    for (let w = 0; w < count; w++) {
      const roll = next();
      words.push(roll < 0.55 ? pick(COMMON) : roll < 0.7 ? pick(NEAR) : filler());
    }
    out.push(words.join(next() < 0.1 ? '' : ' '));
  }
  return out;
}

const QUERIES = [
  'yak common', // a rare source word: every candidate verified
  'common yak',
  'zebra dragon common', // narrowed by two words of three: verify() decides
  'zebra common', // every word narrows and no token serves both: the stamps decide
  'common zebra',
  'the game',
  'card game',
  'game of the',
  'dragon castle',
  'gmae card',
  'castle dragon the',
  'war war', // the same word twice: verify() decides
  'star star',
  'star starship', // one word a prefix of the other: shared tokens
  'war wars',
  'the the game',
  'the gam',
];

/** The oracle's level (0 exact, 1 prefix, 2 words, 3 fuzzy) as the matcher's, or -1. */
function expectedLevel(level: number): MatchLevel | -1 {
  if (level < 0) return -1;
  return level === 0 ? EXACT : level === 3 ? FUZZY : WORDS;
}

describe('NameMatcher.match', () => {
  const names = texts();
  const matcher = NameMatcher.build(
    names,
    names.map((_, i) => i),
    names.map(() => 0),
  );

  it('keeps every text as an entry of its own', () => {
    expect(matcher.size).toBe(names.length);
  });

  it.each(QUERIES)('finds for "%s" the entries and levels the naive rule gives', (q) => {
    const found = new Map<number, MatchLevel>();
    matcher.match(analyzeText(q), (entry, level) => {
      const known = found.get(entry);
      if (known === undefined || level < known) found.set(entry, level);
    });
    const words = oracleQueryWords(q);
    const expected = new Map<number, MatchLevel>();
    for (let i = 0; i < names.length; i++) {
      const level = expectedLevel(oracleNameLevel(words, names[i]));
      if (level >= 0) expected.set(i, level as MatchLevel);
    }
    // Each query matches some entries and misses others
    expect(expected.size).toBeGreaterThan(20);
    expect(expected.size).toBeLessThan(names.length);
    const differences: string[] = [];
    for (const entry of new Set([...expected.keys(), ...found.keys()])) {
      if (expected.get(entry) !== found.get(entry))
        differences.push(`"${names[entry]}": expected ${expected.get(entry)}, found ${found.get(entry)}`);
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });
});
