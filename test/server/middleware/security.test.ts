// Security headers: nosniff, no referrer, a deny-all CSP unless the answer has its own, and
// no banner naming the software.

import { describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY, applySecurityHeaders } from '../../../server/middleware/security.js';

describe('applySecurityHeaders', () => {
  it('sets nosniff, no-referrer and the deny-all CSP', () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    applySecurityHeaders(headers);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(headers.get('content-type')).toBe('application/json');
  });

  it("keeps an answer's own CSP and removes any banner", () => {
    const headers = new Headers({ 'content-security-policy': "default-src 'self'", server: 'x', 'x-powered-by': 'y' });
    applySecurityHeaders(headers);
    expect(headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(headers.has('server')).toBe(false);
    expect(headers.has('x-powered-by')).toBe(false);
  });
});
