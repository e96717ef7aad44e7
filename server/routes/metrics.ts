// GET /metrics at the root: Prometheus text of this app's registry. Not rate limited, like
// the probes: it holds no per-client data and its labels are bounded. With METRICS_TOKEN set
// it answers only `Authorization: Bearer <token>` (anything else: a 401 problem), so it can
// stay on the API port of a server that faces the internet; without it, it is open
// (restrict it at the proxy or network instead; docs/operations.md).

import { createHash, timingSafeEqual } from 'node:crypto';
import type { H3, H3Event } from 'h3';
import { z } from 'zod';
import { route } from '../http.js';
import type { RouteDoc } from '../http.js';
import type { AppMetrics } from '../metrics.js';
import { ApiProblem } from '../problem.js';

const METRICS_DOC: RouteDoc = {
  summary: 'Prometheus metrics',
  description:
    'Request counts and latency by route template and status, engine query latency, Dataset size, load time and ' +
    'load/reload durations, materialization runs, per-step durations and last success, export rows and bytes, ' +
    'rate-limit rejections and process metrics, in the Prometheus text format. Never cached. When the server ' +
    'sets METRICS_TOKEN, send it as `Authorization: Bearer <token>`.',
  tags: ['probes'],
  responses: {
    200: {
      description: 'Metrics in the Prometheus text exposition format',
      schema: z.string(),
      contentType: 'text/plain',
    },
    401: { description: 'METRICS_TOKEN is set and the request did not send it as a Bearer token' },
  },
};

/** Compares digests, so the time taken says nothing about how much of the token matched. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function requireToken(event: H3Event, token: string): void {
  const header = event.req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match && sameToken(match[1], token)) return;
  throw new ApiProblem(
    'unauthorized',
    'The metrics are private here: send the METRICS_TOKEN as `Authorization: Bearer <token>`.',
    [
      {
        field: 'Authorization',
        message: header === '' ? 'is required' : 'is not the metrics token',
        code: header === '' ? 'missing_token' : 'invalid_token',
      },
    ],
    { 'www-authenticate': 'Bearer realm="metrics"' },
  );
}

export function registerMetricsRoutes(app: H3, metrics: AppMetrics, token?: string): void {
  route(
    app,
    '/metrics',
    {
      GET: async (event) => {
        if (token !== undefined) requireToken(event, token);
        event.res.headers.set('content-type', metrics.registry.contentType);
        event.res.headers.set('cache-control', 'no-store');
        return metrics.registry.metrics();
      },
    },
    { GET: METRICS_DOC },
  );
}
