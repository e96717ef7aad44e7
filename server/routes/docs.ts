// GET /v1/openapi.json and GET /docs: the OpenAPI 3.1 document generated from the route
// registry, and a reference page rendered from it. Registered last (server/app.ts), and built
// on first request, when every route of the app is registered; then served from memory.

import type { H3 } from 'h3';
import type { AppDeps } from '../app-deps.js';
import { API_VERSION } from '../app-deps.js';
import { registeredRoutes, route, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { renderDocsPage } from '../openapi/html.js';
import type { OpenApiDocument } from '../openapi/json.js';
import { htmlPageSchema, openApiDocumentSchema } from '../schemas/responses/meta.js';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = '/docs';

const DESCRIPTION =
  'Board game data API: games with expansion-aware filtering, search, people, awards, taxonomy and bulk export. ' +
  'Every error is an RFC 9457 problem (application/problem+json); lists are keyset-paginated `{data, meta, _links}` envelopes.';

const OPENAPI_DOC: RouteDoc = {
  summary: 'This API as an OpenAPI 3.1 document',
  description: 'Generated from the registered routes and the zod schemas the server validates and tests with.',
  tags: ['meta'],
  responses: { 200: { description: 'The OpenAPI document', schema: openApiDocumentSchema } },
};

const DOCS_DOC: RouteDoc = {
  summary: 'Human-readable API reference',
  description: 'Every operation, its parameters and responses, and every schema, rendered from the OpenAPI document.',
  tags: ['meta'],
  responses: { 200: { description: 'The reference page', schema: htmlPageSchema, contentType: 'text/html' } },
};

export function registerDocsRoutes(app: H3, deps: AppDeps): void {
  void deps;
  let built: { document: OpenApiDocument; json: string; html: string } | undefined;
  const get = () => {
    if (!built) {
      const document = buildOpenApiDocument(registeredRoutes(app), {
        title: 'Ludex API',
        version: API_VERSION,
        description: DESCRIPTION,
      });
      built = { document, json: JSON.stringify(document), html: renderDocsPage(document, OPENAPI_PATH) };
    }
    return built;
  };
  route(app, OPENAPI_PATH, { GET: (event) => sendJson(event, get().json) }, { GET: OPENAPI_DOC });
  route(
    app,
    DOCS_PATH,
    {
      GET: (event) => {
        event.res.headers.set('content-type', 'text/html; charset=utf-8');
        // The page needs nothing but its own inline CSS; say so to the browser.
        event.res.headers.set(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        );
        return get().html;
      },
    },
    { GET: DOCS_DOC },
  );
}
