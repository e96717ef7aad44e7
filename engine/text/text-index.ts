// Full-text index over game names and alternate names (D30, D56). Pure and synchronous:
// built once per Dataset, read by every /search request.
//
// Matching, per name ("entry"), after folding both sides (case, diacritics, width):
// - every query token (space-delimited scripts) prefixes a distinct token of the name;
// - every query CJK run (Han, kana, Hangul) is a substring of the name with separators removed;
// - or the name is an exact match: same folded letters, separators ignored ("tic tac toe"
//   finds "TicTacToe").
// A document matches when one of its names does; its score is its best name's (score.ts).
//
// Lookup: the query part with the fewest postings supplies candidates (a token's prefix range
// in the sorted dictionary, or a CJK run's rarest gram), the other words' postings narrow
// them, and each survivor is verified on its own token ids and compact string, then scored.

import type { TextHit } from '../api.js';
import { analyzeText, codePointLength } from './analyze.js';
import { CandidateScratch } from './candidates.js';
import { collectEntries, type NameEntries, type TextDocument } from './entries.js';

export type { TextDocument } from './entries.js';
import { anyInRange, contains, DistinctMatcher } from './match.js';
import { prepareQuery, type PreparedQuery } from './query.js';
import { nameScore, nameScoreBound } from './score.js';
import { ScoreThreshold } from './threshold.js';
import { selectTop } from './topk.js';

export interface TextIndex {
  search(query: string, limit: number): TextHit[];
}

/** Shortest query worth answering, in code points after folding (D30: q >= 2 chars). */
const MIN_QUERY_LENGTH = 2;
const EXACT = { exact: true, starts: true, whole: 1, coverage: 1 };

export function buildTextIndex(docs: readonly TextDocument[]): TextIndex {
  return new Index(docs, collectEntries(docs));
}

class Index implements TextIndex {
  private readonly rows: Float64Array;
  private readonly rankKey: Float64Array;
  private readonly ids: readonly string[];
  // Per-search scratch, reused so a broad query allocates little per candidate. search() is
  // synchronous, so one set per index is never shared by two searches at once.
  private readonly scratch: CandidateScratch;
  private readonly matcher = new DistinctMatcher(16);
  private readonly docSeen: Uint32Array;
  private readonly docScore: Float64Array;
  /** Matching documents of the current search, docTouched[0 .. touchedCount). */
  private readonly docTouched: Uint32Array;
  private touchedCount = 0;
  private generation = 0;

  constructor(
    docs: readonly TextDocument[],
    private readonly entries: NameEntries,
  ) {
    this.rows = new Float64Array(docs.length);
    this.rankKey = new Float64Array(docs.length);
    const ids: string[] = [];
    for (let d = 0; d < docs.length; d++) {
      this.rows[d] = docs[d].row;
      this.rankKey[d] = docs[d].rankKey;
      ids.push(docs[d].id);
    }
    this.ids = ids;
    this.scratch = new CandidateScratch(entries.doc.length);
    this.docSeen = new Uint32Array(docs.length);
    this.docScore = new Float64Array(docs.length);
    this.docTouched = new Uint32Array(docs.length);
  }

  search(query: string, limit: number): TextHit[] {
    if (!(limit >= 1)) return [];
    const analyzed = analyzeText(query);
    if (codePointLength(analyzed.compact) < MIN_QUERY_LENGTH) return [];
    const prepared = prepareQuery(analyzed, this.entries.dictionary, this.entries.grams);
    const count = Math.max(1, Math.min(Math.floor(limit), this.rows.length));
    this.scoreDocuments(prepared, new ScoreThreshold(count));
    const touched = this.docTouched.subarray(0, this.touchedCount);
    return selectTop(touched, count, this.docScore, this.tieBefore).map((d) => ({
      row: this.rows[d],
      score: this.docScore[d],
    }));
  }

  /** Scores every matching entry into docScore and lists the matching documents, once each. */
  private scoreDocuments(query: PreparedQuery, threshold: ScoreThreshold): void {
    const generation = this.nextGeneration();
    this.touchedCount = 0;
    const record = (entry: number, score: number): void => {
      const d = this.entries.doc[entry];
      if (this.docSeen[d] !== generation) {
        this.docSeen[d] = generation;
        this.docScore[d] = score;
        this.docTouched[this.touchedCount++] = d;
        threshold.offer(score);
      } else if (score > this.docScore[d]) {
        this.docScore[d] = score;
      }
    };
    const { entries } = this;
    // Exact names match whatever the rules say; one of them may also come back as a
    // candidate below, which only re-records the same score.
    const compactId = entries.compactIds.find(query.analyzed.compact);
    for (let e = compactId < 0 ? -1 : entries.lastEntry[compactId]; e >= 0; e = entries.sameCompact[e]) {
      record(e, nameScore(EXACT, entries.weight[e]));
    }
    const candidates = this.scratch.candidates(query, entries);
    const queryLength = query.analyzed.compact.length;
    const maxWhole = query.maxWhole;
    for (let i = 0; i < candidates.length; i++) {
      const entry = candidates[i];
      // Verification and scoring touch the entry's tokens and strings; the bound reads two numbers.
      const bound = nameScoreBound(queryLength, maxWhole, entries.compactLength[entry], entries.weight[entry]);
      if (bound < threshold.value) continue;
      const score = this.scoreEntry(query, entry);
      if (score >= 0) record(entry, score);
    }
  }

  /** The entry's score under the rules, or -1 when it does not match. */
  private scoreEntry(query: PreparedQuery, entry: number): number {
    const { analyzed, ranges, exactIds, source } = query;
    const { entries } = this;
    const length = entries.compactLength[entry];
    if (length === analyzed.compact.length && entries.compact[entry] === analyzed.compact) {
      return nameScore(EXACT, entries.weight[entry]);
    }
    const cjk = analyzed.cjk;
    for (let r = 0; r < cjk.length; r++) if (!entries.compact[entry].includes(cjk[r])) return -1;
    const { entryStart, entryTokens } = entries.dictionary;
    const start = entryStart[entry];
    const end = entryStart[entry + 1];
    const wordCount = ranges.lo.length;
    // A lone word that supplied the candidates needs no check: its postings are the matches.
    const checked = wordCount === 1 && source.kind === 'range';
    if (wordCount > 0 && !checked && !this.matcher.matches(ranges, entryTokens, start, end)) return -1;

    let whole = 0;
    for (let w = 0; w < wordCount; w++) {
      if (exactIds[w] >= 0 && contains(exactIds[w], entryTokens, start, end)) whole++;
    }
    const hasCjk = entries.hasCjk[entry] === 1;
    if (hasCjk && cjk.length > 0) {
      const runs = entries.cjk[entry] ?? [];
      for (let r = 0; r < cjk.length; r++) if (runs.includes(cjk[r])) whole++;
    }
    // Names without CJK begin with their first token, so a query word "starts" the name when
    // that token is in its range; otherwise compare strings.
    const starts =
      query.firstIsWord && !hasCjk
        ? start < end && anyInRange(ranges.lo[0], ranges.hi[0], entryTokens, start, start + 1)
        : entries.compact[entry].startsWith(analyzed.first);
    return nameScore(
      { exact: false, starts, whole: whole / (wordCount + cjk.length), coverage: analyzed.compact.length / length },
      entries.weight[entry],
    );
  }

  /** Equal scores: bayes_rating desc with null (NaN) last, then id asc. */
  private readonly tieBefore = (a: number, b: number): boolean => {
    const ka = this.rankKey[a];
    const kb = this.rankKey[b];
    const na = Number.isNaN(ka);
    const nb = Number.isNaN(kb);
    if (na !== nb) return nb;
    if (!na && ka !== kb) return ka > kb;
    return this.ids[a] < this.ids[b];
  };

  private nextGeneration(): number {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.docSeen.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}
