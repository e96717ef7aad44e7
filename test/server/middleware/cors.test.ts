// CORS pieces: the preflight middleware answers preflights and nothing else; the answer
// headers let listed (or any) origins read, with Vary: Origin for a list.

import { mockEvent } from 'h3';
import { describe, expect, it } from 'vitest';
import {
  CORS_ALLOW_HEADERS,
  CORS_ALLOW_METHODS,
  CORS_EXPOSE_HEADERS,
  corsHeaders,
  preflight,
  type CorsSettings,
} from '../../../server/middleware/cors.js';
import { fetchApp, miniApp } from './mini-app.js';

const ANY: CorsSettings = { origins: '*', maxAgeSeconds: 600 };
const LIST: CorsSettings = { origins: ['https://a.example'], maxAgeSeconds: 60 };
const preflightFrom = (origin: string): RequestInit => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': 'POST' },
});

describe('preflight', () => {
  const app = miniApp([preflight(LIST)], { '/thing': () => 'route' });

  it('answers a preflight from a listed origin 204 with what it may send', async () => {
    const reply = await fetchApp(app, '/thing', preflightFrom('https://a.example'));
    expect(reply.status).toBe(204);
    expect(await reply.text()).toBe('');
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect(reply.headers.get('access-control-allow-methods')).toBe(CORS_ALLOW_METHODS);
    expect(reply.headers.get('access-control-allow-headers')).toBe(CORS_ALLOW_HEADERS);
    expect(reply.headers.get('access-control-max-age')).toBe('60');
    expect(reply.headers.get('vary')).toBe('Origin');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a preflight from another origin 204 without allowing anything', async () => {
    const reply = await fetchApp(app, '/thing', preflightFrom('https://evil.example'));
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    expect(reply.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('passes every other request on, OPTIONS without a requested method included', async () => {
    for (const init of [undefined, { method: 'OPTIONS', headers: { origin: 'https://a.example' } }]) {
      const reply = await fetchApp(app, '/thing', init);
      expect(await reply.text()).toBe('route');
    }
  });
});

describe('corsHeaders', () => {
  const apply = (settings: CorsSettings, origin: string | null, headers = new Headers()) => {
    const event = mockEvent('/thing', origin === null ? {} : { headers: { origin } });
    corsHeaders(settings)(headers, event, 200);
    return headers;
  };

  it("lets any origin read with '*', exposing the headers clients need, and varies on nothing", () => {
    const headers = apply(ANY, 'https://anywhere.example');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('access-control-expose-headers')).toBe(CORS_EXPOSE_HEADERS);
    expect(headers.has('vary')).toBe(false);
    expect(apply(ANY, null).get('access-control-allow-origin')).toBe('*');
  });

  it('echoes a listed origin, varies on Origin for every origin, and allows no other', () => {
    expect(apply(LIST, 'https://a.example').get('access-control-allow-origin')).toBe('https://a.example');
    const other = apply(LIST, 'https://evil.example');
    expect(other.has('access-control-allow-origin')).toBe(false);
    expect(other.has('access-control-expose-headers')).toBe(false);
    expect(other.get('vary')).toBe('Origin');
  });

  it("adds Origin to the answer's own Vary once", () => {
    expect(apply(LIST, null, new Headers({ vary: 'Accept' })).get('vary')).toBe('Accept, Origin');
    expect(apply(LIST, null, new Headers({ vary: 'accept, origin' })).get('vary')).toBe('accept, origin');
  });
});
