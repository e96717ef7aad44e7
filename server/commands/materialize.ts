// `materialize`: one run against the store while the server is stopped (a running server
// holds the store; its admin route and schedule do the same work), with the progress of its
// steps and, with --json, the run's report as JSON.

import { materialize } from '../../snapshots/materialize.js';
import type { Config } from '../config.js';
import { writeFromStore } from '../dataset-loader.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store-setup.js';
import { meter, progressLine } from './progress.js';

export async function materializeCommand(config: Config, json: boolean): Promise<number> {
  const logger = createLogger(config.logLevel, 2);
  const { store } = await openStore(config, logger);
  const line = progressLine();
  try {
    // Steps 1–5 and the trending score report as they go; the snapshots (step 6) follow.
    const progress = meter(line, { label: 'materializing', unit: 'steps' });
    const report = await materialize(store, {
      trigger: 'cli',
      ...config.aggregates,
      onStep: (step) =>
        progress.update(step.done, step.total, step.done < step.total ? step.step.replaceAll('_', ' ') : 'snapshots'),
    });
    progress.finish();
    // The run ends by writing the column file the next `serve` starts from.
    line.update('writing the column file…');
    await writeFromStore(store, logger);
    line.done();
    if (json) {
      console.log(JSON.stringify(report));
      return 0;
    }
    const seconds = (Date.parse(report.finished_at) - Date.parse(report.started_at)) / 1000;
    console.error(
      `Run ${report.run_id} finished in ${seconds.toFixed(1)} s: ${report.games_updated.toLocaleString('en')} games updated, ` +
        `${report.snapshots_written.toLocaleString('en')} snapshots written, global mean rating ${report.global_mean_rating?.toFixed(4) ?? 'n/a'}.`,
    );
    return 0;
  } finally {
    line.done();
    await store.close();
  }
}
