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
import { loadConfig } from '../../../server/config.js';
import { parseCorsOrigins } from '../../../server/cors-origins.js';
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
    // h3 also varies the preflight on Access-Control-Request-Headers.
    expect(reply.headers.get('vary')?.toLowerCase().split(', ')).toContain('origin');
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

describe('CORS_ORIGINS', () => {
  it('keeps exact origins as a browser sends them, whatever the case, default port or trailing slash', () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(parseCorsOrigins(' https://A.example/ , http://b.example:8080,https://c.example:443')).toEqual([
      'https://a.example',
      'http://b.example:8080',
      'https://c.example',
    ]);
  });

  it('refuses a bad entry or * among origins, naming the value', () => {
    for (const [value, named] of [
      ['https://a.example,*', '"*"'],
      ['not a url', '"not a url"'],
      ['https://a.example/app', '"https://a.example/app"'],
      ['ftp://a.example', '"ftp://a.example"'],
      ['https://a.example,,https://b.example', 'empty entry'],
      ['null', '"null"'],
    ]) {
      expect(() => parseCorsOrigins(value), value).toThrow(named);
    }
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example,*' })).toThrow(/CORS_ORIGINS: mixes "\*"/);
  });

  it('lets a browser Origin match an entry written with a trailing slash', async () => {
    const origins = parseCorsOrigins('https://a.example/');
    const app = miniApp([preflight({ origins, maxAgeSeconds: 60 })], { '/thing': () => 'route' });
    const reply = await fetchApp(app, '/thing', preflightFrom('https://a.example'));
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://a.example');
  });
});
