// createApp(deps): the whole HTTP surface without a listener, so tests and benches call
// `app.fetch(new Request(...))` directly. Every error leaves as an RFC 9457 problem. The
// edge is the list of middlewares below, one concern each (server/middleware/), plus the
// h3 hooks that start each request's clock and answer what h3 refuses itself.

import { H3, type Middleware } from 'h3';
import { API_VERSION, type AppDeps } from './app-deps.js';
import { route, sendJson } from './http.js';
import { API_PREFIX, link } from './links.js';
import { silentLogger } from './logger.js';
import { INDEX_DOC } from './openapi/route-docs.js';
import { AppMetrics } from './metrics.js';
import { accessLog } from './middleware/access-log.js';
import { answerEdge } from './middleware/answer.js';
import { cacheControlHeader, conditional } from './middleware/caching.js';
import { compression } from './middleware/compression.js';
import { corsHeaders, preflight } from './middleware/cors.js';
import { edgeDefaults, type EdgeSettings } from './middleware/edge-settings.js';
import { requestLimits } from './middleware/limits.js';
import { notFound } from './middleware/not-found.js';
import { rateLimit, rateLimitHeaders } from './middleware/rate-limiting.js';
import { requestIdHeader } from './middleware/request-id.js';
import { applySecurityHeaders } from './middleware/security.js';
import { timeout } from './middleware/timeout.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { DOCS_PATH, OPENAPI_PATH, PROBLEMS_PATH, registerDocsRoutes } from './routes/docs.js';
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

export function createApp(appDeps: AppDeps): H3 {
  const logger = appDeps.logger ?? silentLogger;
  const metrics = appDeps.metrics ?? new AppMetrics(appDeps.state);
  appDeps.materializer.onRunFinished((outcome) => metrics.observeMaterialization(outcome));
  const settings: EdgeSettings = { ...edgeDefaults(), ...appDeps.edge };
  const access = accessLog(metrics, logger, { trustProxy: settings.rateLimit?.trustProxy ?? false });
  const answers = answerEdge({
    // The headers every answer carries: successes, problems, 304s and preflights alike.
    headers: [requestIdHeader, rateLimitHeaders, corsHeaders(settings.cors), cacheControlHeader, applySecurityHeaders],
    logger,
    publicBaseUrl: appDeps.publicBaseUrl,
    // Every answer is counted, timed and logged where it is made: no onResponse hook, which
    // would put every response through h3's promises.
    onAnswer: access.answered,
  });
  const app = new H3({
    silent: true,
    onRequest: access.onRequest,
    onError: answers.onError,
  });
  // The edge, outermost first: each request passes these in order on its way to its route.
  const edge: Middleware[] = [
    answers.middleware, // errors become problems; the answer headers go on every answer
    access.streams, // streamed bodies counted to their end, for the request log
    preflight(settings.cors), // CORS preflights: 204, before any limit
    rateLimit(settings.rateLimit, appDeps.keys, metrics.rateLimitRejections), // 429 over budget
    requestLimits(settings.requestTimeoutMs), // 414, 405 first, 413 whatever the framing, 415, 408 for slow bodies
    notFound, // 404 when no route matches
    compression(() => appDeps.state.current), // gzip or brotli by Accept-Encoding; Content-Length
    conditional(() => appDeps.state.current), // ETag (one per coding), or 304 for a matching If-None-Match
    timeout(settings.requestTimeoutMs), // 503 when the route is too slow
  ];
  for (const middleware of edge) app.use(middleware);
  // Routes see the Dataset through a state whose query operations are timed.
  const deps: AppDeps = { ...appDeps, metrics, state: metrics.instrumentState(appDeps.state) };

  const index = JSON.stringify({
    name: 'Ludex',
    description: 'Board game data API',
    version: API_VERSION,
    _links: {
      games: link(`${API_PREFIX}/games`),
      docs: link(DOCS_PATH),
      openapi: link(OPENAPI_PATH),
      problems: link(PROBLEMS_PATH),
      health: link('/healthz'),
      ready: link('/readyz'),
    },
  });
  route(app, '/', { GET: (event) => sendJson(event, index) }, { GET: INDEX_DOC });
  route(app, API_PREFIX, { GET: (event) => sendJson(event, index) }, { GET: INDEX_DOC });
  registerProbeRoutes(app, deps);
  registerMetricsRoutes(app, metrics, appDeps.metricsToken);
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
