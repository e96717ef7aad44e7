// HMAC-SHA256 (RFC 2104) from two one-shot SHA-256 digests of buffers kept between calls.
//
// Why not createHmac: each call makes an Hmac stream object around a native handle that the
// collector must finalize, and under load (a cursor signed on every list page) that cost
// more than the hashing: GET /v1/games took 0.94–0.98× its time with this signer in three
// A/B runs of two builds in one process (bench/README.md, "Object spreads, cursor signatures
// and the people tier"). The test holds it to createHmac byte for byte.

import { hash } from 'node:crypto';

const BLOCK = 64;
/** UTF-8 takes at most 3 bytes per UTF-16 code unit. */
const MAX_UTF8_PER_UNIT = 3;

export class HmacSha256 {
  private readonly innerPad = Buffer.alloc(BLOCK);
  /** The outer pad followed by the inner digest. */
  private readonly outer = Buffer.alloc(BLOCK + 32);
  /** The inner pad followed by the message (grown when a message needs more room). */
  private inner = Buffer.alloc(BLOCK + 1024);

  constructor(key: Uint8Array) {
    const block = Buffer.alloc(BLOCK);
    // A key longer than the block is replaced by its digest (RFC 2104, section 2).
    (key.length > BLOCK ? hash('sha256', key, 'buffer') : Buffer.from(key)).copy(block);
    for (let i = 0; i < BLOCK; i++) {
      this.innerPad[i] = block[i] ^ 0x36;
      this.outer[i] = block[i] ^ 0x5c;
    }
    this.innerPad.copy(this.inner);
  }

  /** The MAC of the UTF-8 bytes of `text` (32 bytes). */
  digest(text: string): Buffer {
    if (this.inner.length < BLOCK + text.length * MAX_UTF8_PER_UNIT) {
      this.inner = Buffer.alloc(BLOCK + text.length * MAX_UTF8_PER_UNIT);
      this.innerPad.copy(this.inner);
    }
    const length = this.inner.write(text, BLOCK, 'utf8');
    hash('sha256', this.inner.subarray(0, BLOCK + length), 'buffer').copy(this.outer, BLOCK);
    return hash('sha256', this.outer, 'buffer');
  }
}
