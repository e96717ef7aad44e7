// Identifier rules of the catalog (SPEC-NOTES D9): ids are kept when given; otherwise a
// random time-ordered UUIDv7, except taxonomy terms, whose ids are derived from their kind
// and slug so that every store that loads the same vocabulary agrees on them.

import { createHash } from 'node:crypto';
import { v7 } from 'uuid';
import type { TaxonomyKind } from '../../engine/index.js';

/** The fixed timestamp of deterministic term ids: 2024-01-01T00:00:00Z in milliseconds. */
export const TERM_ID_EPOCH_MS = Date.UTC(2024, 0, 1);

export function newId(): string {
  return v7();
}

/**
 * A UUIDv7-shaped id for a taxonomy term: the fixed timestamp prefix, then version and
 * variant bits around 74 bits of SHA-256 over `<kind>:<slug>`.
 */
export function termId(kind: TaxonomyKind, slug: string): string {
  const hash = createHash('sha256').update(`${kind}:${slug}`).digest();
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(TERM_ID_EPOCH_MS, 0, 6);
  hash.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6] & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8] & 0x3f); // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
