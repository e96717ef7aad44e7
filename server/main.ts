// The composition root of the running server: config, logger, store, Dataset, app, listener.

import { createServer, type Server } from 'node:http';
import { toNodeHandler } from 'h3';
import { abandonStaleRuns } from '../snapshots/materialize.js';
import type { Store } from '../loader/store.js';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import type { H3 } from 'h3';
import { createApp, type AppDeps } from './app.js';
import { AppMetrics } from './metrics.js';
import type { EdgeSettings } from './middleware/edge-settings.js';
import { MemoryCounterStore, type CounterStore } from './middleware/rate-limit-counters.js';
import { RedisCounterStore } from './middleware/rate-limit-redis.js';
import { ApiKeys } from './auth/api-keys.js';
import { apiKeySecret } from './auth/secret.js';
import { rawProblemResponse } from './problem.js';
import type { Config } from './config.js';
import { CursorCodec } from './cursor.js';
import { loadDatasetWithInput } from './dataset-loader.js';
import { datasetReload } from './dataset-reload.js';
import type { Logger } from './logger.js';
import { Materializer } from './materializer.js';
import { ReplicaFollower, StoreSlot, openPublishedVersion } from './replica.js';
import { ReplicaPublisher } from './replica-publisher.js';
import { DatasetState } from './state.js';
import { cursorSecret, ensureDemoCatalog, existingCursorSecret, openStore } from './store-setup.js';

export interface RunningServer {
  server: Server;
  store: Store;
  url: string;
  close(): Promise<void>;
}

/** How often a replica checks the writer's manifest. */
const REPLICA_CHECK_INTERVAL_MS = 1_000;

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
    if (abandoned > 0)
      logger.warn({ runs: abandoned }, 'materialization runs interrupted by an earlier stop were marked abandoned');
    const publisher = config.replicaPublish
      ? new ReplicaPublisher(store, config.dataDir, config.publicBaseUrl, logger)
      : undefined;
    const loadStarted = performance.now();
    const initial = await loadDatasetWithInput(store);
    const loadMs = performance.now() - loadStarted;
    logger.info({ games: initial.dataset.size, ms: Math.round(loadMs) }, 'dataset loaded');
    const state = new DatasetState(initial.dataset);
    const metrics = new AppMetrics(state, { processMetrics: true });
    metrics.observeDatasetLoad('initial', loadMs / 1000);
    // The secret first: the publication copies the store, and replicas sign with it too.
    const cursors = new CursorCodec(await cursorSecret(store));
    void publisher?.publish(initial.input);
    const reload = datasetReload({
      store,
      state,
      logger,
      publisher,
      onLoaded: (seconds) => metrics.observeDatasetLoad('reload', seconds),
    });
    const materializer = new Materializer(store, config.aggregates, reload, logger);
    counters = config.redisUrl
      ? await connectRedisCounters(config.redisUrl, logger, metrics)
      : new MemoryCounterStore();
    let draining = false;
    const app = createApp({
      state,
      store,
      cursors,
      keys,
      materializer,
      ...servingDeps(config, logger, counters, metrics, () => draining),
    });
    const listening = await listen(app, config, logger);
    const { server, url } = listening;
    logger.info({ url, store: config.storePath }, 'Ludex is serving');
    if (config.materializeCron !== null) materializer.startSchedule(config.materializeCron);
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        draining = true;
        await materializer.stopSchedule();
        await listening.drain();
        // A run in progress commits or fails as a whole before the store closes.
        await materializer.idle();
        await publisher?.idle();
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

/** What a writer and a replica configure alike: the edge, metrics, logs, shutdown state. */
function servingDeps(
  config: Config,
  logger: Logger,
  counters: CounterStore,
  metrics: AppMetrics,
  draining: () => boolean,
): Pick<AppDeps, 'publicBaseUrl' | 'logger' | 'edge' | 'metrics' | 'metricsToken' | 'draining' | 'snapshotCadence'> {
  return {
    publicBaseUrl: config.publicBaseUrl,
    logger,
    edge: edgeSettings(config, counters),
    metrics,
    metricsToken: config.metricsToken,
    draining,
    snapshotCadence: config.aggregates.snapshotCadence,
  };
}

interface Listening {
  server: Server;
  url: string;
  /** Stops accepting; requests in flight get up to REQUEST_TIMEOUT_MS, then are cut off. */
  drain(): Promise<void>;
}

async function listen(app: H3, config: Config, logger: Logger): Promise<Listening> {
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
  const drain = async () => {
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
  };
  return { server, url, drain };
}

/**
 * A read replica: serves the writer's latest publication (`dir`, the writer's
 * `<data dir>/replica`), follows new ones, and refuses writes and admin routes with a 503
 * naming the writer. It shares rate limits with the writer through REDIS_URL.
 */
export async function startReplica(config: Config, dir: string, logger: Logger): Promise<RunningServer> {
  const opened = await openPublishedVersion(dir, config.duckdbMemoryLimit);
  const slot = new StoreSlot(opened.store);
  let counters: CounterStore | undefined;
  let follower: ReplicaFollower | undefined;
  try {
    const store = slot.handle();
    const state = new DatasetState(opened.dataset);
    // The writer's secret: explicit, or the file next to the publication (co-located writer).
    const keys = new ApiKeys(
      store,
      apiKeySecret({ ...config, dataDir: config.apiKeySecret ? config.dataDir : dirname(dir) }),
    );
    const metrics = new AppMetrics(state, { processMetrics: true });
    counters = config.redisUrl
      ? await connectRedisCounters(config.redisUrl, logger, metrics)
      : new MemoryCounterStore();
    let draining = false;
    const deps: AppDeps = {
      state,
      store,
      cursors: new CursorCodec(await replicaCursorSecret(store, logger)),
      keys,
      // Never runs: the admin routes answer 503 on a replica before reaching it.
      materializer: new Materializer(store, config.aggregates, async () => undefined, logger),
      ...servingDeps(config, logger, counters, metrics, () => draining),
      replicaOf: opened.manifest.writer,
    };
    const app = createApp(deps);
    follower = new ReplicaFollower(slot, state, opened.manifest, {
      dir,
      memoryLimit: config.duckdbMemoryLimit,
      intervalMs: REPLICA_CHECK_INTERVAL_MS,
      graceMs: config.requestTimeoutMs + 5_000,
      logger,
    });
    follower.start();
    const listening = await listen(app, config, logger);
    logger.info(
      { url: listening.url, publication: dir, version: opened.manifest.version, writer: opened.manifest.writer },
      'Ludex replica is serving',
    );
    const activeFollower = follower;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        draining = true;
        await listening.drain();
        await activeFollower.stop();
        await counters?.close();
        await slot.current.close();
        logger.info('stopped');
      })());
    return { server: listening.server, store, url: listening.url, close };
  } catch (error) {
    await follower?.stop();
    await counters?.close();
    await slot.current.close();
    throw error;
  }
}

/**
 * The writer's cursor key from the copy, so a cursor works on every process. A copy without
 * one (published by an older writer) gets a key of this process's own, with a warning.
 */
async function replicaCursorSecret(store: Store, logger: Logger): Promise<string> {
  const secret = await existingCursorSecret(store);
  if (secret !== undefined) return secret;
  logger.warn('the publication holds no cursor key: cursors from this replica work only here');
  return randomBytes(32).toString('base64url');
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
