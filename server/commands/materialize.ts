// `materialize`: one run against the store while the server is stopped (a running server
// holds the store; its admin route and schedule do the same work).

import { materialize } from '../../snapshots/materialize.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store-setup.js';

export async function materializeCommand(config: Config): Promise<number> {
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  try {
    console.error('Materializing: aggregates, global mean, confidence, ranks, player counts, snapshots…');
    const report = await materialize(store, { trigger: 'cli', ...config.aggregates });
    const seconds = (Date.parse(report.finished_at) - Date.parse(report.started_at)) / 1000;
    console.error(
      `Run ${report.run_id} finished in ${seconds.toFixed(1)} s: ${report.games_updated.toLocaleString('en')} games updated, ` +
        `${report.snapshots_written.toLocaleString('en')} snapshots written, global mean rating ${report.global_mean_rating?.toFixed(4) ?? 'n/a'}.`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
