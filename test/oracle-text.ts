// The naive meaning of full-text `q` (engine/text/text-index.ts): every game's relevance
// tier by brute force, each name tokenized and compared word by word, edit distances by the
// textbook table. Shares only foldText (case, diacritics, width) with the engine. Scripts
// without spaces (CJK) are not modelled here; test/engine/text.test.ts covers them.

import { foldText } from '../engine/index.js';

export interface OracleText {
  name: string;
  alternate_names: readonly string[];
  /** Names of the game's designers, artists and publishers (tier "people"). */
  people: readonly string[];
  families: readonly string[];
  description: string | null;
}

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
/** Apostrophes join the letters around them: "Tzolk'in" is one word, "tzolkin". */
const APOSTROPHES = /['\u2018\u2019\u02bc]/g;
const tokens = (text: string): string[] => foldText(text).replace(APOSTROPHES, '').match(TOKEN) ?? [];

/** Edits: insert, delete, substitute, or swap two adjacent characters (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** 0 edits under 4 characters, 1 up to 8, 2 above. */
const budget = (word: string): number => ([...word].length < 4 ? 0 : [...word].length <= 8 ? 1 : 2);

/** The word prefixes the token, or (first letter right) is within budget of it or of a prefix at least as long. */
function fuzzyAccepts(word: string, token: string): boolean {
  if (token.startsWith(word)) return true;
  const b = budget(word);
  if (b === 0 || token[0] !== word[0]) return false;
  if (editDistance(word, token) <= b) return true;
  for (let p = word.length; p <= token.length; p++) if (editDistance(word, token.slice(0, p)) <= b) return true;
  return false;
}

/** Each word gets its own token (tried every way). */
function distinct(words: string[], names: string[], accepts: (w: string, t: string) => boolean): boolean {
  const used = names.map(() => false);
  const assign = (i: number): boolean => {
    if (i === words.length) return true;
    for (let j = 0; j < names.length; j++) {
      if (used[j] || !accepts(words[i], names[j])) continue;
      used[j] = true;
      if (assign(i + 1)) return true;
      used[j] = false;
    }
    return false;
  };
  return assign(0);
}

/** The query's words as the oracle reads them (at most 8, as the engine keeps). */
export const oracleQueryWords = (q: string): string[] => tokens(q).slice(0, 8);

/** 0 exact, 1 prefix, 2 words, 3 fuzzy, or -1. */
export function oracleNameLevel(words: string[], text: string): number {
  const name = tokens(text);
  const compact = name.join('');
  const query = words.join('');
  if (compact.length === 0) return -1;
  if (compact === query) return 0;
  if (distinct(words, name, (w, t) => t.startsWith(w))) return compact.startsWith(query) ? 1 : 2;
  return distinct(words, name, fuzzyAccepts) ? 3 : -1;
}

export const ORACLE_FIELDS = ['name', 'alternate_name', 'people', 'family', 'description'] as const;

/** The query is this person's full name: the same letters, and the name has two words or more. */
function fullName(words: string[], person: string): boolean {
  const name = tokens(person);
  return name.length >= 2 && name.join('') === words.join('');
}

/**
 * The game's tier for q (0 name or a creator's full name, 1 alternate name, 2 fuzzy, 3 people,
 * 4 family, 5 description), or null when it does not match.
 */
export function oracleTextTier(text: OracleText, q: string): number | null {
  const words = oracleQueryWords(q);
  if ([...words.join('')].length < 2) return null;
  const tiers: number[] = [];
  const name = oracleNameLevel(words, text.name);
  if (name >= 0) tiers.push(name === 3 ? 2 : 0);
  for (const alt of text.alternate_names) {
    const level = oracleNameLevel(words, alt);
    if (level >= 0) tiers.push(level === 3 ? 2 : 1);
  }
  if (text.people.some((p) => fullName(words, p))) tiers.push(0);
  if (text.people.some((p) => oracleNameLevel(words, p) >= 0)) tiers.push(3);
  if (text.families.some((f) => oracleNameLevel(words, f) >= 0)) tiers.push(4);
  if (text.description !== null) {
    const described = new Set(tokens(text.description));
    if (words.every((w) => described.has(w))) tiers.push(5);
  }
  return tiers.length === 0 ? null : Math.min(...tiers);
}
