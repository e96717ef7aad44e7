// The pages behind problem `type` URIs (`<PUBLIC_BASE_URL>/problems/<slug>`): what each
// problem means and how to fix the request. Typed by ProblemKind, so a new kind of problem
// does not compile until it has its page.

import { PROBLEM_KINDS, type ProblemKind } from '../problem.js';
import { escapeHtml } from './reference-page.js';

interface ProblemPage {
  title: string;
  status: number;
  meaning: string;
  fix: string;
}

type Explained = Omit<ProblemPage, 'title' | 'status'>;

const EXPLAINED: Record<ProblemKind, Explained> = {
  'validation-error': {
    meaning:
      'A parameter or body member is unknown, has the wrong type, is out of range, or two bounds cross (min above max). `errors[]` names each one: `field`, a `code` such as `unknown_parameter`, `out_of_range` or `invalid_cursor`, and a message; an unknown name comes with the closest known one.',
    fix: 'Correct each field listed in `errors[]`. Parameter names and ranges are in the reference at /docs. A cursor carries its own filters and sort: follow `_links.next` as it is rather than adding other filters to it.',
  },
  unauthorized: {
    meaning:
      'The `X-API-Key` header names a key that does not exist or was revoked, or a route that needs a key (votes, admin) got none. A bad key is never treated as anonymous.',
    fix: 'Send a valid key in `X-API-Key`, or leave the header out for anonymous reads. An operator issues keys with `POST /v1/admin/api-keys` or `ludex keys create`.',
  },
  forbidden: {
    meaning: 'The key is valid but lacks the admin scope this route needs.',
    fix: 'Use an admin key for `/v1/admin/*` routes.',
  },
  'not-found': {
    meaning: 'Nothing exists at this path: no route, or no game, person, term or award with this id or slug.',
    fix: 'Check the id or slug (both work wherever a path takes `{id}`); list endpoints such as /v1/games and /v1/search find them.',
  },
  'method-not-allowed': {
    meaning: 'The path exists but does not take this HTTP method. The `Allow` header lists the methods it takes.',
    fix: 'Use one of the methods in `Allow`.',
  },
  conflict: {
    meaning: 'The request conflicts with the current state, e.g. a materialization run is already in progress.',
    fix: 'Wait for the running operation to finish, then try again.',
  },
  gone: {
    meaning: 'The resource existed but has been removed for good.',
    fix: 'Stop requesting it; follow the detail for where its data went, if anywhere.',
  },
  'request-timeout': {
    meaning:
      'The client did not finish sending its request (headers or body) within the time budget (REQUEST_TIMEOUT_MS).',
    fix: 'Send the request promptly and completely; check the connection.',
  },
  'request-header-fields-too-large': {
    meaning:
      'The request headers together exceed what the server reads (16 KiB), so the request was not parsed at all.',
    fix: 'Send fewer or shorter headers (large cookies are the usual cause).',
  },
  'payload-too-large': {
    meaning: 'The request body exceeds 64 KiB, whether declared by Content-Length or sent chunked.',
    fix: 'Send a smaller body; a search body never needs to be that large.',
  },
  'uri-too-long': {
    meaning: 'The path and query string exceed 8 KiB.',
    fix: 'Send long filters as a JSON body to `POST /v1/games/search`.',
  },
  'unsupported-media-type': {
    meaning:
      'The body is not JSON: the `Content-Type` is missing, not `application/json` (or `+json`), or names a charset other than UTF-8.',
    fix: 'Send `Content-Type: application/json` and a UTF-8 JSON body.',
  },
  'unprocessable-entity': {
    meaning:
      'The request is well-formed but names something that does not exist, such as a mechanic, designer or expansion slug. `errors[]` lists each unknown reference.',
    fix: 'Use slugs the API knows: /v1/mechanics, /v1/categories, /v1/themes, /v1/people and /v1/awards list them (aliases resolve too).',
  },
  'rate-limited': {
    meaning:
      'This client (its API key, or its address without one) used up its requests for the current window; exports have a budget of their own. `X-RateLimit-*` headers on every answer show the budget.',
    fix: 'Wait the number of seconds in `Retry-After`, then continue. An API key raises the limit.',
  },
  internal: {
    meaning:
      'The server failed unexpectedly. Nothing about the cause is revealed; it has been logged with the request id.',
    fix: 'Retry later. If it persists, report the `X-Request-Id` of the answer to the operator.',
  },
  'service-unavailable': {
    meaning:
      'The server cannot answer now: the request took longer than its time budget, the store is unreachable, the server is shutting down, or a read replica was asked to write.',
    fix: 'Retry after `Retry-After` seconds (if given). Writes on a replica go to the writer named in the detail.',
  },
};

export const PROBLEM_PAGES: Readonly<Record<string, ProblemPage>> = {
  ...Object.fromEntries(
    (Object.keys(EXPLAINED) as ProblemKind[]).map((kind) => [
      kind,
      { ...PROBLEM_KINDS[kind], ...EXPLAINED[kind] } satisfies ProblemPage,
    ]),
  ),
};

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1d2330}main{max-width:46rem;margin:0 auto;padding:1.5rem}' +
  'code{font-family:ui-monospace,monospace;font-size:.92em;background:#f3f5f8;padding:0 .2em}a{color:#2d5bd7}' +
  'ul{padding-left:1.2rem}.muted{color:#5b6473}';

function page(title: string, body: string[]): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>`,
    ...body,
    '</main></body></html>',
  ].join('\n');
}

/** Escaped text with `code` spans, the one markup the explanations use. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export function renderProblemPage(slug: string, baseUrl: string): string | undefined {
  const problem = Object.hasOwn(PROBLEM_PAGES, slug) ? PROBLEM_PAGES[slug] : undefined;
  if (problem === undefined) return undefined;
  return page(`${problem.title} (${problem.status}) — Ludex problem`, [
    `<p class="muted"><a href="/problems">Problems</a> · <a href="/docs">API reference</a></p>`,
    `<h1>${escapeHtml(problem.title)} <span class="muted">${problem.status}</span></h1>`,
    `<p>Problem type <code>${escapeHtml(`${baseUrl}/problems/${slug}`)}</code>, sent as an RFC 9457 problem (<code>application/problem+json</code>).</p>`,
    `<h2>What it means</h2><p>${prose(problem.meaning)}</p>`,
    `<h2>How to fix it</h2><p>${prose(problem.fix)}</p>`,
  ]);
}

export function renderProblemIndex(): string {
  return page('Ludex problem types', [
    '<p class="muted"><a href="/docs">API reference</a></p>',
    '<h1>Problem types</h1>',
    '<p>Every error is an RFC 9457 problem whose <code>type</code> links to one of these pages.</p><ul>',
    ...Object.entries(PROBLEM_PAGES).map(
      ([slug, p]) =>
        `<li><a href="/problems/${slug}">${escapeHtml(p.title)}</a> <span class="muted">${p.status}</span></li>`,
    ),
    '</ul>',
  ]);
}
