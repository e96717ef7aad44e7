// The OpenAPI 3.1 document, generated from the route registry: every operation registered
// through `route()` with its RouteDoc (server/http.ts), schemas from the same zod objects the
// handlers and tests use. Nothing here is written by hand per route, so a new route appears
// in the document (and on /docs) by being registered.

import type { RegisteredRoute, RouteDoc } from '../http.js';
import { z } from 'zod';
import { problemSchema } from '../schemas/responses/common.js';
import { Components } from './components.js';
import { addEdgeResponses, edgeResponseComponents, headerRefs, RESPONSE_HEADERS } from './edge-responses.js';
import { exampleFor } from './examples.js';
import { CONTRACT_QUERY_NAMES } from './filter-query.js';
import type {
  JsonObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItem,
  ResponseObject,
} from './json.js';
import { isJsonObject } from './json.js';

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

export interface DocumentOptions {
  /** PUBLIC_BASE_URL: the one server, so try-it and generated clients call this deployment. */
  serverUrl: string;
}

/** What path parameters mean, by name (RouteDoc does not describe them). */
const PATH_PARAMETER_DOCS: Readonly<Record<string, string>> = {
  id: 'UUID (any case) or slug',
  slug: 'Slug (or an alias where the resource has aliases)',
};

const LAST_TAGS = ['meta', 'probes'];

/** h3 `:name` segments → OpenAPI `{name}` templates. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
}

export function buildOpenApiDocument(
  routes: readonly RegisteredRoute[],
  info: DocumentInfo,
  options: DocumentOptions,
): OpenApiDocument {
  const components = new Components();
  const problem = components.schema(problemSchema, 'output');
  const paths: Record<string, PathItem> = {};
  const operationIds = new Set<string>();
  const tags = new Set<string>();
  const usedResponses = new Set<string>();
  for (const registered of routes) {
    const template = openApiPath(registered.path);
    const operation = registered.doc
      ? documented(registered, registered.doc, components, problem)
      : undocumented(registered, problem);
    operation.operationId = uniqueId(operationIdOf(registered), operationIds);
    const facts = { method: registered.method, path: registered.path, auth: registered.doc?.auth };
    addEdgeResponses(operation, { ...facts, hasBody: operation.requestBody !== undefined }, usedResponses);
    for (const tag of operation.tags) tags.add(tag);
    const item = paths[template] ?? {};
    paths[template] = item;
    item[registered.method.toLowerCase() as keyof PathItem] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: options.serverUrl, description: 'This deployment (PUBLIC_BASE_URL)' }],
    // A key is optional everywhere (it raises the rate limit); routes that need one say so.
    security: [{}, { ApiKey: [] }],
    // The API first; the service's own routes (index, probes, docs) after it.
    tags: [...tags]
      .sort((a, b) => Number(LAST_TAGS.includes(a)) - Number(LAST_TAGS.includes(b)))
      .map((name) => ({ name })),
    paths,
    components: {
      schemas: sortedKeys(components.schemas),
      responses: edgeResponseComponents(problem, usedResponses),
      headers: RESPONSE_HEADERS,
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'Optional on reads (raises the rate limit), required on writes; admin routes need an admin key.',
        },
      },
    },
  };
}

function documented(
  route: RegisteredRoute,
  doc: RouteDoc,
  components: Components,
  problem: JsonObject,
): OperationObject {
  const operation: OperationObject = {
    operationId: '',
    summary: doc.summary,
    tags: doc.tags ?? [defaultTag(route.path)],
    parameters: [...pathParameters(route.path), ...(doc.query ? queryParameters(doc.query, components) : [])],
    responses: {},
  };
  if (doc.description !== undefined) operation.description = doc.description;
  if (doc.auth !== undefined) operation.security = [{ ApiKey: [] }];
  if (doc.body) {
    operation.requestBody = {
      required: doc.bodyOptional !== true,
      content: { 'application/json': { schema: components.schema(doc.body, 'input') } },
    };
  }
  for (const [status, response] of Object.entries(doc.responses)) {
    const isError = Number(status) >= 400;
    const out: ResponseObject = { description: response.description };
    const headers = [...(response.headers ?? []), ...(status === '200' && isPaged(response.schema) ? ['Link'] : [])];
    if (headers.length > 0) out.headers = headerRefs(headers);
    const schema = response.schema ? components.schema(response.schema, 'output') : isError ? problem : undefined;
    if (schema) {
      const contentType = response.contentType ?? (isError ? 'application/problem+json' : 'application/json');
      const example = exampleFor(route.method, route.path, Number(status));
      out.content = { [contentType]: example === undefined ? { schema } : { schema, example } };
      if (response.alsoAs)
        out.content[response.alsoAs.contentType] = { schema: components.schema(response.alsoAs.schema, 'output') };
    }
    operation.responses[status] = out;
  }
  operation.responses.default = problemResponse(problem);
  return operation;
}

function undocumented(route: RegisteredRoute, problem: JsonObject): OperationObject {
  return {
    operationId: '',
    summary: `${route.method} ${openApiPath(route.path)}`,
    tags: [defaultTag(route.path)],
    parameters: pathParameters(route.path),
    responses: { default: problemResponse(problem) },
    'x-undocumented': true,
  };
}

function problemResponse(problem: JsonObject): ResponseObject {
  return {
    description: 'Any error, as an RFC 9457 problem',
    content: { 'application/problem+json': { schema: problem } },
  };
}

function pathParameters(path: string): ParameterObject[] {
  return pathParameterNames(path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETER_DOCS[name] ?? name,
    schema: { type: 'string' },
  }));
}

/**
 * One query parameter per property of the (zod object) query schema: the contract's names in
 * its order first, then the others, then the aliases (`x-alias-of`), each group as declared.
 */
function queryParameters(query: NonNullable<RouteDoc['query']>, components: Components): ParameterObject[] {
  const schema = components.schema(query, 'input');
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const parameters = Object.entries(properties).map(([name, property]) => {
    const { description, 'x-alias-of': aliasOf, ...valueSchema } = isJsonObject(property) ? property : {};
    const parameter: ParameterObject = { name, in: 'query', required: required.includes(name), schema: valueSchema };
    if (typeof description === 'string') parameter.description = description;
    if (typeof aliasOf === 'string') parameter['x-alias-of'] = aliasOf;
    // Lists are written `a,b` (a repeated parameter means the same).
    if (valueSchema.type === 'array') Object.assign(parameter, { style: 'form', explode: false });
    return parameter;
  });
  const rank = (p: ParameterObject) => {
    if (p['x-alias-of'] !== undefined) return CONTRACT_QUERY_NAMES.length + 1;
    const index = CONTRACT_QUERY_NAMES.indexOf(p.name);
    return index === -1 ? CONTRACT_QUERY_NAMES.length : index;
  };
  return parameters
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}

/** `/v1/games/:id/polls` → games; root routes (/, /healthz) → meta. */
function defaultTag(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] === 'v1' ? segments[1] : undefined;
  return first === undefined || first.startsWith(':') ? 'meta' : first;
}

/** `GET /v1/games/:id/expansions` → `get_v1_games_id_expansions`. */
function operationIdOf(route: RegisteredRoute): string {
  const tail = route.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return `${route.method.toLowerCase()}_${tail || 'root'}`;
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A list envelope whose `_links` may name the next and previous pages: it sends a Link header too. */
function isPaged(schema: z.ZodType | undefined): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  const links: unknown = schema.shape._links;
  return links instanceof z.ZodObject && 'next' in links.shape;
}
