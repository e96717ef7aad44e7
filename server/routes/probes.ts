// Probes at the server root: liveness says the process answers; readiness says the store
// is reachable, a Dataset is loaded and the server is not shutting down (contract: /healthz,
// /readyz). The listener opens only after the first Dataset has loaded, so there is no
// "listening but loading" state; a reload after materialization keeps serving the old
// Dataset until the swap, so it stays ready throughout.

import type { H3 } from 'h3';
import type { Store } from '../../loader/store.js';
import { route, sendJson } from '../http.js';
import { HEALTH_DOC, READY_DOC } from '../openapi/route-docs.js';
import { ApiProblem } from '../problem.js';
import type { DatasetState } from '../state.js';

export interface ProbeDeps {
  state: DatasetState;
  store: Pick<Store, 'ping'>;
  /** True once shutdown has begun: load balancers should stop sending new requests. */
  draining?: () => boolean;
}

export function registerProbeRoutes(app: H3, deps: ProbeDeps): void {
  route(
    app,
    '/healthz',
    {
      GET: (event) => {
        event.res.headers.set('cache-control', 'no-store');
        return sendJson(event, '{"status":"ok"}');
      },
    },
    { GET: HEALTH_DOC },
  );
  route(
    app,
    '/readyz',
    {
      GET: async (event) => {
        event.res.headers.set('cache-control', 'no-store');
        if (deps.draining?.()) throw new ApiProblem('service-unavailable', 'The server is shutting down.');
        const storeOk = await deps.store.ping();
        if (!storeOk) throw new ApiProblem('service-unavailable', 'The store is not reachable.');
        const body = {
          status: 'ready',
          checks: { store: 'ok', dataset: 'loaded' },
          games: deps.state.current.size,
          dataset_loaded_at: deps.state.loadedAt.toISOString(),
        };
        return sendJson(event, JSON.stringify(body));
      },
    },
    { GET: READY_DOC },
  );
}
