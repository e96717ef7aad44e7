// createApp(deps): the whole HTTP surface without a listener, so tests and benches call
// `app.fetch(new Request(...))` directly. Every error leaves as an RFC 9457 problem.

import { H3 } from 'h3';
import type { Store } from '../loader/store.js';
import type { ApiKeys } from './auth/api-keys.js';
import type { CursorCodec } from './cursor.js';
import { route, sendJson } from './http.js';
import { API_PREFIX, link } from './links.js';
import { silentLogger, type Logger } from './logger.js';
import type { Materializer } from './materializer.js';
import { INDEX_DOC } from './openapi/route-docs.js';
import { problemResponse, toProblem } from './problem.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { registerDocsRoutes } from './routes/docs.js';
import { registerExportRoutes } from './routes/export.js';
import { registerGameResourceRoutes } from './routes/game-resources.js';
import { registerGameRoutes } from './routes/games.js';
import { registerHistoryRoutes } from './routes/history.js';
import { registerProbeRoutes } from './routes/probes.js';
import { registerSearchRoutes } from './routes/search.js';
import { registerTrendRoutes } from './routes/trends.js';
import { registerVoteRoutes } from './routes/votes.js';
import type { DatasetState } from './state.js';

export interface AppDeps {
  state: DatasetState;
  store: Store;
  cursors: CursorCodec;
  keys: ApiKeys;
  materializer: Materializer;
  /** Base of problem `type` URIs. */
  publicBaseUrl: string;
  logger?: Logger;
}

export const API_VERSION = '1.0.0';

export function createApp(deps: AppDeps): H3 {
  const logger = deps.logger ?? silentLogger;
  const app = new H3({
    silent: true,
    onError(error, event) {
      const { problem, unexpected } = toProblem(error);
      if (unexpected) {
        logger.error({ err: error.cause ?? error, method: event.req.method, path: event.url.pathname }, 'unhandled error');
      }
      return problemResponse(problem, event.url.pathname, deps.publicBaseUrl);
    },
    onResponse(response, event) {
      logger.info({ method: event.req.method, path: event.url.pathname, status: response.status }, 'request');
    },
  });

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
