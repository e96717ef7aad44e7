// Relevance of one matched name (D56: score in 0..1, exact name = 1.0).
//
//   exact  (query and name equal once folded and stripped of separators):  base = 1
//   otherwise:  base = 0.35 + 0.20·starts + 0.15·whole + 0.25·coverage       (at most 0.95)
//     starts   1 when the name begins with the query's first token (or CJK run), else 0
//     whole    share of query tokens/runs equal to some whole name token/run, not just a prefix
//              of one (counted per query token, without re-running the distinct assignment)
//     coverage min(1, query letters / name letters), separators excluded: how much of the
//              name the query accounts for
//   name score     = weight · base       (names and alternate names 1.0; descriptions lower)
//   document score = the best of its names' scores
//
// The non-exact ceiling of 0.95 keeps an exact match strictly first among equal weights;
// starting the name outweighs a whole-token match because people type the beginning of a
// title; coverage separates "Catan" hits in "Catan Junior" from those in a long subtitle.

export interface MatchShape {
  exact: boolean;
  starts: boolean;
  /** 0..1 */
  whole: number;
  /** 0..1 */
  coverage: number;
}

export function nameScore(shape: MatchShape, weight: number): number {
  const base = shape.exact
    ? 1
    : 0.35 + (shape.starts ? 0.2 : 0) + 0.15 * shape.whole + 0.25 * Math.min(1, shape.coverage);
  return Math.min(1, Math.max(0, weight * base));
}

/**
 * The most a name of `length` letters can score against a query of `queryLength` letters
 * whose `whole` can be at most `maxWhole` (a query token absent from the dictionary is never
 * whole), from flat per-entry data only: lets a broad query skip names that cannot reach its top.
 */
export function nameScoreBound(queryLength: number, maxWhole: number, length: number, weight: number): number {
  if (length === queryLength) return Math.min(1, Math.max(0, weight)); // may be exact
  return nameScore({ exact: false, starts: true, whole: maxWhole, coverage: queryLength / length }, weight);
}
