// The composition root of the running server: config, logger, store, Dataset, app, listener.

import { createServer, type Server } from 'node:http';
import { toNodeHandler } from 'h3';
import { abandonStaleRuns } from '../loader/materialize/run.js';
import type { Store } from '../loader/store.js';
import { createApp } from './app.js';
import { AppMetrics } from './metrics.js';
import type { EdgeSettings } from './middleware/edge.js';
import { MemoryCounterStore, type CounterStore } from './middleware/rate-limit.js';
import { RedisCounterStore } from './middleware/rate-limit-redis.js';
import { ApiKeys } from './auth/api-keys.js';
import { apiKeySecret } from './auth/secret.js';
import { rawProblemResponse } from './problem.js';
import type { Config } from './config.js';
import { CursorCodec } from './cursor.js';
import { loadDataset } from './dataset-loader.js';
import type { Logger } from './logger.js';
import { Materializer } from './materializer.js';
import { DatasetState } from './state.js';
import { cursorSecret, ensureDemoCatalog, openStore } from './store-setup.js';

export interface RunningServer {
  server: Server;
  store: Store;
  url: string;
  close(): Promise<void>;
}

export async function loadState(store: Store, logger: Logger): Promise<DatasetState> {
  const started = performance.now();
  const dataset = await loadDataset(store);
  logger.info({ games: dataset.size, ms: Math.round(performance.now() - started) }, 'dataset loaded');
  return new DatasetState(dataset);
}

/** The edge settings of the running server, from its configuration. */
export function edgeSettings(config: Config, counters: CounterStore): EdgeSettings {
  return {
    rateLimit: {
      anonymous: config.rateLimitAnonymous,
      authenticated: config.rateLimitAuthenticated,
      windowMs: 60_000,
      trustProxy: config.trustProxy,
      store: counters,
      // SPEC-NOTES D35: exports have a budget of their own, 10 per hour per key (or address).
      exports: { limit: 10, windowMs: 3_600_000 },
    },
    cors: { origins: config.corsOrigins, maxAgeSeconds: 600 },
    requestTimeoutMs: config.requestTimeoutMs,
  };
}

export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const opened = await openStore(config, logger);
  const { store } = opened;
  let counters: CounterStore | undefined;
  try {
    await ensureDemoCatalog(opened, config, logger);
    const keys = new ApiKeys(store, apiKeySecret(config));
    await ensureAdminKey(keys);
    const abandoned = await abandonStaleRuns(store);
    if (abandoned > 0) logger.warn({ runs: abandoned }, 'materialization runs interrupted by an earlier stop were marked abandoned');
    const state = await loadState(store, logger);
    const cursors = new CursorCodec(await cursorSecret(store));
    const reload = async () => {
      const started = performance.now();
      state.swap(await loadDataset(store));
      logger.info({ games: state.current.size, ms: Math.round(performance.now() - started) }, 'dataset reloaded');
    };
    const materializer = new Materializer(store, config.aggregates, reload, logger);
    const metrics = new AppMetrics(state, { processMetrics: true });
    counters = config.redisUrl ? await connectRedisCounters(config.redisUrl, logger, metrics) : new MemoryCounterStore();
    let draining = false;
    const app = createApp({
      state,
      store,
      cursors,
      keys,
      materializer,
      publicBaseUrl: config.publicBaseUrl,
      logger,
      edge: edgeSettings(config, counters),
      metrics,
      draining: () => draining,
    });
    // A client must deliver its whole request within REQUEST_TIMEOUT_MS (Node answers 408,
    // through clientError below); handlers get the same budget in the edge middleware (503).
    // Node checks these timeouts periodically; check often enough that they hold roughly.
    const server = createServer(
      {
        requestTimeout: config.requestTimeoutMs,
        headersTimeout: Math.min(60_000, config.requestTimeoutMs),
        connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.round(config.requestTimeoutMs / 4))),
      },
      toNodeHandler(app),
    );
    // Requests Node cannot parse never reach h3; answer them with a problem too.
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(rawProblemResponse(error.code, config.publicBaseUrl));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    logger.info({ url, store: config.storePath }, 'Ludex is serving');
    if (config.materializeCron !== null) materializer.startSchedule(config.materializeCron);
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        draining = true;
        await materializer.stopSchedule();
        // Stop accepting; requests in flight get up to REQUEST_TIMEOUT_MS to finish, then
        // their connections are cut (a long export stream, say).
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
        const deadline = setTimeout(() => {
          logger.warn('requests still in flight at the shutdown deadline were cut off');
          server.closeAllConnections();
        }, config.requestTimeoutMs);
        await closed;
        clearInterval(idleSweep);
        clearTimeout(deadline);
        // A run in progress commits or fails as a whole before the store closes.
        await materializer.idle();
        await counters?.close();
        await store.close();
        logger.info('stopped');
      })());
    return { server, store, url, close };
  } catch (error) {
    await counters?.close();
    await store.close();
    throw error;
  }
}

/** Shared rate-limit counters; a Redis that is down at start is logged, and limits hold per process until it is up. */
async function connectRedisCounters(url: string, logger: Logger, metrics: AppMetrics): Promise<RedisCounterStore> {
  const counters = new RedisCounterStore({ url, logger, onFallback: () => metrics.rateLimitStoreErrors.inc() });
  if (await counters.ready()) logger.info('rate-limit counters are shared through Redis');
  else logger.warn('Redis did not answer at start: rate limits are counted per process until it does');
  return counters;
}

/**
 * SPEC-NOTES D33 (as overridden): a store without an active admin key gets one on start.
 * The plaintext goes to the terminal once, never to the log stream.
 */
async function ensureAdminKey(keys: ApiKeys): Promise<void> {
  if (await keys.hasActiveAdmin()) return;
  const issued = await keys.create({ admin: true, name: 'initial admin key' });
  process.stderr.write(
    `\nNo admin API key existed, so one was created. It is shown only this once; keep it safe:\n\n  ${issued.key}\n\n` +
      'Send it as X-API-Key to /v1/admin routes; `npm run ludex -- keys create` makes more while the server is stopped.\n\n',
  );
}
