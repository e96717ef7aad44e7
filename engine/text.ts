// Full-text index over game names and alternate names (D30, D56). Pure and synchronous:
// built once per Dataset, read by every /search request.
//
// Matching, per name ("entry"), after folding both sides (case, diacritics, width):
// - every query token (space-delimited scripts) prefixes a distinct token of the name;
// - every query CJK run (Han, kana, Hangul) is a substring of the name with separators removed.
// A name whose folded letters equal the query's (separators ignored: "tic tac toe" and
// "TicTacToe") is an exact match and always matches, whatever the two rules say.
// A document matches when one of its names does. Scoring: see text-score.ts.
//
// Lookup: the query part with the fewest postings supplies candidates (a token's prefix range
// in the sorted dictionary, or a run's rarest bigram); each candidate is then verified on its
// own token ids and compact string, scored, and the best `limit` documents kept.

import type { TextHit } from './api.js';
import { analyzeText, codePointLength, type AnalyzedText } from './text-analyze.js';
import { prefixRange, tokenDictionaryBuilder, type TokenDictionary } from './text-dictionary.js';
import { gramIndexBuilder, runGrams, type GramIndex } from './text-grams.js';
import { anyInRange, assignDistinct, contains, type PrefixRanges } from './text-match.js';
import { nameScore } from './text-score.js';
import { selectTop } from './text-topk.js';

export interface TextDocument {
  row: number;
  names: { text: string; weight: number }[];
  /** bayes_rating, NaN when null: the first tie-breaker. */
  rankKey: number;
  id: string;
}

export interface TextIndex {
  search(query: string, limit: number): TextHit[];
}

/** Shortest query worth answering, in code points after folding (D30: q >= 2 chars). */
const MIN_QUERY_LENGTH = 2;
const EXACT = { exact: true, starts: true, whole: 1, coverage: 1 };

interface Entries {
  /** Document (position in `docs`) of each entry. */
  doc: Uint32Array;
  weight: Float64Array;
  compact: string[];
  /** The entry's separator-delimited CJK runs, for the whole-run bonus; undefined for most names. */
  cjk: (readonly string[] | undefined)[];
  /** Exact-match lookup: first entry per compact string, then a chain through `sameCompact` (-1 ends). */
  byCompact: Map<string, number>;
  sameCompact: Int32Array;
}

export function buildTextIndex(docs: readonly TextDocument[]): TextIndex {
  const words = tokenDictionaryBuilder();
  const grams = gramIndexBuilder();
  const doc: number[] = [];
  const weight: number[] = [];
  const compact: string[] = [];
  const cjk: (readonly string[] | undefined)[] = [];
  const byCompact = new Map<string, number>();
  const sameCompact: number[] = [];
  for (let d = 0; d < docs.length; d++) {
    for (const name of docs[d].names) {
      const analyzed = analyzeText(name.text);
      if (analyzed.compact.length === 0) continue;
      const entry = doc.length;
      doc.push(d);
      weight.push(name.weight);
      compact.push(analyzed.compact);
      sameCompact.push(byCompact.get(analyzed.compact) ?? -1);
      byCompact.set(analyzed.compact, entry);
      cjk.push(analyzed.cjk.length > 0 ? analyzed.cjk : undefined);
      words.add(analyzed.words);
      if (analyzed.cjk.length > 0) grams.add(entry, analyzed.compact);
    }
  }
  const entries: Entries = {
    doc: Uint32Array.from(doc),
    weight: Float64Array.from(weight),
    compact,
    cjk,
    byCompact,
    sameCompact: Int32Array.from(sameCompact),
  };
  return new Index(docs, entries, words.build(), grams.build());
}

/** Position of each document in (rankKey desc, NaN last, id asc) order: ties need one integer compare. */
function tieRanks(docs: readonly TextDocument[]): Uint32Array {
  const order = Array.from(docs.keys()).sort((a, b) => {
    const ka = docs[a].rankKey;
    const kb = docs[b].rankKey;
    const na = Number.isNaN(ka);
    const nb = Number.isNaN(kb);
    if (na !== nb) return na ? 1 : -1;
    if (!na && ka !== kb) return kb - ka;
    const ia = docs[a].id;
    const ib = docs[b].id;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  });
  const rank = new Uint32Array(docs.length);
  for (let i = 0; i < order.length; i++) rank[order[i]] = i;
  return rank;
}

/** A query prepared against the dictionary; null when some part cannot match anything. */
interface PreparedQuery {
  analyzed: AnalyzedText;
  ranges: PrefixRanges;
  /** Per query token, the id of the identical dictionary token, or -1 (whole-token bonus). */
  exactIds: number[];
  /** Where candidates come from: a token's id range, a gram's postings, or none (exact names only). */
  source: { kind: 'range'; lo: number; hi: number } | { kind: 'gram'; postings: Uint32Array } | { kind: 'none' };
}

class Index implements TextIndex {
  private readonly rows: Float64Array;
  private readonly tieRank: Uint32Array;
  // Per-search scratch, reused so a broad query allocates nothing per candidate. Generations
  // stand in for clearing: a slot is valid only when its stamp equals the current generation.
  private readonly entrySeen: Uint32Array;
  private readonly docSeen: Uint32Array;
  private readonly docScore: Float64Array;
  private generation = 0;

  constructor(
    docs: readonly TextDocument[],
    private readonly entries: Entries,
    private readonly dictionary: TokenDictionary,
    private readonly grams: GramIndex,
  ) {
    this.rows = Float64Array.from(docs, (d) => d.row);
    this.tieRank = tieRanks(docs);
    this.entrySeen = new Uint32Array(entries.doc.length);
    this.docSeen = new Uint32Array(docs.length);
    this.docScore = new Float64Array(docs.length);
  }

  search(query: string, limit: number): TextHit[] {
    if (!(limit >= 1)) return [];
    const analyzed = analyzeText(query);
    if (codePointLength(analyzed.compact) < MIN_QUERY_LENGTH) return [];
    const prepared = this.prepare(analyzed);
    const touched = this.scoreCandidates(prepared);
    return selectTop(touched, this.docScore, this.tieRank, Math.floor(limit)).map((d) => ({
      row: this.rows[d],
      score: this.docScore[d],
    }));
  }

  private prepare(analyzed: AnalyzedText): PreparedQuery {
    const { tokens, postingStart } = this.dictionary;
    const lo: number[] = [];
    const hi: number[] = [];
    const exactIds: number[] = [];
    let source: PreparedQuery['source'] = { kind: 'none' };
    let sourceSize = Infinity;
    let possible = true;
    for (const word of analyzed.words) {
      const [from, to] = prefixRange(tokens, word);
      if (from === to) possible = false;
      lo.push(from);
      hi.push(to);
      exactIds.push(tokens[from] === word ? from : -1);
      // Postings summed over the range: an upper bound on candidates, exact enough to choose.
      const size = postingStart[to] - postingStart[from];
      if (size < sourceSize) {
        sourceSize = size;
        source = { kind: 'range', lo: from, hi: to };
      }
    }
    for (const run of analyzed.cjk) {
      for (const key of runGrams(run)) {
        const postings = this.grams.postings(key);
        if (postings === undefined) {
          possible = false;
          continue;
        }
        if (postings.length < sourceSize) {
          sourceSize = postings.length;
          source = { kind: 'gram', postings };
        }
      }
    }
    // A part no name contains rules out the two rules, not an exact match of the whole.
    if (!possible) source = { kind: 'none' };
    return { analyzed, ranges: { lo, hi }, exactIds, source };
  }

  /** Verifies and scores every candidate entry; returns the matching documents, once each. */
  private scoreCandidates(query: PreparedQuery): number[] {
    this.nextGeneration();
    const generation = this.generation;
    const touched: number[] = [];
    const visit = (entry: number): void => {
      const score = this.scoreEntry(query, entry);
      if (score < 0) return;
      const d = this.entries.doc[entry];
      if (this.docSeen[d] !== generation) {
        this.docSeen[d] = generation;
        this.docScore[d] = score;
        touched.push(d);
      } else if (score > this.docScore[d]) {
        this.docScore[d] = score;
      }
    };
    const { entries } = this;
    for (let e = entries.byCompact.get(query.analyzed.compact) ?? -1; e >= 0; e = entries.sameCompact[e]) {
      this.entrySeen[e] = generation;
      visit(e);
    }
    const { source } = query;
    if (source.kind === 'gram') {
      for (let i = 0; i < source.postings.length; i++) visit(source.postings[i]);
    } else if (source.kind === 'range') {
      // Several tokens of the range may share an entry; visit it once.
      const { postingStart, postings } = this.dictionary;
      for (let i = postingStart[source.lo]; i < postingStart[source.hi]; i++) {
        const entry = postings[i];
        if (this.entrySeen[entry] === generation) continue;
        this.entrySeen[entry] = generation;
        visit(entry);
      }
    }
    return touched;
  }

  /** The entry's score, or -1 when it does not match. */
  private scoreEntry(query: PreparedQuery, entry: number): number {
    const { analyzed, ranges, exactIds } = query;
    const compact = this.entries.compact[entry];
    if (compact === analyzed.compact) return nameScore(EXACT, this.entries.weight[entry]);
    for (const run of analyzed.cjk) if (!compact.includes(run)) return -1;
    const { entryStart, entryTokens } = this.dictionary;
    const start = entryStart[entry];
    const end = entryStart[entry + 1];
    const wordCount = ranges.lo.length;
    if (wordCount === 1) {
      if (!anyInRange(ranges.lo[0], ranges.hi[0], entryTokens, start, end)) return -1;
    } else if (wordCount > 1 && !assignDistinct(ranges, entryTokens, start, end)) {
      return -1;
    }
    let whole = 0;
    for (const id of exactIds) if (id >= 0 && contains(id, entryTokens, start, end)) whole++;
    const runs = this.entries.cjk[entry];
    if (runs !== undefined) for (const run of analyzed.cjk) if (runs.includes(run)) whole++;
    const parts = wordCount + analyzed.cjk.length;
    return nameScore(
      {
        exact: false,
        starts: compact.startsWith(analyzed.first),
        whole: whole / parts,
        coverage: analyzed.compact.length / compact.length,
      },
      this.entries.weight[entry],
    );
  }

  private nextGeneration(): void {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.entrySeen.fill(0);
      this.docSeen.fill(0);
      this.generation = 1;
    }
  }
}
