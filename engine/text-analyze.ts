// Breaking a name or a query into the pieces the two matching rules of D56 work on:
// tokens for space-delimited scripts (prefix rule), runs of CJK for scripts without spaces
// (substring rule). Names and queries go through the same function so both sides agree.

import { foldText } from './normalize.js';

export interface AnalyzedText {
  /** Every letter, digit and mark in order, separators removed: the exact-match and substring key. */
  compact: string;
  /** Tokens of space-delimited scripts, in order, duplicates kept (the prefix rule needs distinct occurrences). */
  words: string[];
  /** Runs of Han, kana or Hangul; a separator or a letter of another script ends a run. */
  cjk: string[];
  /** The first word or run in text order ("" when none): "the name starts with the query" compares this. */
  first: string;
}

// Plain ASCII is most of the catalog; foldText leaves it as toLowerCase would, and skipping
// the two normalize() passes roughly halves index build time.
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_TOKEN = /[a-z0-9]+/g;
// Marks count as letters: in Indic scripts they are part of the word, and foldText already
// removed the Latin diacritics that should not matter.
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
// Script_Extensions, not Script: the prolonged sound mark ー and the voicing marks are
// "Common"/"Inherited" by Script but belong to kana runs.
const CJK_RUN = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]+/gu;

export function analyzeText(text: string): AnalyzedText {
  if (ASCII.test(text)) {
    const words = text.toLowerCase().match(ASCII_TOKEN) ?? [];
    return { compact: words.join(''), words, cjk: [], first: words[0] ?? '' };
  }
  const words: string[] = [];
  const cjk: string[] = [];
  let compact = '';
  let first = '';
  for (const match of foldText(text).matchAll(TOKEN)) {
    const token = match[0];
    if (compact.length === 0) first = firstPiece(token);
    compact += token;
    let last = 0;
    for (const run of token.matchAll(CJK_RUN)) {
      if (run.index > last) words.push(token.slice(last, run.index));
      cjk.push(run[0]);
      last = run.index + run[0].length;
    }
    if (last < token.length) words.push(token.slice(last));
  }
  return { compact, words, cjk, first };
}

/** The leading word or CJK run of a token ("カタンjunior" -> "カタン"). */
function firstPiece(token: string): string {
  CJK_RUN.lastIndex = 0;
  const run = CJK_RUN.exec(token);
  CJK_RUN.lastIndex = 0;
  if (run === null) return token;
  return run.index === 0 ? run[0] : token.slice(0, run.index);
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
