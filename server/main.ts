// The composition root of the running server: config, logger, store, Dataset, app, listener.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { abandonStaleRuns } from '../snapshots/materialize.js';
import type { Store } from '../loader/store.js';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import type { H3 } from 'h3';
import { createApp, type AppDeps } from './app.js';
import { AppMetrics } from './metrics.js';
import { ALLOW_METHODS } from './middleware/cors.js';
import type { EdgeSettings } from './middleware/edge-settings.js';
import { MemoryCounterStore, type CounterStore } from './middleware/rate-limit-counters.js';
import { RedisCounterStore } from './middleware/rate-limit-redis.js';
import { ApiKeys } from './auth/api-keys.js';
import { apiKeySecret } from './auth/secret.js';
import { nodeListener } from './node-listener.js';
import { rawProblem, rawProblemResponse } from './problem.js';
import type { Config } from './config.js';
import { CursorCodec } from './cursor.js';
import { loadServingDataset } from './dataset-loader.js';
import { datasetReload } from './dataset-reload.js';
import type { Logger } from './logger.js';
import { Materializer } from './materializer.js';
import { ReplicaFollower, StoreSlot, openPublishedVersion } from './replica.js';
import { ReplicaPublisher } from './replica-publisher.js';
import { DatasetState } from './state.js';
import { warmServedDatasets } from './dataset-warmup.js';
import { unlessAborted } from './interruptible.js';
import { cursorSecret, ensureDemoCatalog, existingCursorSecret, openStore, prepareDataDir } from './store-setup.js';

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

/**
 * Starts the writer. Everything that can be refused without the store is checked first —
 * the configuration (API_KEY_SECRET in production) and the port — so a mistake costs no
 * migration, no import and no admin key printed and lost. The listener answers 503 while
 * the store opens and the Dataset loads. `signal` (SIGTERM, SIGINT) is honoured at any
 * point: long store work is interrupted and the start ends with the abort reason.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunningServer> {
  prepareDataDir(config.dataDir);
  const secret = apiKeySecret(config);
  const listening = await listen(config, logger);
  let store: Store | undefined;
  let counters: CounterStore | undefined;
  try {
    signal.throwIfAborted();
    const opened = await openStore(config, logger);
    store = opened.store;
    const opening = opened.store;
    const step = <T>(work: Promise<T>) => unlessAborted(work, signal, opening);
    await step(ensureDemoCatalog(opened, config, logger));
    const keys = new ApiKeys(store, secret);
    // The port is ours already: a key printed now is a key the operator can use.
    await step(ensureAdminKey(keys));
    const abandoned = await step(abandonStaleRuns(store));
    if (abandoned > 0)
      logger.warn({ runs: abandoned }, 'materialization runs interrupted by an earlier stop were marked abandoned');
    const publisher = config.replicaPublish
      ? new ReplicaPublisher(store, config.dataDir, config.publicBaseUrl, logger)
      : undefined;
    const loadStarted = performance.now();
    const initial = await step(loadServingDataset(store, logger));
    const loadMs = performance.now() - loadStarted;
    logger.info({ games: initial.dataset.size, ms: Math.round(loadMs), source: initial.source }, 'dataset loaded');
    const state = new DatasetState(initial.dataset);
    warmServedDatasets(state, logger);
    const metrics = new AppMetrics(state, { processMetrics: true });
    metrics.observeDatasetLoad('initial', loadMs / 1000);
    // The secret first: the publication copies the store, and replicas sign with it too.
    const cursors = new CursorCodec(await step(cursorSecret(store)));
    signal.throwIfAborted();
    void publisher?.publish(initial);
    const reload = datasetReload({
      store,
      state,
      logger,
      serving: initial.dataset,
      publisher,
      onLoaded: (seconds) => metrics.observeDatasetLoad('reload', seconds),
    });
    const materializer = new Materializer(store, config.aggregates, reload, logger, reload.settled);
    counters = config.redisUrl
      ? await connectRedisCounters(config.redisUrl, logger, metrics)
      : new MemoryCounterStore();
    signal.throwIfAborted();
    let draining = false;
    const app = createApp({
      state,
      store,
      cursors,
      keys,
      materializer,
      ...servingDeps(config, logger, counters, metrics, () => draining),
    });
    listening.serve(app);
    const { server, url } = listening;
    logger.info({ url, store: config.storePath }, 'Ludex is serving');
    if (config.materializeCron !== null) materializer.startSchedule(config.materializeCron);
    const openStoreHandle = store;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        draining = true;
        // A run in progress is interrupted (its transaction rolls back whole) and not
        // reloaded, while requests in flight finish.
        await Promise.all([materializer.shutdown(), listening.drain()]);
        // the rebuild and column file the last reload left running (a whole load reads the store)
        await reload.settled();
        await publisher?.idle();
        await counters?.close();
        await openStoreHandle.close();
        logger.info('stopped');
      })());
    return { server, store, url, close };
  } catch (error) {
    await listening.drain();
    await counters?.close();
    await store?.close();
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
  /** Hands requests to `app`; until then every request is a 503 problem (starting). */
  serve(app: H3): void;
  /** Stops accepting; requests in flight get up to REQUEST_TIMEOUT_MS, then are cut off. */
  drain(): Promise<void>;
}

/** The answer of a server that holds its port but has not loaded its data yet. */
function startingResponse(config: Config): (req: IncomingMessage, res: ServerResponse) => void {
  const body = JSON.stringify({
    type: `${config.publicBaseUrl}/problems/service-unavailable`,
    title: 'Service Unavailable',
    status: 503,
    detail: 'The server is starting (opening the store, loading the data); try again in a moment.',
    instance: 'urn:ludex:starting',
  });
  return (req, res) => {
    // The body is not read: it is dropped with the connection.
    req.resume();
    res.writeHead(503, {
      'content-type': 'application/problem+json',
      'cache-control': 'no-store',
      'retry-after': '1',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  };
}

async function listen(config: Config, logger: Logger): Promise<Listening> {
  // A client must deliver its whole request within REQUEST_TIMEOUT_MS (Node answers 408,
  // through clientError below); handlers get the same budget in the edge middleware (503).
  // Node checks these timeouts periodically; check often enough that they hold roughly.
  let handler: (req: IncomingMessage, res: ServerResponse) => void = startingResponse(config);
  const server = createServer(
    {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.round(config.requestTimeoutMs / 4))),
      // Node's own answer to an HTTP/1.1 request without Host is a bare 400; nodeListener's is a problem
      requireHostHeader: false,
    },
    (req, res) => handler(req, res),
  );
  // Requests Node cannot parse never reach h3; answer them with a problem too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(rawProblemResponse(error.code, config.publicBaseUrl));
  });
  // CONNECT asks for a tunnel, which an API is not: without this listener Node drops the connection unanswered.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.end(
      rawProblem('method-not-allowed', 'CONNECT is not supported: this server is not a proxy.', config.publicBaseUrl, [
        `allow: ${ALLOW_METHODS.join(', ')}`,
      ]),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  let drained: Promise<void> | undefined;
  const drain = () =>
    (drained ??= (async () => {
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
    })());
  const serve = (app: H3) => {
    handler = nodeListener(app, config.publicBaseUrl, logger);
  };
  return { server, url, serve, drain };
}

/**
 * A read replica: serves the writer's latest publication (`dir`, the writer's
 * `<data dir>/replica`), follows new ones, and refuses writes and admin routes with a 503
 * naming the writer. It shares rate limits with the writer through REDIS_URL.
 */
export async function startReplica(
  config: Config,
  dir: string,
  logger: Logger,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunningServer> {
  // The port before the (long) load of the publication, as the writer does.
  const listening = await listen(config, logger);
  let opened: Awaited<ReturnType<typeof openPublishedVersion>>;
  try {
    opened = await openPublishedVersion(dir, config.duckdbMemoryLimit);
    signal.throwIfAborted();
  } catch (error) {
    await listening.drain();
    throw error;
  }
  const slot = new StoreSlot(opened.store);
  let counters: CounterStore | undefined;
  let follower: ReplicaFollower | undefined;
  try {
    const store = slot.handle();
    const state = new DatasetState(opened.dataset);
    warmServedDatasets(state, logger);
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
    listening.serve(app);
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
    await listening.drain();
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
