// Security headers for a JSON API. The /docs page sets its own Content-Security-Policy
// (it needs inline CSS); every other response forbids everything a browser could load.

import type { HeaderSink } from './staged-headers.js';

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Answer headers: set on every answer, after the route, so a route's own CSP stands. */
export function applySecurityHeaders(headers: HeaderSink): void {
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'no-referrer');
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', API_CONTENT_SECURITY_POLICY);
  // No banner naming the software or its version.
  headers.delete('x-powered-by');
  headers.delete('server');
}
