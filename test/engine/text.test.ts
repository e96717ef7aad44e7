import { describe, expect, it } from 'vitest';
import { buildTextIndex, type TextDocument, type TextEntity } from '../../engine/text/text-index.js';
import { TokenTrie, typoBudget } from '../../engine/text/fuzzy.js';

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
];
const ENTITIES: TextEntity[] = [
  { name: 'Reiner Knizia', field: 'designer', rows: [109] },
  { name: 'Kosmos', field: 'publisher', rows: [100, 101] },
  { name: 'Catan Universe', field: 'family', rows: [101] },
];
const index = buildTextIndex(CATALOG, ENTITIES);
const rows = (query: string): number[] => index.search(query, 50).map((h) => h.row);

describe('text index: tiers and popularity', () => {
  it('puts the exact name first, then name prefixes by popularity', () => {
    expect(rows('gloom')).toEqual([102, 103, 104]);
    expect(index.search('gloom', 1)[0]).toEqual({ row: 102, score: 1, field: 'name' });
  });

  it('ranks a name prefix above an exact alternate name', () => {
    expect(rows('brass')).toEqual([105, 106]);
  });

  it('tolerates typos by word length, below exact and prefix matches', () => {
    expect(rows('wingspn')).toEqual([107]);
    expect(rows('terraformng mars')).toEqual([108]);
    expect(rows('glommhaven')).toEqual([103]);
    expect(index.search('wingspn', 1)[0].score).toBeLessThan(index.search('wing', 1)[0].score);
    // No typo under 4 characters: "cta" does not reach "catan".
    expect(rows('cta')).toEqual([]);
  });

  it('finds games through designers, publishers and families, below names', () => {
    expect(index.search('reiner knizia', 5)).toEqual([{ row: 109, score: 0.5, field: 'designer' }]);
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
    expect(index.suggest('teraformnig')).toBe('terraforming');
    expect(index.suggest('catan')).toBeUndefined();
  });
});

describe('typo budget and trie', () => {
  it('allows 0 edits under 4 characters, 1 up to 8, 2 above', () => {
    expect([typoBudget('cat'), typoBudget('mars'), typoBudget('wingspan'), typoBudget('gloomhaven')]).toEqual([
      0, 1, 1, 2,
    ]);
  });

  it('finds tokens within the budget, whole or as a prefix at least as long as the word', () => {
    const tokens = ['gloom', 'gloomhaven', 'glum', 'groom', 'loom', 'wingspan', 'wingy'].sort();
    const trie = new TokenTrie(tokens);
    const found = (word: string, budget: number): string[] => {
      const ranges = trie.ranges(word, budget);
      const out: string[] = [];
      for (let r = 0; r < ranges.length; r += 2) for (let t = ranges[r]; t < ranges[r + 1]; t++) out.push(tokens[t]);
      return out;
    };
    expect(found('gloom', 1)).toEqual(['gloom', 'gloomhaven', 'groom']);
    expect(found('wingspn', 1)).toEqual(['wingspan']);
    // The first letter must be right: "loom" (one deletion away) stays out.
    expect(found('gloom', 2)).toEqual(['gloom', 'gloomhaven', 'glum', 'groom']);
  });
});
