// The staged answer headers: what a route sets on h3's own headers is taken into the staged
// list (so h3 has nothing left to merge over the edge's), a string body leaves with exactly
// the staged headers, and without the edge sendJson still writes to h3's headers.

import type { H3Event } from 'h3';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../../../server/http.js';
import { answerHeadersOf, h3HeadersOf } from '../../../server/middleware/answer-headers.js';
import type { AnswerHeaders } from '../../../server/middleware/answer.js';
import { StagedHeaders } from '../../../server/middleware/staged-headers.js';
import { appendVary } from '../../../server/middleware/vary.js';
import { answeredApp, fetchApp, miniApp } from './mini-app.js';

/** A Headers' entries in its (sorted) order. */
function entriesOf(headers: Headers): [string, string][] {
  const entries: [string, string][] = [];
  headers.forEach((value, name) => {
    entries.push([name, value]);
  });
  return entries;
}

describe('StagedHeaders', () => {
  it('sets, replaces, reads and deletes by lower-case name, keeping the order of first set', () => {
    const staged = new StagedHeaders();
    staged.set('X-One', '1');
    staged.set('x-two', '2');
    staged.set('x-one', 'one');
    expect(staged.get('X-ONE')).toBe('one');
    expect(staged.has('x-two')).toBe(true);
    staged.delete('x-two');
    expect(staged.has('x-two')).toBe(false);
    expect(staged.get('x-two')).toBeNull();
    expect(staged.entries()).toEqual([['x-one', 'one']]);
  });

  it('adopts only the names it does not hold, and writes itself onto a Headers', () => {
    const staged = new StagedHeaders();
    staged.set('content-type', 'application/json');
    staged.adopt(new Headers({ 'content-type': 'text/plain', link: '<a>; rel="next"' }));
    expect(staged.entries()).toEqual([
      ['content-type', 'application/json'],
      ['link', '<a>; rel="next"'],
    ]);
    const headers = new Headers({ vary: 'Origin' });
    staged.applyTo(headers);
    expect(entriesOf(headers)).toEqual([
      ['content-type', 'application/json'],
      ['link', '<a>; rel="next"'],
      ['vary', 'Origin'],
    ]);
  });
});

/** Adds Accept-Encoding to Vary, as compression does after a route: it must see the route's Vary. */
const varyAfterRoute: AnswerHeaders = (headers) => appendVary(headers, 'Accept-Encoding');

describe('answer headers through the edge', () => {
  const app = answeredApp(
    [],
    {
      '/json': (event: H3Event) => sendJson(event, '{"ok":true}'),
      '/route-set': (event: H3Event) => {
        event.res.headers.set('vary', 'Origin');
        event.res.headers.set('link', '</next>; rel="next"');
        return sendJson(event, '{"ok":true}', 201);
      },
      '/seen': (event: H3Event) => {
        event.res.headers.set('x-route', 'yes');
        const sink = answerHeadersOf(event);
        // Taken in: the edge reads one list, and h3 keeps no list of its own to merge.
        return JSON.stringify({ staged: sink.get('x-route'), h3: h3HeadersOf(event) === undefined });
      },
      '/bytes': () => new TextEncoder().encode('abc'),
    },
    [varyAfterRoute],
  );

  it('sends a string body with exactly the staged headers (its length is said by compression, or srvx)', async () => {
    const reply = await fetchApp(app, '/json');
    expect(reply.status).toBe(200);
    expect(Object.fromEntries(entriesOf(reply.headers))).toEqual({
      'content-type': 'application/json; charset=utf-8',
      vary: 'Accept-Encoding',
    });
  });

  it("keeps what the route set on h3's headers, and the edge's additions to them", async () => {
    const reply = await fetchApp(app, '/route-set');
    expect(reply.status).toBe(201);
    expect(reply.statusText).toBe('Created');
    expect(reply.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(reply.headers.get('link')).toBe('</next>; rel="next"');
  });

  it("takes the route's h3 headers into the staged list (h3 2.x's symbol is still the one read)", async () => {
    const reply = await fetchApp(app, '/seen');
    expect(await reply.json()).toEqual({ staged: 'yes', h3: true });
    expect(reply.headers.get('x-route')).toBe('yes');
  });

  it('says the length of a byte body, as h3 does', async () => {
    const reply = await fetchApp(app, '/bytes');
    expect(reply.headers.get('content-length')).toBe('3');
    expect(await reply.text()).toBe('abc');
  });

  it('answers HEAD with the headers and no body', async () => {
    const reply = await fetchApp(app, '/json', { method: 'HEAD' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await reply.text()).toBe('');
  });
});

describe('sendJson without the answer edge', () => {
  it("writes its content type on h3's headers", async () => {
    const app = miniApp([], { '/json': (event: H3Event) => sendJson(event, '{"ok":true}') });
    const reply = await fetchApp(app, '/json');
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await reply.text()).toBe('{"ok":true}');
  });
});
