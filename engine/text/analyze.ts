// Breaking a name or a query into the pieces the two matching rules of D56 work on:
// tokens for space-delimited scripts (prefix rule), runs of CJK for scripts without spaces
// (substring rule). Names and queries go through the same function so both sides agree.

import { foldText } from '../normalize.js';

export interface AnalyzedText {
  /** Every letter, digit and mark in order, separators removed: the exact-match and substring key. */
  compact: string;
  /** Tokens of space-delimited scripts, in order, duplicates kept (the prefix rule needs distinct occurrences). */
  words: readonly string[];
  /** Runs of Han, kana or Hangul; a separator or a letter of another script ends a run. */
  cjk: readonly string[];
  /** The first word or run in text order ("" when none): "the name starts with the query" compares this. */
  first: string;
}

// Apostrophes join the letters around them instead of separating words: "Tzolk'in" is the
// one word "tzolkin", "Loopin'" is "loopin", as people type them (straight, typographic and
// modifier-letter forms).
const APOSTROPHES = /['\u2018\u2019\u02bc]/g;

// Plain ASCII is most of the catalog and foldText leaves it as toLowerCase would, so the
// two normalize() passes (the dearest step of analysis) are skipped for it.
const ASCII = /^[\p{ASCII}]*$/u;
const ASCII_TOKEN = /[a-z0-9]+/g;
// Marks count as letters: in Indic scripts they are part of the word, and foldText already
// removed the Latin diacritics that should not matter.
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
// Script_Extensions, not Script: the prolonged sound mark ー and the voicing marks are
// "Common"/"Inherited" by Script but belong to kana runs.
const CJK_CLASS = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}';
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
const HAS_CJK = new RegExp(`[${CJK_CLASS}]`, 'u');
// A token cut into alternating CJK and other pieces.
const PIECE = new RegExp(`[${CJK_CLASS}]+|[^${CJK_CLASS}]+`, 'gu');
// Shared by the names without CJK (nearly all), saving an allocation per name.
const NO_RUNS: readonly string[] = [];

export function analyzeText(text: string): AnalyzedText {
  if (ASCII.test(text)) {
    const lower = text.toLowerCase();
    const words = (lower.includes("'") ? lower.replace(APOSTROPHES, '') : lower).match(ASCII_TOKEN) ?? [];
    return { compact: words.join(''), words, cjk: NO_RUNS, first: words[0] ?? '' };
  }
  // match() with /g returns plain strings: much cheaper than matchAll's match objects, and
  // names are indexed by the hundred thousand.
  const folded = foldText(text).replace(APOSTROPHES, '');
  // Folding turns most accented Latin into ASCII, which the cheap tokenizer handles.
  const tokens = (ASCII.test(folded) ? folded.match(ASCII_TOKEN) : folded.match(TOKEN)) ?? [];
  const compact = tokens.join('');
  if (!HAS_CJK.test(compact)) return { compact, words: tokens, cjk: NO_RUNS, first: tokens[0] ?? '' };
  const words: string[] = [];
  const cjk: string[] = [];
  let first = '';
  for (const token of tokens) {
    for (const piece of token.match(PIECE) ?? []) {
      if (first === '') first = piece;
      if (HAS_CJK.test(piece)) cjk.push(piece);
      else words.push(piece);
    }
  }
  return { compact, words, cjk, first };
}

/** Length in code points, so one astral character counts as one. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Maximal runs of CJK characters in `text`. */
export function cjkRuns(text: string): string[] {
  return text.match(CJK_RUN) ?? [];
}
