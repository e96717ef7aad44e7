// GET /v1/openapi.json: the document describes exactly the routes the app registers
// (compared with the registry, so routes added later are covered without editing this file),
// passes a maintained validator (Redocly's openapi-core), declares every parameter name,
// response header and error status a client meets, and every documented schema fits what the
// route really answers. The pages around it (/docs, /problems) are in docs-pages.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registeredRoutes } from '../../server/http.js';
import { Components } from '../../server/openapi/components.js';
import { buildOpenApiDocument, openApiPath } from '../../server/openapi/document.js';
import { EXAMPLE_SOURCES, exampleFor } from '../../server/openapi/examples.js';
import { CONTRACT_QUERY_NAMES } from '../../server/openapi/filter-query.js';
import {
  isReference,
  listOperations,
  type OpenApiDocument,
  type Reference,
  type ResponseObject,
} from '../../server/openapi/json.js';
import { FILTER_ALIASES, FILTER_FIELDS } from '../../server/schemas/filter-fields.js';
import { openApiDocumentSchema } from '../../server/schemas/responses/meta.js';
import { call, demoApp, TEST_BASE_URL, type TestApp } from '../helpers/app.js';
import { lintOpenApi } from '../helpers/openapi-lint.js';

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

/** A response, its `$ref` to a shared one resolved. */
const resolved = (response: ResponseObject | Reference | undefined): ResponseObject | undefined =>
  response !== undefined && isReference(response)
    ? doc.components.responses[response.$ref.replace('#/components/responses/', '')]
    : response;

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

  it('passes a maintained validator (structure, refs, path parameters, operation ids, examples against schemas)', async () => {
    expect(await lintOpenApi(doc)).toEqual([]);
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
        expect(
          resolved(response)?.content?.['application/problem+json']?.schema,
          `${method} ${path} ${status}`,
        ).toEqual({
          $ref: '#/components/schemas/Problem',
        });
      }
      expect(operation.responses.default).toBeDefined();
    }
  });

  it('shares the Game schema as a component and references it from lists and details', () => {
    const list = resolved(doc.paths['/v1/games']?.get?.responses['200'])?.content?.['application/json']?.schema;
    expect(list?.properties).toMatchObject({ data: { type: 'array', items: { $ref: '#/components/schemas/Game' } } });
    expect(resolved(doc.paths['/v1/games/{id}']?.get?.responses['200'])?.content?.['application/json']?.schema).toEqual(
      {
        $ref: '#/components/schemas/Game',
      },
    );
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
    const options = { serverUrl: TEST_BASE_URL };
    expect(JSON.stringify(buildOpenApiDocument(registeredRoutes(t.app), info, options))).toBe(
      JSON.stringify(buildOpenApiDocument(registeredRoutes(t.app), info, options)),
    );
  });
});

describe('what a client meets, declared', () => {
  const games = () => doc.paths['/v1/games']?.get;

  it("declares every accepted parameter name: the contract's first, the other spellings marked as aliases", () => {
    const parameters = games()?.parameters ?? [];
    const names = parameters.map((p) => p.name);
    expect(names.slice(0, CONTRACT_QUERY_NAMES.length)).toEqual(CONTRACT_QUERY_NAMES);
    for (const [alias, key] of Object.entries(FILTER_ALIASES)) {
      const spellings = parameters.filter((p) => p.name === alias || p.name === key);
      expect(spellings.map((p) => p.name).sort(), alias).toEqual([alias, key].sort());
      expect(
        spellings.filter((p) => p['x-alias-of'] === undefined),
        alias,
      ).toHaveLength(1);
    }
    expect(parameters.find((p) => p.name === 'players_min')?.['x-alias-of']).toBe('min_players');
    expect(parameters.find((p) => p.name === 'mechanics')?.['x-alias-of']).toBe('mechanic');
    expect(parameters.find((p) => p.name === 'bgg_id')?.['x-alias-of']).toBe('legacy_id');
  });

  it('declares the response headers: request id and rate limits everywhere, ETag on cached reads, the export facts', () => {
    const ok = resolved(games()?.responses['200']);
    expect(Object.keys(ok?.headers ?? {})).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'ETag',
      ]),
    );
    expect(resolved(games()?.responses['304'])?.headers).toHaveProperty('ETag');
    expect(resolved(games()?.responses['429'])?.headers).toHaveProperty('Retry-After');
    const exported = resolved(doc.paths['/v1/export/games']?.get?.responses['200']);
    expect(Object.keys(exported?.headers ?? {})).toEqual(
      expect.arrayContaining([
        'X-Export-Format',
        'X-Export-Row-Count',
        'X-Export-Schema-Version',
        'X-Export-Generated-At',
      ]),
    );
    expect(exported?.headers).not.toHaveProperty('ETag');
    expect(Object.keys(exported?.content ?? {})).toEqual(['application/x-ndjson', 'text/csv']);
    expect(resolved(doc.paths['/healthz']?.get?.responses['200'])?.headers).not.toHaveProperty('X-RateLimit-Limit');
  });

  it('declares every error status: 401 and 429 on limited routes, 403 on admin routes, 413 and 415 with bodies', () => {
    for (const { method, path, operation } of listOperations(doc)) {
      const statuses = Object.keys(operation.responses);
      const where = `${method} ${path}`;
      const probe = ['/healthz', '/readyz', '/metrics'].includes(path);
      expect(statuses.includes('429'), where).toBe(!probe);
      if (!probe) expect(statuses, where).toContain('401');
      if (path.startsWith('/v1/admin')) expect(statuses, where).toContain('403');
      if (operation.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
      expect(statuses, where).toEqual(expect.arrayContaining(['414', '503', 'default']));
    }
  });

  it('names this deployment as its server, and an API key as optional security', () => {
    expect(doc.servers).toEqual([{ url: TEST_BASE_URL, description: expect.any(String) }]);
    expect(doc.security).toEqual([{}, { ApiKey: [] }]);
    expect(doc.paths['/v1/admin/api-keys']?.get?.security).toEqual([{ ApiKey: [] }]);
  });

  it('carries examples that are what the demo catalog answers now (npm run generate rewrites them)', async () => {
    const stable = (value: unknown) => JSON.stringify(value).replace(/"(updated_at|created_at)":"[^"]*"/g, '"$1":""');
    for (const source of EXAMPLE_SOURCES) {
      const [method, path] = source.operation.split(' ');
      const example = exampleFor(method, path, source.status);
      const reply = await call(t.app, source.request);
      expect(reply.status, source.request).toBe(source.status);
      // Compared as text: a stale example is reported by name, not as a page-long diff.
      expect(stable(example) === stable(reply.body), `${source.file} is stale: run npm run generate`).toBe(true);
      const media = resolved(doc.paths[openApiPath(path)]?.[method.toLowerCase() as 'get']?.responses[source.status]);
      expect(Object.values(media?.content ?? {})[0]?.example, source.file).toEqual(example);
    }
  });
});

describe('the OpenAPI builders', () => {
  it('the validator finds what a broken document gets wrong', async () => {
    const broken = structuredClone(doc) as unknown as {
      paths: Record<string, Record<string, { parameters: unknown[]; responses: unknown }>>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    const games = broken.paths['/v1/games/{id}'].get;
    games.parameters = [];
    games.responses = {
      200: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } },
      99: { description: 'y' },
    };
    broken.paths['/v1/x/{id}'] = { get: { parameters: [], responses: {} } };
    broken.components.schemas.Health.required = ['no_such_member'];
    broken.paths['/v1/y/:id'] = { get: { parameters: [], responses: {} } };
    Object.assign(broken.components.schemas.Ready, { nullable: true });
    const problems = (await lintOpenApi(broken)).join('\n');
    expect(problems).toMatch(/path-parameters-defined: .*`\{id\}`/);
    expect(problems).toMatch(/no-unresolved-refs: Can't resolve \$ref/);
    expect(problems).toMatch(/struct: Property `99` is not expected here/);
    expect(problems).toMatch(/struct: Response object should contain at least one response|operation-2xx-response/);
    expect(problems).toMatch(/no-required-schema-properties-undefined: .*no_such_member/);
    expect(problems).toMatch(/struct: Property `nullable` is not expected here/);
    // The one thing the validator lets pass (a literal `:id` segment), the builder never writes.
    expect(Object.keys(doc.paths).filter((path) => path.includes(':'))).toEqual([]);
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
