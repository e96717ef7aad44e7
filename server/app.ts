// createApp(deps): the whole HTTP surface without a listener, so tests and benches call
// `app.fetch(new Request(...))` directly. Every error leaves as an RFC 9457 problem. The
// edge (server/middleware/edge.ts) wraps every route: rate limits, CORS, caching, limits,
// security headers, request ids, logs and metrics.

import { H3 } from 'h3';
import { API_VERSION, type AppDeps } from './app-deps.js';
import { route, sendJson } from './http.js';
import { API_PREFIX, link } from './links.js';
import { silentLogger } from './logger.js';
import { INDEX_DOC } from './openapi/route-docs.js';
import { AppMetrics } from './metrics.js';
import { createEdge, type EdgeSettings } from './middleware/edge.js';
import { MemoryCounterStore } from './middleware/rate-limit.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { registerDocsRoutes } from './routes/docs.js';
import { registerExportRoutes } from './routes/export.js';
import { registerGameResourceRoutes } from './routes/game-resources.js';
import { registerGameRoutes } from './routes/games.js';
import { registerHistoryRoutes } from './routes/history.js';
import { registerMetricsRoutes } from './routes/metrics.js';
import { registerProbeRoutes } from './routes/probes.js';
import { registerSearchRoutes } from './routes/search.js';
import { registerTrendRoutes } from './routes/trends.js';
import { registerVoteRoutes } from './routes/votes.js';

export { API_VERSION, type AppDeps } from './app-deps.js';

/**
 * Edge settings when the caller names none: CORS for any origin, the default timeout, and
 * limits so high they never throttle (in-process test suites send thousands of requests
 * from one "address"). The server passes its configured settings (server/main.ts).
 */
export function edgeDefaults(): EdgeSettings {
  return {
    rateLimit: {
      anonymous: 1_000_000,
      authenticated: 10_000_000,
      windowMs: 60_000,
      trustProxy: false,
      store: new MemoryCounterStore(),
      exports: { limit: 1_000_000, windowMs: 3_600_000 },
    },
    cors: { origins: '*', maxAgeSeconds: 600 },
    requestTimeoutMs: 30_000,
  };
}

export function createApp(appDeps: AppDeps): H3 {
  const logger = appDeps.logger ?? silentLogger;
  const metrics = appDeps.metrics ?? new AppMetrics(appDeps.state);
  appDeps.materializer.onRunFinished((outcome) => metrics.observeMaterialization(outcome));
  const edge = createEdge({
    settings: { ...edgeDefaults(), ...appDeps.edge },
    keys: appDeps.keys,
    metrics,
    logger,
    publicBaseUrl: appDeps.publicBaseUrl,
  });
  const app = new H3({
    silent: true,
    onRequest: (event) => edge.onRequest(event),
    onError: (error, event) => edge.onError(error, event),
    onResponse: (response, event) => edge.onResponse(response, event),
  });
  app.use(edge.middleware);
  // Routes see the Dataset through a state whose query operations are timed.
  const deps: AppDeps = { ...appDeps, state: metrics.instrumentState(appDeps.state) };

  const index = JSON.stringify({
    name: 'Ludex',
    description: 'Board game data API',
    version: API_VERSION,
    _links: {
      games: link(`${API_PREFIX}/games`),
      health: link('/healthz'),
      ready: link('/readyz'),
    },
  });
  route(app, '/', { GET: (event) => sendJson(event, index) }, { GET: INDEX_DOC });
  route(app, API_PREFIX, { GET: (event) => sendJson(event, index) }, { GET: INDEX_DOC });
  registerProbeRoutes(app, deps);
  registerMetricsRoutes(app, metrics);
  // Search first: its static /v1/games/search must not be taken for a game slug.
  registerSearchRoutes(app, deps);
  registerGameRoutes(app, deps);
  registerGameResourceRoutes(app, deps);
  registerVoteRoutes(app, deps);
  registerHistoryRoutes(app, deps);
  registerTrendRoutes(app, deps);
  registerCatalogRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerAdminRoutes(app, deps);
  // Last: the OpenAPI document describes every route registered before it.
  registerDocsRoutes(app, deps);
  return app;
}
