// Request ids: a sane X-Request-Id is kept, anything else replaced by a UUID; chosen once
// per request and sent back on every answer.

import { mockEvent, type H3Event } from 'h3';
import { describe, expect, it } from 'vitest';
import { requestIdFor, requestIdHeader, requestIdOf } from '../../../server/middleware/request-id.js';
import { answeredApp, fetchApp } from './mini-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const withId = (id: string) => new Request('http://edge.test/', { headers: { 'x-request-id': id } });

describe('request ids', () => {
  it('keeps a sane id and replaces a missing or unsafe one with a fresh UUID', () => {
    for (const sane of ['edge-4f2a.9', 'a', 'A1:b+c=d/e_f', 'x'.repeat(128)])
      expect(requestIdFor(withId(sane))).toBe(sane);
    for (const unsafe of ['has spaces', '-leading-dash', 'x'.repeat(129), '"quoted"', 'tab\there'])
      expect(requestIdFor(withId(unsafe))).toMatch(UUID);
    expect(requestIdFor(new Request('http://edge.test/'))).toMatch(UUID);
  });

  it('chooses the id once per request', () => {
    const event = mockEvent('/');
    const id = requestIdOf(event);
    expect(id).toMatch(UUID);
    expect(requestIdOf(event)).toBe(id);
    expect(requestIdOf(mockEvent('/'))).not.toBe(id);
  });

  it('sends the id back on successes and problems alike, the same the handler saw', async () => {
    let inRoute = '';
    const route = (event: H3Event) => {
      inRoute = requestIdOf(event);
      return 'ok';
    };
    const app = answeredApp([], { '/ok': route }, [requestIdHeader]);
    const ok = await fetchApp(app, '/ok', { headers: { 'x-request-id': 'req-1' } });
    expect(ok.headers.get('x-request-id')).toBe('req-1');
    expect(inRoute).toBe('req-1');
    const fresh = await fetchApp(app, '/ok');
    expect(fresh.headers.get('x-request-id')).toBe(inRoute);
    const missing = await fetchApp(app, '/nowhere/%E0%A4%A');
    expect(missing.status).toBe(400);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
  });
});
