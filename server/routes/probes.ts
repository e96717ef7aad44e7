// Probes at the server root: liveness says the process answers; readiness says the store
// is reachable and a Dataset is loaded (contract: /healthz, /readyz).

import type { H3 } from 'h3';
import type { Store } from '../../loader/store.js';
import { route, sendJson } from '../http.js';
import { HEALTH_DOC, READY_DOC } from '../openapi/route-docs.js';
import { ApiProblem } from '../problem.js';
import type { DatasetState } from '../state.js';

export interface ProbeDeps {
  state: DatasetState;
  store: Pick<Store, 'ping'>;
}

export function registerProbeRoutes(app: H3, deps: ProbeDeps): void {
  route(app, '/healthz', {
    GET: (event) => {
      event.res.headers.set('cache-control', 'no-store');
      return sendJson(event, '{"status":"ok"}');
    },
  }, { GET: HEALTH_DOC });
  route(app, '/readyz', {
    GET: async (event) => {
      event.res.headers.set('cache-control', 'no-store');
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
  }, { GET: READY_DOC });
}
