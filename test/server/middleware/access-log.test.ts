// Timing, logging and metrics of every request: one line and one observation per answer,
// malformed URLs (refused before any middleware) included, whether the answer edge reports
// its answers (as the app wires it) or h3's onResponse hook does.

import type { H3Event } from 'h3';
import { describe, expect, it } from 'vitest';
import { accessLog } from '../../../server/middleware/access-log.js';
import { answerEdge } from '../../../server/middleware/answer.js';
import { requestIdHeader } from '../../../server/middleware/request-id.js';
import { sendJson } from '../../../server/http.js';
import { capturedLogger } from '../../helpers/app.js';
import { BASE_URL, fetchApp, miniApp } from './mini-app.js';

function loggedApp(wiring: 'answer edge' | 'onResponse hook') {
  const { logger, lines } = capturedLogger();
  const observed: [string, string, number, number][] = [];
  const access = accessLog({ observeRequest: (...args) => void observed.push(args) }, logger);
  const byEdge = wiring === 'answer edge';
  const answers = answerEdge({
    headers: [requestIdHeader],
    logger,
    publicBaseUrl: BASE_URL,
    onAnswer: byEdge ? access.answered : undefined,
  });
  const app = miniApp(
    [answers.middleware],
    {
      '/games/:id': async (event: H3Event) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return sendJson(event, '{}', event.context.params?.id === 'missing' ? 404 : 200);
      },
    },
    { onRequest: access.onRequest, onError: answers.onError, onResponse: byEdge ? undefined : access.onResponse },
  );
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, parsed, observed };
}

describe.each(['answer edge', 'onResponse hook'] as const)('accessLog, answers told by the %s', (wiring) => {
  it('logs one line per request: id, method, route template, path, status, client, bytes, duration', async () => {
    const { app, parsed, observed } = loggedApp(wiring);
    const reply = await fetchApp(app, '/games/7', { headers: { 'x-request-id': 'log-1' } });
    expect(reply.headers.get('x-request-id')).toBe('log-1');
    expect(parsed()).toHaveLength(1);
    const line = parsed()[0];
    expect(Object.keys(line).filter((k) => !['level', 'time', 'service'].includes(k))).toEqual([
      'req_id',
      'method',
      'route',
      'path',
      'status',
      'client',
      'bytes',
      'duration_ms',
      'msg',
    ]);
    expect(line).toMatchObject({ req_id: 'log-1', method: 'GET', route: '/games/:id', path: '/games/7', status: 200 });
    expect(line.duration_ms).toBeGreaterThanOrEqual(15);
    expect(observed).toHaveLength(1);
    expect(observed[0].slice(0, 3)).toEqual(['GET', '/games/:id', 200]);
    expect(observed[0][3]).toBeCloseTo((line.duration_ms as number) / 1000, 4);
  });

  it('labels unmatched and malformed requests "unmatched", with the status they got', async () => {
    const { app, parsed, observed } = loggedApp(wiring);
    await fetchApp(app, '/games/missing');
    await fetchApp(app, '/nothing');
    await fetchApp(app, '/games/%E0%A4%A');
    expect(parsed().map((l) => [l.route, l.status])).toEqual([
      ['/games/:id', 404],
      ['unmatched', 404],
      ['unmatched', 400],
    ]);
    expect(observed.map(([method, route, status]) => `${method} ${route} ${status}`)).toEqual([
      'GET /games/:id 404',
      'GET unmatched 404',
      'GET unmatched 400',
    ]);
    expect(parsed().every((l) => typeof l.req_id === 'string' && (l.duration_ms as number) >= 0)).toBe(true);
  });
});
