// The reload bench's server process: the real app over a writable bench store, with the
// product's Materializer and Dataset reload (server/dataset-reload.ts). Prints
// `LISTENING <port>`; on a `materialize` line on stdin it runs one materialization + reload
// and prints `RAN <json>` once the reload's background work is done too: the run's step
// timings (dataset_reload = commit → new Dataset serving), when it finished (epoch ms, to
// place the reload in the client's polls), how long the background work took after it, and
// this process's event-loop delay over all of it (perf_hooks). With RELOAD_CPU_PROFILE=<file> the
// run alone (not the start-up load) is CPU-profiled into that file.
//
//   tsx bench/reload-server.ts <store file>

import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { Store } from '../loader/store.js';
import { createApp } from '../server/app.js';
import { ApiKeys } from '../server/auth/api-keys.js';
import { loadConfig } from '../server/config.js';
import { CursorCodec } from '../server/cursor.js';
import { loadDataset } from '../server/dataset-loader.js';
import { datasetReload } from '../server/dataset-reload.js';
import { createLogger, silentLogger } from '../server/logger.js';
import { Materializer } from '../server/materializer.js';
import { nodeListener } from '../server/node-listener.js';
import { DatasetState } from '../server/state.js';
import { warmServedDatasets } from '../server/dataset-warmup.js';

export interface ReloadRun {
  timingsMs: Record<string, number>;
  gamesUpdated: number;
  /** Event-loop delay over the run, ms (monitorEventLoopDelay, 5 ms resolution). */
  eventLoop: { p50: number; p99: number; max: number };
  games: number;
  /** performance.timeOrigin + now() when the run (reload included) finished. */
  finishedAtEpochMs: number;
  /** From then until the reload's background work (the rebuild in the default order, the column file) was done. */
  backgroundMs: number;
}

/** Starts the inspector's CPU profiler; the returned function stops it and writes `file`. */
async function profileInto(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

async function main(): Promise<void> {
  const [path] = process.argv.slice(2);
  if (!path) throw new Error('usage: tsx bench/reload-server.ts <store file>');
  const store = await Store.open(path);
  const serving = await loadDataset(store);
  const state = new DatasetState(serving);
  const config = loadConfig({});
  // BENCH_RELOAD_LOG=1: the reload's own log lines (read_ms, the background load) on stderr
  const reloadLogger = process.env.BENCH_RELOAD_LOG === '1' ? createLogger('info', 2) : silentLogger;
  // as the product serves: every swapped-in Dataset warmed between requests (dataset-warmup.ts)
  warmServedDatasets(state, reloadLogger);
  const reload = datasetReload({ store, state, logger: reloadLogger, serving });
  const materializer = new Materializer(store, config.aggregates, reload, silentLogger, reload.settled);
  const app = createApp({
    state,
    store,
    cursors: new CursorCodec('bench-cursor-secret-0123456789'),
    keys: new ApiKeys(store, 'bench-api-key-secret-0123456789abcdef'),
    materializer,
    publicBaseUrl: 'http://127.0.0.1',
  });
  const server = createServer(nodeListener(app, 'http://127.0.0.1', silentLogger));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    console.log(`LISTENING ${address.port}`);
  });
  const lines = createInterface({ input: process.stdin });
  const profileFile = process.env.RELOAD_CPU_PROFILE;
  lines.on('line', async (line) => {
    if (line.trim() !== 'materialize') return;
    const stopProfile = profileFile ? await profileInto(profileFile) : undefined;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    materializer.run('cli').then(
      async (report) => {
        const finishedAtEpochMs = performance.timeOrigin + performance.now();
        // the rebuild the reload left running in the background belongs to the run too
        await reload.settled();
        const settledAtEpochMs = performance.timeOrigin + performance.now();
        delay.disable();
        await stopProfile?.();
        const ms = (ns: number) => ns / 1e6;
        const run: ReloadRun = {
          timingsMs: report.timings_ms,
          gamesUpdated: report.games_updated,
          eventLoop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
          games: state.current.size,
          finishedAtEpochMs,
          backgroundMs: settledAtEpochMs - finishedAtEpochMs,
        };
        console.log(`RAN ${JSON.stringify(run)}`);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  const stop = (): void => {
    lines.close();
    server.close();
    void materializer
      .shutdown()
      .then(() => store.close())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  lines.on('close', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
