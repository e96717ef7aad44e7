// The /docs page: Scalar's API reference over /v1/openapi.json, with search and try-it. The
// page is a shell: its configuration travels in a data attribute (no inline script), the
// script is the vendored bundle served by this server, and the page's Content-Security-Policy
// lets it talk to this origin only — so no CDN, font service, proxy or telemetry is reached,
// and try-it sends its requests to the server that served the page.

export const SCALAR_SCRIPT_PATH = '/docs/scalar.js';

/** Everything but self: the bundle injects its styles inline and draws icons from data: URIs. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline' 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export function renderReferencePage(options: { title: string; specPath: string }): string {
  const configuration = {
    url: options.specPath,
    // A relative server: try-it calls the origin the page came from, whatever PUBLIC_BASE_URL says.
    servers: [{ url: '/', description: 'The server this page came from' }],
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: 'json',
  };
  const attribute = JSON.stringify(configuration).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title></head><body>`,
    `<noscript>This reference needs JavaScript. The API is described by <a href="${options.specPath}">${options.specPath}</a> (OpenAPI 3.1).</noscript>`,
    `<script id="api-reference" data-url="${options.specPath}" data-configuration='${attribute}'></script>`,
    `<script src="${SCALAR_SCRIPT_PATH}"></script>`,
    '</body></html>',
  ].join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
