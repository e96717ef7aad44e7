// Opaque keyset cursors (SPEC-NOTES §4.2): base64url JSON carrying the endpoint, the
// normalized query, the sort and the keyset position, signed with HMAC-SHA256 so a client
// can neither edit nor forge one. A cursor alone is enough to continue a listing.

import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Position } from '../engine/index.js';
import { HmacSha256 } from './hmac-sha256.js';

const CURSOR_VERSION = 1;
const SIGNATURE_BYTES = 16;

/** `start`: the first page of the query (the position is not used): a POSTed search's `self`. */
export type CursorDirection = 'next' | 'prev' | 'start';

export interface CursorPayload {
  /** Endpoint key: a cursor from one listing is refused by another. */
  endpoint: string;
  /** The normalized query (filters, sort, order) the listing was made with. */
  query: Record<string, unknown>;
  position: Position;
  direction: CursorDirection;
}

const wireSchema = z.strictObject({
  v: z.literal(CURSOR_VERSION),
  k: z.string().min(1).max(200),
  q: z.record(z.string(), z.unknown()),
  p: z.tuple([z.union([z.number(), z.string(), z.null()]), z.string().min(1).max(200)]),
  d: z.enum(['n', 'p', 's']),
});

export class CursorError extends Error {
  override readonly name = 'CursorError';
}

/**
 * Tokens kept per wire payload: a page's cursors are signed once and handed out again to every
 * request for that page (issue 13: "cursors signed once per page"). Bounded; the oldest
 * entry goes first. At 150,000 games the next cursor of the bench's typical page took 14 % of
 * the list route's server CPU (JSON of the query, base64url, two SHA-256 digests, the buffers).
 */
export const SIGNED_CURSORS_KEPT = 2048;
/**
 * Longer payloads (queries of many filter values) are signed every time: with this bound the
 * kept tokens take at most ~5 MB whatever queries clients send (a typical one is ~300).
 */
const MAX_KEPT_WIRE_CHARS = 1024;

export class CursorCodec {
  private readonly mac: HmacSha256;
  /** Token per wire JSON, in insertion order (the first is the oldest). */
  private readonly signed = new Map<string, string>();

  constructor(
    secret: string,
    private readonly kept: number = SIGNED_CURSORS_KEPT,
  ) {
    if (secret.length < 16) throw new RangeError('cursor secret must have at least 16 characters');
    this.mac = new HmacSha256(Buffer.from(secret, 'utf8'));
  }

  encode(payload: CursorPayload): string {
    // The bytes JSON.stringify({ v, k, q, p, d }) gives, members in that order.
    const direction = payload.direction === 'next' ? 'n' : payload.direction === 'prev' ? 'p' : 's';
    const { value, id } = payload.position;
    const wire =
      `{"v":${CURSOR_VERSION},"k":${JSON.stringify(payload.endpoint)},"q":${JSON.stringify(payload.query)},` +
      `"p":[${JSON.stringify(value ?? null)},${JSON.stringify(id)}],"d":"${direction}"}`;
    const known = this.signed.get(wire);
    if (known !== undefined) return known;
    const body = Buffer.from(wire, 'utf8').toString('base64url');
    const token = `${body}.${this.sign(body)}`;
    if (this.kept > 0 && wire.length <= MAX_KEPT_WIRE_CHARS) {
      if (this.signed.size >= this.kept) {
        const oldest = this.signed.keys().next();
        if (oldest.done !== true) this.signed.delete(oldest.value);
      }
      this.signed.set(wire, token);
    }
    return token;
  }

  /** How many signed tokens are kept (for tests). */
  get keptTokens(): number {
    return this.signed.size;
  }

  /** Verifies and decodes; throws CursorError with a client-safe message. */
  decode(token: string, endpoint: string): CursorPayload {
    if (token.length > 8192) throw new CursorError('is too long to be a cursor');
    const dot = token.indexOf('.');
    if (dot <= 0) throw new CursorError('is not a cursor issued by this server');
    const body = token.slice(0, dot);
    const signature = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.sign(body), 'base64url');
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      throw new CursorError('is not a cursor issued by this server (it was altered or is from another deployment)');
    }
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new CursorError('is not a readable cursor');
    }
    const wire = wireSchema.safeParse(json);
    if (!wire.success) throw new CursorError('is not a readable cursor');
    if (wire.data.k !== endpoint) throw new CursorError(`belongs to another listing (${wire.data.k}), not ${endpoint}`);
    return {
      endpoint: wire.data.k,
      query: wire.data.q,
      position: { value: wire.data.p[0], id: wire.data.p[1] },
      direction: wire.data.d === 'n' ? 'next' : wire.data.d === 'p' ? 'prev' : 'start',
    };
  }

  private sign(body: string): string {
    return this.mac.digest(body).subarray(0, SIGNATURE_BYTES).toString('base64url');
  }
}
