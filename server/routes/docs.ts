// GET /v1/openapi.json, GET /docs (+ its script) and GET /problems/<slug>: the OpenAPI 3.1
// document generated from the route registry, the interactive reference (Scalar) over it,
// and the pages problem `type` URIs point to. Registered last (server/app.ts); the document
// is built on first request, when every route of the app is registered, then kept in memory.

import { readFileSync } from 'node:fs';
import type { H3 } from 'h3';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { API_VERSION } from '../app-deps.js';
import { pathParam, registeredRoutes, route, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { renderProblemIndex, renderProblemPage } from '../openapi/problem-pages.js';
import { scalarBundlePath } from '../openapi/reference-assets.js';
import { DOCS_CONTENT_SECURITY_POLICY, renderReferencePage, SCALAR_SCRIPT_PATH } from '../openapi/reference-page.js';
import { ApiProblem, notFoundProblem } from '../problem.js';
import { htmlPageSchema, openApiDocumentSchema } from '../schemas/responses/meta.js';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = '/docs';
export const PROBLEMS_PATH = '/problems';

const DESCRIPTION =
  'Board game data API: games with expansion-aware filtering, search, people, awards, taxonomy and bulk export. ' +
  'Every error is an RFC 9457 problem (application/problem+json) whose `type` links to a page explaining it; ' +
  'lists are keyset-paginated `{data, meta, _links}` envelopes.';

const html = (description: string) => ({ description, schema: htmlPageSchema, contentType: 'text/html' });

const DOCS: Record<string, RouteDoc> = {
  openapi: {
    summary: 'This API as an OpenAPI 3.1 document',
    description: 'Generated from the registered routes and the zod schemas the server validates and tests with.',
    tags: ['meta'],
    responses: { 200: { description: 'The OpenAPI document', schema: openApiDocumentSchema } },
  },
  reference: {
    summary: 'Interactive API reference',
    description: 'Scalar over /v1/openapi.json: every operation and schema, search, and try-it against this server.',
    tags: ['meta'],
    responses: { 200: html('The reference page') },
  },
  script: {
    summary: "The reference page's script",
    description: 'The vendored @scalar/api-reference browser bundle (MIT).',
    tags: ['meta'],
    responses: {
      200: { description: 'JavaScript', schema: z.string(), contentType: 'text/javascript' },
      503: { description: 'The bundle is not installed (run npm install, or npm run build)' },
    },
  },
  problems: {
    summary: 'Every problem type',
    tags: ['meta'],
    responses: { 200: html('Links to the page of each problem type') },
  },
  problem: {
    summary: 'What a problem type means and how to fix the request',
    description: 'The page a problem `type` URI names.',
    tags: ['meta'],
    responses: { 200: html('The explanation'), 404: { description: 'No problem type of this name' } },
  },
};

/** HTML that needs nothing but its own inline CSS (the security headers forbid the rest). */
const PLAIN_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export function registerDocsRoutes(app: H3, deps: AppDeps): void {
  let document: string | undefined;
  const openApiJson = () => {
    document ??= JSON.stringify(
      buildOpenApiDocument(
        registeredRoutes(app),
        { title: 'Ludex API', version: API_VERSION, description: DESCRIPTION },
        { serverUrl: deps.publicBaseUrl },
      ),
    );
    return document;
  };
  const reference = renderReferencePage({ title: 'Ludex API reference', specPath: OPENAPI_PATH });
  let script: Buffer | undefined;

  route(app, OPENAPI_PATH, { GET: (event) => sendJson(event, openApiJson()) }, { GET: DOCS.openapi });
  route(
    app,
    DOCS_PATH,
    {
      GET: (event) => {
        event.res.headers.set('content-type', 'text/html; charset=utf-8');
        event.res.headers.set('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
        return reference;
      },
    },
    { GET: DOCS.reference },
  );
  route(
    app,
    SCALAR_SCRIPT_PATH,
    {
      GET: (event) => {
        if (script === undefined) {
          const path = scalarBundlePath();
          if (path === undefined)
            throw new ApiProblem(
              'service-unavailable',
              "The reference page's script (@scalar/api-reference) is not installed: run npm install, or serve the npm run build output.",
            );
          script = readFileSync(path);
        }
        event.res.headers.set('content-type', 'text/javascript; charset=utf-8');
        // Bytes, not a string: 4 MB is not hashed into an ETag on every request.
        event.res.headers.set('cache-control', 'public, max-age=86400');
        return new Uint8Array(script.buffer, script.byteOffset, script.byteLength);
      },
    },
    { GET: DOCS.script },
  );
  route(
    app,
    PROBLEMS_PATH,
    { GET: (event) => htmlPage(event.res.headers, renderProblemIndex()) },
    { GET: DOCS.problems },
  );
  route(
    app,
    `${PROBLEMS_PATH}/:slug`,
    {
      GET: (event) => {
        const slug = pathParam(event, 'slug');
        const page = renderProblemPage(slug, deps.publicBaseUrl);
        if (page === undefined) throw notFoundProblem(`There is no problem type "${slug}"; /problems lists them.`);
        return htmlPage(event.res.headers, page);
      },
    },
    { GET: DOCS.problem },
  );
}

function htmlPage(headers: Headers, body: string): string {
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('content-security-policy', PLAIN_PAGE_POLICY);
  return body;
}
