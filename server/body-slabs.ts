// Reused output buffers for the large bodies the list routes join (a 25-game page is ~38 KB).
// A fresh buffer of that size per request cost the list route 11–15 µs of server CPU a request
// (an A/B in one server, alternating turns: 175 → 164 µs, 179 → 163), while copying the same
// bytes into a kept buffer cost about nothing: fresh memory from malloc on every request,
// handed back in bulk when the collector frees the buffers, is what costs, not the copy.
//
// A buffer handed to node:http is read by the socket until the response's last write has
// completed, which may be long after the route returned (a slow reader, a full socket
// buffer): node keeps a reference, it does not copy. So a slab is lent to one response and
// is free again only once that response is finished (its bytes handed to the OS) or
// destroyed (nothing more will be read from it). No listener is added per request: a slab's
// holder is asked when the slab is next wanted.

import type { H3Event } from 'h3';

/** Bytes for a body of a given size; its contents are undefined until written. */
export type ByteAllocator = (size: number) => Buffer;

/** A new buffer for every body: where no response can say when its bytes were sent. */
export const freshBytes: ByteAllocator = (size) => Buffer.allocUnsafe(size);

/** What a lent slab asks of the response it was lent to (node:http's ServerResponse has both). */
export interface SlabHolder {
  /** The whole response has been handed to the OS. */
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
}

/** Most slabs kept, and the largest body one holds: at most 8 MB kept whatever the traffic. */
export const MAX_SLABS = 8;
export const MAX_SLAB_BYTES = 1 << 20;
/** A slab's smallest size: a 25-game page and its envelope fit, so slabs rarely grow. */
const MIN_SLAB_BYTES = 64 * 1024;

interface Slab {
  bytes: Buffer;
  holder: SlabHolder | null;
}

export class BodySlabs {
  private readonly slabs: Slab[] = [];

  constructor(
    readonly maxSlabs: number = MAX_SLABS,
    readonly maxSlabBytes: number = MAX_SLAB_BYTES,
  ) {}

  /**
   * `size` bytes lent to `holder` until it is finished or destroyed: a free slab's (grown to
   * fit if need be), or a fresh buffer when the body is larger than a slab or every slab is
   * lent.
   */
  take(size: number, holder: SlabHolder): Buffer {
    if (size > this.maxSlabBytes) return Buffer.allocUnsafe(size);
    let slab: Slab | undefined;
    for (const kept of this.slabs) {
      const holder = kept.holder;
      if (holder === null || holder.writableFinished || holder.destroyed) {
        slab = kept;
        break;
      }
    }
    if (slab === undefined) {
      if (this.slabs.length >= this.maxSlabs) return Buffer.allocUnsafe(size);
      slab = { bytes: Buffer.allocUnsafeSlow(slabBytes(size)), holder: null };
      this.slabs.push(slab);
    } else if (slab.bytes.byteLength < size) {
      slab.bytes = Buffer.allocUnsafeSlow(slabBytes(size));
    }
    slab.holder = holder;
    return slab.bytes.subarray(0, size);
  }

  /** Slabs made so far (each lent or free). */
  get count(): number {
    return this.slabs.length;
  }
}

/** A power of two from MIN_SLAB_BYTES up: a slab that grows, grows once for a size class. */
function slabBytes(size: number): number {
  let bytes = MIN_SLAB_BYTES;
  while (bytes < size) bytes *= 2;
  return bytes;
}

/** The process's slabs: one pool for every app in it, as Buffer's own pool is. */
export const responseSlabs = new BodySlabs();

/**
 * The allocator for the body `event` answers: slabs when node:http sends it as it is, fresh
 * bytes otherwise. An in-process `app.fetch` has no socket to ask; a body to be compressed is
 * read by a compressor (and its cache) rather than by the socket, so it is never lent a slab.
 */
export function bodyBytesFor(event: H3Event, slabs: BodySlabs = responseSlabs): ByteAllocator {
  const res = event.runtime?.node?.res;
  if (res === undefined || event.context.contentEncoding) return freshBytes;
  return (size) => slabs.take(size, res);
}
