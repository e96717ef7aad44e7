// GET /metrics at the root: Prometheus text of this app's registry. Not rate limited and
// open like the probes: it holds no per-client data and its labels are bounded; restrict it
// at the proxy or network when the server faces the internet (docs/operations.md).

import type { H3 } from 'h3';
import { z } from 'zod';
import { route } from '../http.js';
import type { RouteDoc } from '../http.js';
import type { AppMetrics } from '../metrics.js';

const METRICS_DOC: RouteDoc = {
  summary: 'Prometheus metrics',
  description:
    'Request counts and latency by route template and status, engine query latency, Dataset size and load time, ' +
    'materialization runs, rate-limit rejections and process metrics, in the Prometheus text format. Never cached.',
  tags: ['probes'],
  responses: {
    200: {
      description: 'Metrics in the Prometheus text exposition format',
      schema: z.string(),
      contentType: 'text/plain',
    },
  },
};

export function registerMetricsRoutes(app: H3, metrics: AppMetrics): void {
  route(
    app,
    '/metrics',
    {
      GET: async (event) => {
        event.res.headers.set('content-type', metrics.registry.contentType);
        event.res.headers.set('cache-control', 'no-store');
        return metrics.registry.metrics();
      },
    },
    { GET: METRICS_DOC },
  );
}
