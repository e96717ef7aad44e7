import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTextIndex, type TextDocument } from '../../engine/text/text-index.js';

// Rows deliberately differ from positions so a hit proves it reports the game's row.
function doc(row: number, names: string[], rankKey = 7, id = `id-${String(row).padStart(4, '0')}`): TextDocument {
  return { row, names: names.map((text) => ({ text, weight: 1 })), rankKey, id };
}

const CATALOG: TextDocument[] = [
  doc(100, ['Catan', 'Die Siedler von Catan', 'カタン', '卡坦岛', '카탄', 'Катан'], 7.1),
  doc(101, ['Catan: Seafarers'], 6.9),
  doc(102, ['Catan Junior', 'カタン ジュニア'], 6.2),
  doc(103, ['Carcassonne'], 7.4),
  doc(104, ['Çarcassonne: Jäger und Sammler'], 6.8),
  doc(105, ['Brass: Birmingham', 'ブラス：バーミンガム', '브라스: 버밍엄', '黄铜：伯明翰'], 8.4),
  doc(106, ['Über Land und Meer'], 6.0),
  doc(107, ['Ｔｉｃｋｅｔ ｔｏ Ｒｉｄｅ'], 7.3),
  doc(108, ['Settlers of the Stone Age'], NaN),
];
const index = buildTextIndex(CATALOG);
const rows = (query: string, limit = 50): number[] => index.search(query, limit).map((h) => h.row);

describe('text index: token prefix rule', () => {
  it('ranks the exact name first with score 1 and others below 1', () => {
    const hits = index.search('catan', 10);
    expect(hits[0]).toEqual({ row: 100, score: 1 });
    expect(hits.map((h) => h.row).sort()).toEqual([100, 101, 102]);
    for (const hit of hits.slice(1)) expect(hit.score).toBeLessThan(1);
  });

  it('matches token prefixes', () => {
    expect(rows('cata').sort()).toEqual([100, 101, 102]);
    expect(rows('carca').sort()).toEqual([103, 104]);
    expect(rows('sett st')).toEqual([108]);
  });

  it('matches multi-token queries in any order, ignoring punctuation', () => {
    expect(rows('siedler cat')).toEqual([100]);
    expect(rows('cat siedler')).toEqual([100]);
    expect(index.search('brass birmingham', 5)).toEqual([{ row: 105, score: 1 }]);
    const reversed = index.search('birmingham brass', 5);
    expect(reversed.map((h) => h.row)).toEqual([105]);
    expect(reversed[0].score).toBeLessThan(1);
  });

  it('needs a distinct name token for each query token', () => {
    const twins = buildTextIndex([doc(1, ['Cat']), doc(2, ['Cat Catcher'])]);
    expect(twins.search('cat cat', 5).map((h) => h.row)).toEqual([2]);
    // First-fit would give "catcher" away to "c"; a matching exists: c->cat, catc->catcher.
    expect(twins.search('c catc', 5).map((h) => h.row)).toEqual([2]);
  });

  it('matches an exact name whatever its spacing', () => {
    const spaced = buildTextIndex([doc(1, ['TicTacToe']), doc(2, ['Tic Tac Toe Deluxe'])]);
    expect(spaced.search('tic tac toe', 5)).toEqual([{ row: 1, score: 1 }, expect.objectContaining({ row: 2 })]);
    expect(spaced.search('tictactoe', 5)).toEqual([{ row: 1, score: 1 }]);
  });

  it('does not match in the middle of a token', () => {
    expect(rows('tan')).toEqual([]);
    expect(rows('ubersee')).toEqual([]);
  });

  it('ignores case and diacritics on both sides', () => {
    expect(rows('çarcassonne').sort()).toEqual([103, 104]);
    expect(rows('CARCASSONNE jager')).toEqual([104]);
    expect(rows('uber')).toEqual([106]);
    expect(rows('über land')).toEqual([106]);
  });

  it('ignores character width', () => {
    expect(rows('ticket to')).toEqual([107]);
    expect(index.search('ｃａｔａｎ', 1)).toEqual([{ row: 100, score: 1 }]);
  });

  it('matches Cyrillic prefixes', () => {
    expect(rows('Кат')).toEqual([100]);
    expect(rows('кaт')).toEqual([]); // Latin "a" in the middle: a different token
  });

  it('returns the row of a game found through an alternate name', () => {
    expect(rows('siedler')).toEqual([100]);
  });
});

describe('text index: CJK substring rule', () => {
  it('finds a katakana name by substring, exact alternate name scoring 1', () => {
    expect(rows('バーミンガム')).toEqual([105]);
    expect(rows('ブラスバーミンガム')).toEqual([105]); // typed without the separator
    expect(index.search('カタン', 5)[0]).toEqual({ row: 100, score: 1 });
    expect(rows('カタン').sort()).toEqual([100, 102]);
    expect(rows('ｶﾀﾝ').sort()).toEqual([100, 102]); // half-width katakana
    expect(rows('タン')).toEqual([100, 102]); // substring, not prefix
  });

  it('finds Chinese and Korean substrings', () => {
    expect(rows('伯明翰')).toEqual([105]);
    expect(rows('明翰')).toEqual([105]);
    expect(rows('버밍')).toEqual([105]);
    expect(rows('라스')).toEqual([105]);
    expect(rows('카탄')).toEqual([100]);
  });

  it('handles each run of a mixed-script query by its own rule', () => {
    expect(rows('カタン jun')).toEqual([]); // no single name holds both
    const mixed = buildTextIndex([doc(1, ['カタン Junior']), doc(2, ['カタン'])]);
    expect(mixed.search('jun カタン', 5).map((h) => h.row)).toEqual([1]);
    expect(mixed.search('jun タン', 5).map((h) => h.row)).toEqual([1]);
  });

  it('finds nothing for a run absent from every name', () => {
    expect(rows('ガンダム')).toEqual([]);
  });
});

describe('text index: ranking and limits', () => {
  it('ranks names starting with the query above later matches', () => {
    const ranked = buildTextIndex([
      doc(1, ['Die Siedler von Catan'], 9),
      doc(2, ['Catan Histories: Settlers of America'], 5),
      doc(3, ['Catania'], 1),
    ]);
    const hits = ranked.search('catan', 5);
    // Starting the name counts most; then a whole-token match beats a prefix of a short name.
    expect(hits.map((h) => h.row)).toEqual([2, 3, 1]);
    expect(hits[0].score).toBeLessThan(1);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits[1].score).toBeGreaterThan(hits[2].score);
  });

  it('honours name weights', () => {
    const weighted = buildTextIndex([
      { row: 1, names: [{ text: 'A story about Azul', weight: 0.3 }], rankKey: 9, id: 'a' },
      { row: 2, names: [{ text: 'Azul Summer Pavilion', weight: 1 }], rankKey: 1, id: 'b' },
      {
        row: 3,
        names: [
          { text: 'Azul', weight: 0.6 },
          { text: 'Azul Mini', weight: 1 },
        ],
        rankKey: 1,
        id: 'c',
      },
    ]);
    const hits = weighted.search('azul', 5);
    expect(hits.map((h) => h.row)).toEqual([3, 2, 1]);
    expect(hits[2].score).toBeLessThanOrEqual(0.3);
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
  });

  it('breaks score ties by rankKey desc, NaN last, then id asc', () => {
    const ties = buildTextIndex([
      doc(1, ['Twin'], NaN, 'b'),
      doc(2, ['Twin'], 6, 'z'),
      doc(3, ['Twin'], 8, 'y'),
      doc(4, ['Twin'], NaN, 'a'),
      doc(5, ['Twin'], 6, 'c'),
    ]);
    const hits = ties.search('twin', 10);
    expect(hits.map((h) => h.row)).toEqual([3, 5, 2, 4, 1]);
    expect(hits.every((h) => h.score === 1)).toBe(true);
  });

  it('returns at most limit hits, the best ones', () => {
    expect(index.search('cata', 2).map((h) => h.row)).toEqual(
      index
        .search('cata', 10)
        .map((h) => h.row)
        .slice(0, 2),
    );
    expect(index.search('cata', 2)).toHaveLength(2);
    expect(index.search('cata', 0)).toEqual([]);
  });

  it('answers nothing for queries shorter than two characters', () => {
    expect(rows('c')).toEqual([]);
    expect(rows(' C ')).toEqual([]);
    expect(rows('ｃ')).toEqual([]);
    expect(rows('カ')).toEqual([]);
    expect(rows('!!')).toEqual([]);
    expect(rows('')).toEqual([]);
  });

  it('answers nothing when nothing matches', () => {
    expect(rows('gloomhaven')).toEqual([]);
    expect(rows('catan gloom')).toEqual([]);
  });
});

// Ground truth for the token-prefix rule: an exact name, or any assignment of query tokens to
// distinct name tokens they prefix.
function naiveTokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}
function naiveMatches(name: string, query: string[]): boolean {
  const tokens = naiveTokens(name);
  return tokens.join('') === query.join('') || naiveTokenRule(tokens, query); // exact, separators ignored
}
function naiveTokenRule(tokens: string[], query: string[]): boolean {
  const used = new Array<boolean>(tokens.length).fill(false);
  const assign = (i: number): boolean => {
    if (i === query.length) return true;
    for (let j = 0; j < tokens.length; j++) {
      if (used[j] || !tokens[j].startsWith(query[i])) continue;
      used[j] = true;
      if (assign(i + 1)) return true;
      used[j] = false;
    }
    return false;
  };
  return assign(0);
}

// Ground truth for mixed scripts, with kana standing in for CJK: words by the prefix rule,
// kana runs by substring of the name with separators removed.
const KANA = /[カタンブラ]/;
function naivePieces(text: string): { compact: string; words: string[]; runs: string[] } {
  const tokens = text.toLowerCase().match(/[a-z0-9カタンブラ]+/g) ?? [];
  const pieces = tokens.flatMap((t) => t.match(/[カタンブラ]+|[a-z0-9]+/g) ?? []);
  return {
    compact: tokens.join(''),
    words: pieces.filter((p) => !KANA.test(p)),
    runs: pieces.filter((p) => KANA.test(p)),
  };
}
function naiveMixedMatches(name: string, query: string): boolean {
  const n = naivePieces(name);
  const q = naivePieces(query);
  if (n.compact === q.compact) return true;
  return q.runs.every((r) => n.compact.includes(r)) && naiveTokenRule(n.words, q.words);
}

describe('text index: property', () => {
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', '1'), minLength: 1, maxLength: 4 });
  const name = fc
    .array(fc.tuple(word, fc.constantFrom(' ', ': ', '-', ' & ')), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.map(([w, sep]) => w + sep).join(''));
  const catalog = fc.array(fc.array(name, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 30 });
  const query = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

  it('matches exactly the documents a naive scan matches, best first', () => {
    fc.assert(
      fc.property(catalog, fc.array(query, { minLength: 1, maxLength: 5 }), (names, queries) => {
        const docs = names.map((n, i) => doc(i * 3, n, i % 4 === 0 ? NaN : i % 5));
        const built = buildTextIndex(docs);
        for (const q of queries) {
          const tokens = naiveTokens(q);
          const expected =
            tokens.join('').length < 2
              ? []
              : docs.filter((d) => d.names.some((n) => naiveMatches(n.text, tokens))).map((d) => d.row);
          const hits = built.search(q, 1000);
          expect(hits.map((h) => h.row).sort((a, b) => a - b)).toEqual(expected);
          // A small limit (which lets the index skip hopeless names) must give the same head.
          for (const limit of [1, 2, 5]) expect(built.search(q, limit)).toEqual(hits.slice(0, limit));
          for (let i = 1; i < hits.length; i++) expect(hits[i].score).toBeLessThanOrEqual(hits[i - 1].score);
          for (const hit of hits) {
            const exact = docs[hit.row / 3].names.some((n) => naiveTokens(n.text).join('') === tokens.join(''));
            expect(hit.score === 1).toBe(exact);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('matches mixed Latin and kana exactly as a naive scan does', () => {
    const unit = fc.constantFrom('a', 'b', 'カ', 'タ', 'ン', 'ブ', 'ラ');
    const piece = fc.string({ unit, minLength: 1, maxLength: 4 });
    const text = fc
      .array(fc.tuple(piece, fc.constantFrom(' ', '：', '・', '-')), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([p, sep]) => p + sep).join(''));
    fc.assert(
      fc.property(
        fc.array(fc.array(text, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 30 }),
        fc.array(text, { minLength: 1, maxLength: 5 }),
        (names, queries) => {
          const docs = names.map((n, i) => doc(i, n));
          const built = buildTextIndex(docs);
          for (const q of queries) {
            const expected =
              [...naivePieces(q).compact].length < 2
                ? []
                : docs.filter((d) => d.names.some((n) => naiveMixedMatches(n.text, q))).map((d) => d.row);
            expect(
              built
                .search(q, 1000)
                .map((h) => h.row)
                .sort((a, b) => a - b),
            ).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
