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

export class CursorCodec {
  private readonly mac: HmacSha256;
  /**
   * The wire JSON up to the position, per query object: a page's next and prev cursors
   * (same endpoint, same query) serialize the query once.
   */
  private readonly heads = new WeakMap<object, { endpoint: string; head: string }>();

  constructor(secret: string) {
    if (secret.length < 16) throw new RangeError('cursor secret must have at least 16 characters');
    this.mac = new HmacSha256(Buffer.from(secret, 'utf8'));
  }

  encode(payload: CursorPayload): string {
    // The bytes JSON.stringify({ v, k, q, p, d }) gives, members in that order.
    let cached = this.heads.get(payload.query);
    if (cached === undefined || cached.endpoint !== payload.endpoint) {
      cached = {
        endpoint: payload.endpoint,
        head: `{"v":${CURSOR_VERSION},"k":${JSON.stringify(payload.endpoint)},"q":${JSON.stringify(payload.query)},"p":`,
      };
      this.heads.set(payload.query, cached);
    }
    const direction = payload.direction === 'next' ? 'n' : payload.direction === 'prev' ? 'p' : 's';
    const { value, id } = payload.position;
    const wire = `${cached.head}[${JSON.stringify(value ?? null)},${JSON.stringify(id)}],"d":"${direction}"}`;
    const body = Buffer.from(wire, 'utf8').toString('base64url');
    return `${body}.${this.sign(body)}`;
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
