// The import's last step: refresh every Game aggregate with the one aggregate pipeline
// materialization also runs (loader/materialize/pipeline.ts): baseline ⊕ raw votes
// (SPEC-NOTES D19), global mean, confidence, Bayesian rating and ranks, thresholds and
// multipliers, trending score. Only rows whose values change are written, and only rows
// whose aggregates change get a new updated_at (D46), so a repeated import leaves every
// row as it was. Snapshots are not written here: they belong to materialization runs.

import { refreshAggregates, type AggregateSettings, type PipelineResult } from '../materialize/pipeline.js';
import type { Queryable } from '../store.js';

export interface DeriveOptions extends AggregateSettings {
  /** ISO 8601 time written to updated_at of changed games (and the trending window's end). */
  now: string;
}

/** Writes the derived aggregates; games whose values are unchanged are not touched. */
export async function deriveAggregates(db: Queryable, options: DeriveOptions): Promise<PipelineResult> {
  const { now, ...settings } = options;
  return refreshAggregates(db, new Date(now), settings);
}
