// The aggregate refresh an import ends with, showing its progress: step k of 7 over the
// store's games, with percentage, rate and time left (it runs 85 s on the BGG store, which
// used to pass in silence).

import type { Queryable } from '../../loader/store.js';
import { type AggregateSettings, aggregateRefresh, type PipelineResult } from '../../snapshots/pipeline.js';
import { meter, type ProgressLine } from './progress.js';

export function refreshWithProgress(
  settings: AggregateSettings,
  line: ProgressLine,
): (db: Queryable, now: Date) => Promise<PipelineResult> {
  return async (db, now) => {
    const [{ games }] = await db.all<{ games: number }>('SELECT CAST(count(*) AS INTEGER) AS games FROM games');
    const progress = meter(line, {
      label: `refreshing the aggregates of ${games.toLocaleString('en')} games`,
      unit: 'steps',
    });
    const result = await aggregateRefresh({
      ...settings,
      onStep: (step) => progress.update(step.done, step.total, step.step.replaceAll('_', ' ')),
    })(db, now);
    progress.finish();
    return result;
  };
}
