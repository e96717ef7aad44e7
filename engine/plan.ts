// Evaluating a compiled plan: AND of the kept clauses, minus the excluded ones, optionally
// skipping one facet dimension. In effective mode a game passes the effective-aware part
// when its base row passes it or any of its variants does.

import { andAll, rangeBitmap, type Bitmap } from './bitmap.js';
import type { Clause, Plan } from './filter.js';
import type { FacetDimension } from './query.js';
import type { Variants } from './variants.js';

export interface Evaluation {
  /** Matching game rows. */
  result: Bitmap;
  /** Effective mode: base rows passing every effective-aware filter (null: no such filter). */
  baseEffective: Bitmap | null;
  /** Effective mode: variants passing every effective-aware filter. */
  variantEffective: Bitmap | null;
}

export function evaluate(plan: Plan, size: number, variants: Variants, skip?: FacetDimension): Evaluation {
  const clauses = without(plan.clauses, skip);
  let baseEffective: Bitmap | null = null;
  let variantEffective: Bitmap | null = null;
  if (plan.effective) {
    baseEffective = intersect(without(plan.effective.base, skip), size);
    variantEffective = intersect(without(plan.effective.variants, skip), variants.count);
    if (baseEffective !== null) {
      const either = baseEffective.clone();
      if (variantEffective !== null) either.orInPlace(variants.basesOf(variantEffective));
      clauses.push({ dim: null, bitmap: either, exclude: false });
    }
  }
  return { result: intersect(clauses, size) ?? rangeBitmap(0, size), baseEffective, variantEffective };
}

function without(clauses: readonly Clause[], skip: FacetDimension | undefined): Clause[] {
  return skip === undefined ? [...clauses] : clauses.filter((c) => c.dim !== skip);
}

/** AND of kept clauses minus excluded ones over [0, size); null when there are no clauses. */
function intersect(clauses: readonly Clause[], size: number): Bitmap | null {
  if (clauses.length === 0) return null;
  const kept = clauses.filter((c) => !c.exclude).map((c) => c.bitmap);
  const out = kept.length > 0 ? andAll(kept) : rangeBitmap(0, size);
  for (const c of clauses) if (c.exclude && out.size > 0) out.andNotInPlace(c.bitmap);
  return out;
}

/** Whether the plan has a clause the given dimension's facet must skip. */
export function touches(plan: Plan, dim: FacetDimension): boolean {
  const has = (list: readonly Clause[]): boolean => list.some((c) => c.dim === dim);
  return has(plan.clauses) || (plan.effective !== null && (has(plan.effective.base) || has(plan.effective.variants)));
}
