import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTextIndex, type TextDocument, type TextEntity } from '../../engine/text/text-index.js';
import { editDistance, TokenTrie, typoBudget } from '../../engine/text/fuzzy.js';
import { analyzeText } from '../../engine/text/analyze.js';
import { editDistance as naiveDistance } from '../oracle-text.js';

// Rows deliberately differ from positions so a hit proves it reports the game's row.
function doc(
  row: number,
  name: string,
  votes: number,
  alternateNames: string[] = [],
  description?: string,
): TextDocument {
  return {
    row,
    name,
    alternateNames,
    description: description ?? null,
    popularity: votes,
    rankKey: 7,
    id: `id-${String(row).padStart(4, '0')}`,
  };
}

const CATALOG: TextDocument[] = [
  doc(100, 'Catan', 900, ['Die Siedler von Catan', 'カタン', '卡坦岛', '카탄', 'Катан']),
  doc(101, 'Catan: Seafarers', 300),
  doc(102, 'Gloom', 200),
  doc(103, 'Gloomhaven', 800, [], 'A campaign of tactical combat in a dungeon'),
  doc(104, 'Gloom: Unhappy Homes', 2),
  doc(105, 'Brass: Birmingham', 700, ['ブラス：バーミンガム']),
  doc(106, 'Brass: Lancashire', 400, ['Brass']),
  doc(107, 'Wingspan', 950),
  doc(108, 'Terraforming Mars', 990),
  doc(109, 'Tigris & Euphrates', 500),
  doc(110, 'Orléans', 450),
  doc(111, 'Siedler Tales', 1),
  doc(112, "Reiner Knizia's Amazing Flea Circus", 3),
  doc(113, 'Avalon', 5),
  doc(114, 'The Resistance: Avalon', 600),
];
const ENTITIES: TextEntity[] = [
  { name: 'Reiner Knizia', field: 'designer', rows: [109] },
  { name: 'Kosmos', field: 'publisher', rows: [100, 101] },
  { name: 'Catan Universe', field: 'family', rows: [101] },
];
const index = buildTextIndex(CATALOG, ENTITIES);
const rows = (query: string): number[] => index.search(query, 50).map((h) => h.row);

describe('text index: tiers and popularity', () => {
  it('ranks exact, prefix and word matches of the name together, by popularity', () => {
    expect(rows('gloom')).toEqual([103, 102, 104]);
    expect(index.search('gloom', 1)[0]).toEqual({ row: 103, score: 1, field: 'name' });
    // The popular game holding the word beats the obscure game named exactly so.
    expect(rows('avalon')).toEqual([114, 113]);
    expect(index.search('avalon', 2).map((h) => h.score)).toEqual([1, 1]);
  });

  it('ranks a name match above an alternate name, whatever their popularity', () => {
    expect(rows('brass')).toEqual([105, 106]);
    expect(index.search('siedler', 5)).toEqual([
      { row: 111, score: 1, field: 'name' },
      { row: 100, score: 0.8, field: 'alternate_name' },
    ]);
  });

  it('tolerates typos by word length, below exact and prefix matches', () => {
    expect(rows('wingspn')).toEqual([107]);
    expect(rows('terraformng mars')).toEqual([108]);
    expect(rows('glommhaven')).toEqual([103]);
    expect(index.search('wingspn', 1)[0].score).toBeLessThan(index.search('wing', 1)[0].score);
    // No typo under 4 characters: "cta" does not reach "catan".
    expect(rows('cta')).toEqual([]);
  });

  it("lists a designer's games for the designer's full name, with the names holding it, by popularity", () => {
    expect(index.search('reiner knizia', 5)).toEqual([
      { row: 109, score: 1, field: 'designer' },
      { row: 112, score: 1, field: 'name' },
    ]);
    // Not the full name (one word, or a typo): the people tier, below every name match.
    expect(index.search('knizia', 5)).toEqual([
      { row: 112, score: 1, field: 'name' },
      { row: 109, score: 0.5, field: 'designer' },
    ]);
    expect(index.search('reiner kniza', 5)).toEqual([
      { row: 112, score: 0.6, field: 'name' },
      { row: 109, score: 0.5, field: 'designer' },
    ]);
  });

  it('finds games through designers, publishers and families, below names', () => {
    expect(index.search('kosmos', 5).map((h) => [h.row, h.field])).toEqual([
      [100, 'publisher'],
      [101, 'publisher'],
    ]);
    // Catan Seafarers matches "catan" by its name, not its family.
    expect(index.search('catan universe', 5).map((h) => h.field)).toEqual(['family']);
  });

  it('finds description words at the lowest tier', () => {
    expect(index.search('tactical combat', 5)).toEqual([{ row: 103, score: 0.3, field: 'description' }]);
  });

  it('keeps the CJK substring rule and diacritic folding', () => {
    expect(rows('カタ')).toEqual([100]);
    expect(rows('バーミンガム')).toEqual([105]);
    expect(rows('orle')).toEqual([110]);
    expect(rows('Катан')).toEqual([100]);
  });

  it('answers nothing for queries under two characters and suggests a fix for empty results', () => {
    expect(rows('c')).toEqual([]);
    expect(index.suggest('glomhvn')).toBeUndefined();
    // Three edits: beyond the search's budget of two, within the suggestion's three.
    expect(rows('terafromnig')).toEqual([]);
    expect(index.suggest('terafromnig')).toBe('terraforming');
    // A missing letter and a swapped pair are two edits: found, so nothing to suggest.
    expect(rows('teraformnig')).toEqual([108]);
    expect(index.suggest('teraformnig')).toBeUndefined();
    expect(index.suggest('catan')).toBeUndefined();
  });
});

/** The tokens (sorted, as the trie was built from them) within `budget` edits of `word`. */
function trieTokens(trie: TokenTrie, tokens: readonly string[], word: string, budget: number): string[] {
  const ranges = trie.ranges(word, budget);
  const out: string[] = [];
  for (let r = 0; r < ranges.length; r += 2) for (let t = ranges[r]; t < ranges[r + 1]; t++) out.push(tokens[t]);
  return out;
}

/** The rule by the textbook table: first letter right, the word within budget of the token or a prefix as long. */
function naiveAccepts(word: string, token: string, budget: number): boolean {
  if (token[0] !== word[0]) return false;
  if (naiveDistance(word, token) <= budget) return true;
  for (let p = word.length; p <= token.length; p++) if (naiveDistance(word, token.slice(0, p)) <= budget) return true;
  return false;
}

/** The trie's tokens for `word` against the textbook rule's, over `list` sorted; returns the sorted list. */
function expectTrieAgrees(list: readonly string[], word: string, budget: number): string[] {
  const sorted = [...list].sort();
  expect(trieTokens(new TokenTrie(sorted), sorted, word, budget)).toEqual(
    sorted.filter((token) => naiveAccepts(word, token, budget)),
  );
  return sorted;
}

describe('typo budget and trie', () => {
  it('allows 0 edits under 4 characters, 1 up to 8, 2 above', () => {
    expect([typoBudget('cat'), typoBudget('mars'), typoBudget('wingspan'), typoBudget('gloomhaven')]).toEqual([
      0, 1, 1, 2,
    ]);
  });

  it('finds tokens within the budget, whole or as a prefix at least as long as the word', () => {
    const tokens = ['gloom', 'gloomhaven', 'glum', 'groom', 'loom', 'wingspan', 'wingy'].sort();
    const trie = new TokenTrie(tokens);
    const found = (word: string, budget: number): string[] => trieTokens(trie, tokens, word, budget);
    expect(found('gloom', 1)).toEqual(['gloom', 'gloomhaven', 'groom']);
    expect(found('wingspn', 1)).toEqual(['wingspan']);
    // The first letter must be right: "loom" (one deletion away) stays out.
    expect(found('gloom', 2)).toEqual(['gloom', 'gloomhaven', 'glum', 'groom']);
  });
});

describe('swapped letters count as one typo', () => {
  const tokens = ['small', 'struggle', 'struggles', 'strugle', 'world', 'wrold', 'would'].sort();
  const trie = new TokenTrie(tokens);
  const found = (word: string, budget: number): string[] => trieTokens(trie, tokens, word, budget);

  it('finds a token one adjacent swap away, whole or as a prefix', () => {
    expect(found('wrold', 1)).toEqual(['world', 'wrold']);
    // "struggel": the last two letters swapped, one edit from "struggle" (and "strugle" two).
    expect(found('struggel', 1)).toEqual(['struggle', 'struggles']);
    // Two swaps are two edits.
    expect(found('wrodl', 1)).toEqual(['wrold']);
    expect(found('wrodl', 2)).toEqual(['world', 'wrold']);
  });

  it('measures a swap as one edit in editDistance, with the cap', () => {
    expect(editDistance('wrold', 'world')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3); // optimal string alignment, not full Damerau (2)
    expect(editDistance('abcdef', 'badcfe', 2)).toBe(3);
    expect(editDistance('abcdef', 'badcfe')).toBe(3);
  });

  it('agrees with the textbook table on random words (trie and editDistance)', () => {
    const word = fc.stringMatching(/^[abc]{1,7}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 30 }),
        word,
        fc.integer({ min: 0, max: 2 }),
        (list, w, budget) => {
          const sorted = expectTrieAgrees(list, w, budget);
          for (const token of sorted) {
            const exact = naiveDistance(w, token);
            const capped = editDistance(w, token, budget);
            if (exact <= budget) expect(capped).toBe(exact);
            else expect(capped).toBeGreaterThan(budget);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees with the textbook table for words longer than the bit rows take (30 letters and more)', () => {
    // ranges() keeps the distance rows for words past 29 letters; shorter ones are walked as
    // bit sets. Tokens are a long stem with a few edits, so some fall within the budget.
    const stem = 'abcabcabcabcabcabcabcabcabcabcab';
    const edited = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 33 }), fc.constantFrom('a', 'b', 'c', '')), { maxLength: 3 })
      .map((edits) => {
        let token = stem;
        for (const [at, letter] of edits) token = token.slice(0, at) + letter + token.slice(at + 1);
        return token;
      });
    fc.assert(
      fc.property(
        fc.uniqueArray(edited, { minLength: 1, maxLength: 12 }),
        edited,
        fc.integer({ min: 0, max: 2 }),
        (list, w, budget) => {
          fc.pre(w.length >= 30);
          expectTrieAgrees(list, w, budget);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('apostrophes join words', () => {
  it("reads Tzolk'in as tzolkin, on both sides", () => {
    expect(analyzeText("Tzolk'in: The Mayan Calendar").words).toEqual(['tzolkin', 'the', 'mayan', 'calendar']);
    expect(analyzeText('Tzolk’in').words).toEqual(['tzolkin']);
    expect(analyzeText("tzolk'in").compact).toBe(analyzeText('tzolkin').compact);
    const index = buildTextIndex([doc(1, "Tzolk'in: The Mayan Calendar", 10), doc(2, 'Tzolkin Tales', 1)]);
    expect(index.search('tzolkin', 5).map((h) => h.row)).toEqual([1, 2]);
    expect(index.search("tzolk'in", 5).map((h) => h.row)).toEqual([1, 2]);
  });
});

describe('text index: broad queries', () => {
  it('orders thousands of matches (read from a bitset) by tier, then popularity, as a sort would', () => {
    // 3,000 matches (over ranked()'s bitset threshold) in three tiers, votes shuffled so that
    // popularity order differs from row order; then the same index answers a narrow query.
    const votes = (i: number) => (i * 7919) % 3001;
    const docs: TextDocument[] = [];
    for (let i = 0; i < 1000; i++) docs.push(doc(i, `Castle ${i}`, votes(i)));
    for (let i = 1000; i < 2000; i++) docs.push(doc(i, `Keep ${i}`, votes(i), [`Castle Keep ${i}`]));
    for (let i = 2000; i < 3000; i++) docs.push(doc(i, `Tower ${i}`, votes(i), [], 'a castle on a hill'));
    docs.push(doc(3000, 'Moat', 5));
    const broad = buildTextIndex(docs);
    const byPopularity = (from: number) =>
      Array.from({ length: 1000 }, (_, k) => from + k).sort((a, b) => votes(b) - votes(a) || a - b);
    const expected = [...byPopularity(0), ...byPopularity(1000), ...byPopularity(2000)];
    const matches = broad.matches('castle');
    expect(Array.from(matches.rows)).toEqual(expected);
    expect(new Set(matches.tiers)).toEqual(new Set([0, 1, 5]));
    expect(Array.from(broad.matches('castle').rows)).toEqual(expected);
    expect(broad.search('moat', 5).map((h) => h.row)).toEqual([3000]);
  });
});
