// The answer edge: errors become problems, and the answer headers go on every kind of
// answer (a staged string, a route's own Response, a 304, a problem, a request h3 refused).

import { HTTPResponse, type H3Event } from 'h3';
import { describe, expect, it } from 'vitest';
import type { AnswerHeaders } from '../../../server/middleware/answer.js';
import { ApiProblem } from '../../../server/problem.js';
import { sendJson } from '../../../server/http.js';
import { capturedLogger } from '../../helpers/app.js';
import { answeredApp, BASE_URL, fetchApp } from './mini-app.js';

/** Records the status each answer was decorated with, and that it was decorated at all. */
const seen: AnswerHeaders = (headers, _event, status) => headers.set('x-seen-status', String(status));
const second: AnswerHeaders = (headers) => headers.set('x-second', headers.has('x-seen-status') ? 'after' : 'before');

const routes = {
  '/json': (event: H3Event) => sendJson(event, '{"ok":true}'),
  '/created': (event: H3Event) => sendJson(event, '{"ok":true}', 201),
  '/problem': () => {
    throw new ApiProblem('conflict', 'Not now.', [], { 'x-extra': '1' });
  },
  '/staged-then-problem': (event: H3Event) => {
    event.res.headers.set('x-route', 'staged');
    throw new ApiProblem('conflict', 'Not now.');
  },
  '/crash': () => {
    throw new Error('wrapped', { cause: new Error('the cause') });
  },
  '/response': () => new Response('own', { status: 202, headers: { 'x-own': '1', 'content-type': 'text/plain' } }),
  '/redirect': () => Response.redirect(`${BASE_URL}/json`, 302),
  '/not-modified': () => new HTTPResponse(null, { status: 304 }),
};

describe('answerEdge', () => {
  const app = answeredApp([], routes, [seen, second]);

  it('stages the answer headers on a body the route returned, in list order, with its status', async () => {
    for (const [path, status] of [
      ['/json', 200],
      ['/created', 201],
    ] as const) {
      const reply = await fetchApp(app, path);
      expect(reply.status).toBe(status);
      expect(await reply.text()).toBe('{"ok":true}');
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(reply.headers.get('x-seen-status')).toBe(String(status));
      expect(reply.headers.get('x-second')).toBe('after');
    }
  });

  it('answers a thrown ApiProblem with its problem document, headers and the answer headers', async () => {
    const reply = await fetchApp(app, '/problem');
    expect(reply.status).toBe(409);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-extra')).toBe('1');
    expect(reply.headers.get('x-seen-status')).toBe('409');
    expect(await reply.json()).toEqual({
      type: `${BASE_URL}/problems/conflict`,
      title: 'Conflict',
      status: 409,
      detail: 'Not now.',
      instance: '/problem',
    });
  });

  it('leaves what a failing route staged off its problem', async () => {
    const reply = await fetchApp(app, '/staged-then-problem');
    expect(reply.status).toBe(409);
    expect(reply.headers.get('x-route')).toBeNull();
    expect(reply.headers.get('x-seen-status')).toBe('409');
  });

  it('logs an unexpected error (its cause) with the request id, and answers a 500 that reveals nothing', async () => {
    const { logger, lines } = capturedLogger();
    const logged = answeredApp([], routes, [(headers) => headers.set('x-request-id', 'crash-1')], logger);
    const reply = await fetchApp(logged, '/crash', { headers: { 'x-request-id': 'crash-1' } });
    expect(reply.status).toBe(500);
    const body = (await reply.json()) as { detail: string };
    expect(body.detail).toBe('An unexpected error occurred; it has been logged.');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      msg: 'unhandled error',
      err: { message: 'the cause' },
      req_id: 'crash-1',
      method: 'GET',
      path: '/crash',
    });
  });

  it("adds the answer headers to a route's own Response, immutable ones included", async () => {
    const own = await fetchApp(app, '/response');
    expect(own.status).toBe(202);
    expect(await own.text()).toBe('own');
    expect(own.headers.get('x-own')).toBe('1');
    expect(own.headers.get('x-seen-status')).toBe('202');

    const redirect = await fetchApp(app, '/redirect');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${BASE_URL}/json`);
    expect(redirect.headers.get('x-seen-status')).toBe('302');
  });

  it('decorates an HTTPResponse (a 304) with its own status', async () => {
    const reply = await fetchApp(app, '/not-modified');
    expect(reply.status).toBe(304);
    expect(reply.headers.get('x-seen-status')).toBe('304');
  });

  it('answers a request h3 refuses before any middleware (a malformed URL) through onError, decorated too', async () => {
    const reply = await fetchApp(app, '/json/%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.headers.get('x-seen-status')).toBe('400');
    expect(((await reply.json()) as { type: string }).type).toBe(`${BASE_URL}/problems/validation-error`);
  });
});
