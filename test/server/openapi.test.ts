// GET /v1/openapi.json and GET /docs: the document describes exactly the routes the app
// registers (compared with the registry, so routes added later are covered without editing
// this file), is structurally valid OpenAPI 3.1, and every documented schema fits what the
// route really answers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registeredRoutes } from '../../server/http.js';
import { checkOpenApiDocument } from '../../server/openapi/check.js';
import { Components } from '../../server/openapi/components.js';
import { buildOpenApiDocument, openApiPath } from '../../server/openapi/document.js';
import { listOperations } from '../../server/openapi/html.js';
import type { OpenApiDocument } from '../../server/openapi/json.js';
import { FILTER_FIELDS } from '../../server/schemas/filter-fields.js';
import { openApiDocumentSchema } from '../../server/schemas/responses/meta.js';
import { call, demoApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await demoApp();
  const reply = await call(t.app, '/v1/openapi.json');
  expect(reply.status).toBe(200);
  doc = reply.body as OpenApiDocument;
});
afterAll(async () => t.close());

const operationKeys = (d: OpenApiDocument) => listOperations(d).map((op) => `${op.method.toUpperCase()} ${op.path}`);

describe('GET /v1/openapi.json', () => {
  it('is JSON and an OpenAPI 3.1 document', async () => {
    const reply = await call(t.app, '/v1/openapi.json');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    openApiDocumentSchema.parse(reply.body);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Ludex API');
  });

  it('describes every registered route, and nothing else', () => {
    const registered = registeredRoutes(t.app).map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...operationKeys(doc)].sort()).toEqual([...registered].sort());
    for (const known of [
      'GET /',
      'GET /v1',
      'GET /healthz',
      'GET /readyz',
      'GET /v1/games',
      'GET /v1/games/{id}',
      'GET /v1/export/games',
      'GET /v1/openapi.json',
      'GET /docs',
    ]) {
      expect(registered).toContain(known);
    }
  });

  it('is structurally valid: required members, templates and path parameters, unique ids, resolvable $refs', () => {
    expect(checkOpenApiDocument(doc)).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('every registered route has a RouteDoc with a 2xx response schema', () => {
    for (const r of registeredRoutes(t.app)) {
      expect(r.doc, `${r.method} ${r.path} is registered without a RouteDoc`).toBeDefined();
      const success = Object.entries(r.doc?.responses ?? {}).filter(
        ([status]) => Number(status) >= 200 && Number(status) < 300,
      );
      expect(success.length, `${r.method} ${r.path} documents no 2xx response`).toBeGreaterThan(0);
      for (const [status, response] of success)
        expect(response.schema, `${r.method} ${r.path} ${status} has no schema`).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain('x-undocumented');
  });

  it('every documented 4xx is an RFC 9457 problem, and every operation has a default problem', () => {
    for (const { method, path, operation } of listOperations(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== 'default' && Number(status) < 400) continue;
        expect(response.content?.['application/problem+json']?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/Problem',
        });
      }
      expect(operation.responses.default).toBeDefined();
    }
  });

  it('shares the Game schema as a component and references it from lists and details', () => {
    const list = doc.paths['/v1/games']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(list?.properties).toMatchObject({ data: { type: 'array', items: { $ref: '#/components/schemas/Game' } } });
    expect(doc.paths['/v1/games/{id}']?.get?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Game',
    });
    const game = doc.components.schemas.Game;
    expect(Object.keys(game.properties as object)).toEqual(
      expect.arrayContaining(['id', 'slug', 'matched_via', 'mechanics', '_links']),
    );
    expect(game.required).toEqual(expect.arrayContaining(['id', 'slug', 'name', 'type', '_links']));
    expect(game.required).not.toContain('matched_via');
  });

  it('documents the query parameters from the route schemas', () => {
    const names = (path: string) => doc.paths[path]?.get?.parameters.map((p) => p.name) ?? [];
    const filters = [...Object.keys(FILTER_FIELDS), 'award.slug', 'award.result'];
    expect(names('/v1/games')).toEqual(
      expect.arrayContaining([...filters, 'sort', 'order', 'limit', 'cursor', 'before', 'include']),
    );
    expect(names('/v1/export/games')).toEqual(expect.arrayContaining([...filters, 'format']));
    expect(names('/v1/export/games')).not.toContain('limit');
    const players = doc.paths['/v1/games']?.get?.parameters.find((p) => p.name === 'players');
    expect(players).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 1000 },
    });
    const type = doc.paths['/v1/games']?.get?.parameters.find((p) => p.name === 'type');
    expect(type).toMatchObject({ style: 'form', explode: false, schema: { type: 'array' } });
    const id = doc.paths['/v1/games/{id}']?.get?.parameters.find((p) => p.name === 'id');
    expect(id).toMatchObject({ in: 'path', required: true });
  });

  it('documents responses that real answers fit (every route callable without path parameters, and game detail)', async () => {
    let checked = 0;
    for (const r of registeredRoutes(t.app)) {
      const success = r.doc?.responses[200];
      if (r.method !== 'GET' || !success?.schema || (success.contentType ?? 'application/json') !== 'application/json')
        continue;
      const path = r.path.startsWith('/v1/games/:id') ? r.path.replace(':id', 'spirit-island') : r.path;
      if (path.includes(':')) continue;
      const reply = await call(t.app, path);
      if (reply.status !== 200) continue;
      const parsed = success.schema.safeParse(reply.body);
      expect(parsed.success, `${path}: ${parsed.success ? '' : z.prettifyError(parsed.error)}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });

  it('is generated deterministically', () => {
    const info = { title: 'x', version: '1', description: 'd' };
    expect(JSON.stringify(buildOpenApiDocument(registeredRoutes(t.app), info))).toBe(
      JSON.stringify(buildOpenApiDocument(registeredRoutes(t.app), info)),
    );
  });
});

describe('the OpenAPI builders', () => {
  it('the structural check finds what a broken document gets wrong', () => {
    const broken = structuredClone(doc) as unknown as {
      paths: Record<string, Record<string, { parameters: unknown[]; responses: unknown }>>;
    };
    const games = broken.paths['/v1/games/{id}'].get;
    games.parameters = [];
    games.responses = {
      200: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } },
      99: { description: 'y' },
    };
    broken.paths['/v1/x/:id'] = { get: { parameters: [], responses: {} } };
    const problems = checkOpenApiDocument(broken);
    expect(problems.join('\n')).toContain('path parameter {id} is not declared');
    expect(problems.join('\n')).toContain('#/components/schemas/Nope does not resolve');
    expect(problems.join('\n')).toContain('responses.99: not a status code');
    expect(problems.join('\n')).toContain('uses :param');
    expect(problems.join('\n')).toContain('at least one response is required');
  });

  it('refuses two different schemas under one component id, and separates the input side of one', () => {
    const components = new Components();
    components.schema(z.object({ a: z.string() }).meta({ id: 'Thing' }), 'output');
    expect(() => components.schema(z.object({ b: z.number() }).meta({ id: 'Thing' }), 'output')).toThrow(
      /component id "Thing"/,
    );
    const withDefault = z.object({ n: z.number().default(1) }).meta({ id: 'Defaulted' });
    components.schema(withDefault, 'output');
    expect(components.schema(z.object({ body: withDefault }), 'input')).toMatchObject({
      properties: { body: { $ref: '#/components/schemas/DefaultedInput' } },
    });
    expect(Object.keys(components.schemas).sort()).toEqual(['Defaulted', 'DefaultedInput', 'Thing']);
  });
});

describe('GET /docs', () => {
  it('is a self-contained HTML page listing every operation with its parameters and responses', async () => {
    const reply = await call(t.app, '/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = reply.text;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|https?:\/\//i);
    for (const { method, path, operation } of listOperations(doc)) {
      expect(html, `${method} ${path}`).toContain(`id="${operation.operationId}"`);
      expect(html).toContain(
        `<span class="method ${method}">${method}</span><span class="path">${path.replace(/&/g, '&#38;')}</span>`,
      );
      for (const p of operation.parameters) expect(html, `${path} ${p.name}`).toContain(`<code>${p.name}</code>`);
    }
    for (const name of Object.keys(doc.components.schemas)) expect(html).toContain(`id="schema-${name}"`);
    expect(html).toContain('href="/v1/openapi.json"');
  });
});
