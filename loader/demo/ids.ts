// Deterministic UUIDv7-shaped ids, so every first start of the demo yields the same ids
// (SPEC-NOTES D9). Entities get a fixed timestamp prefix plus hash bits; raw votes use their
// own created_at as the timestamp, which keeps them time-ordered like real UUIDv7s.

import { createHash } from 'node:crypto';

/** 0x0190 in the top 16 bits: an early-2024 UUIDv7 era reserved for demo entities. */
const ENTITY_PREFIX = '0190';

function hashHex(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function shape(timestampHex: string, h: string): string {
  const variant = (8 | (parseInt(h.charAt(11), 16) & 3)).toString(16);
  return [
    timestampHex.slice(0, 8),
    timestampHex.slice(8, 12),
    `7${h.slice(12, 15)}`,
    `${variant}${h.slice(15, 18)}`,
    h.slice(18, 30),
  ].join('-');
}

/** Id of a catalog entity (game, person, term, ...) from its kind and slug. */
export function entityId(kind: string, key: string): string {
  const h = hashHex(`ludex-demo:${kind}:${key}`);
  return shape(ENTITY_PREFIX + h.slice(0, 8), h.slice(8));
}

/** Id of a raw vote: the timestamp part is the vote's own time in milliseconds. */
export function voteId(kind: string, key: string, at: Date): string {
  const ms = at.getTime().toString(16).padStart(12, '0');
  if (ms.length !== 12) throw new Error(`timestamp out of UUIDv7 range: ${at.toISOString()}`);
  return shape(ms, hashHex(`ludex-demo:${kind}:${key}`).slice(8));
}
