// The indexed names ("entries": one per name or alternate name of a document) and the two
// lookup structures built over them. Entry ids are dense and ascending in document order.

import { analyzeText } from './analyze.js';
import { tokenDictionaryBuilder, type TokenDictionary } from './dictionary.js';
import { gramIndexBuilder, type GramIndex } from './grams.js';
import { StringIds } from './strings.js';

/** One game as the text index sees it: its names with their weights, and its tie-breakers. */
export interface TextDocument {
  row: number;
  names: { text: string; weight: number }[];
  /** bayes_rating, NaN when null: the first tie-breaker. */
  rankKey: number;
  id: string;
}

export interface NameEntries {
  /** Document (position in the `docs` given to the builder) of each entry. */
  doc: Uint32Array;
  weight: Float64Array;
  /** Folded letters with separators removed: the exact-match and CJK substring key. */
  compact: string[];
  /** compact[e].length, kept flat so the exact test rarely touches the string. */
  compactLength: Uint32Array;
  /** The entry's separator-delimited CJK runs (whole-run bonus); undefined for names without CJK. */
  cjk: (readonly string[] | undefined)[];
  /** 1 when cjk[e] is set: a flat flag is cheaper to test per candidate than the array slot. */
  hasCjk: Uint8Array;
  /** Exact-match lookup: compact string -> id; lastEntry[id] then sameCompact[e] chain its entries (-1 ends). */
  compactIds: StringIds;
  lastEntry: Int32Array;
  sameCompact: Int32Array;
  /** Prefix rule: sorted token dictionary, postings and each entry's token ids. */
  dictionary: TokenDictionary;
  /** Substring rule: CJK unigram and bigram postings. */
  grams: GramIndex;
}

export function collectEntries(docs: readonly TextDocument[]): NameEntries {
  let capacity = 0;
  for (const d of docs) capacity += d.names.length;
  const words = tokenDictionaryBuilder();
  const grams = gramIndexBuilder();
  // Typed arrays sized for every name, trimmed at the end: cheaper than growing JS arrays.
  const doc = new Uint32Array(capacity);
  const weight = new Float64Array(capacity);
  const compactLength = new Uint32Array(capacity);
  const hasCjk = new Uint8Array(capacity);
  const sameCompact = new Int32Array(capacity);
  const lastEntry = new Int32Array(capacity).fill(-1);
  const compact: string[] = [];
  const cjk: (readonly string[] | undefined)[] = [];
  const compactIds = new StringIds(capacity);
  let entry = 0;
  for (let d = 0; d < docs.length; d++) {
    const names = docs[d].names;
    for (let n = 0; n < names.length; n++) {
      const analyzed = analyzeText(names[n].text);
      // Nothing to match on ("!!!", ""): leave the name out rather than index an empty key.
      if (analyzed.compact.length === 0) continue;
      doc[entry] = d;
      weight[entry] = names[n].weight;
      compact.push(analyzed.compact);
      compactLength[entry] = analyzed.compact.length;
      const id = compactIds.intern(analyzed.compact);
      sameCompact[entry] = lastEntry[id];
      lastEntry[id] = entry;
      words.add(analyzed.words);
      if (analyzed.cjk.length > 0) {
        hasCjk[entry] = 1;
        cjk.push(analyzed.cjk);
        grams.add(entry, analyzed.compact);
      } else {
        cjk.push(undefined);
      }
      entry++;
    }
  }
  return {
    doc: doc.slice(0, entry),
    weight: weight.slice(0, entry),
    compact,
    compactLength: compactLength.slice(0, entry),
    cjk,
    hasCjk: hasCjk.slice(0, entry),
    compactIds,
    lastEntry: lastEntry.slice(0, compactIds.size),
    sameCompact: sameCompact.slice(0, entry),
    dictionary: words.build(),
    grams: grams.build(),
  };
}
