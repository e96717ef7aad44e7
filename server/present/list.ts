// The list envelope `{ data, meta, _links }` of the contract, with the meta extras of
// SPEC-NOTES D42. Items arrive as JSON strings so cached game JSON is joined, not re-encoded.

import { type ByteAllocator, freshBytes } from '../body-slabs.js';
import type { Link } from '../links.js';

export interface ListMeta {
  total: number;
  limit: number;
  has_more: boolean;
  next_cursor?: string;
  prev_cursor?: string;
  [extra: string]: unknown;
}

export interface ListLinks {
  self: Link;
  next?: Link;
  prev?: Link;
}

export function listEnvelopeJson(items: readonly string[], meta: ListMeta, links: ListLinks): string {
  // One join of every piece: V8 builds a flat string in one copy, where concatenating the
  // joined items into a template left a rope that the socket write flattened again (measured)
  const parts: string[] = ['{"data":['];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(',');
    parts.push(items[i]);
  }
  parts.push('],"meta":', JSON.stringify(meta), ',"_links":', JSON.stringify(links), '}');
  return parts.join('');
}

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = 0x2c;

/**
 * listEnvelopeJson's bytes from items given as bytes (each item one or more pieces): one
 * copy of every piece into the page, no string of the page made or encoded. The page's bytes
 * come from `allocate` (the route's: a slab lent to the response where it can be).
 */
export function listEnvelopeBytes(
  items: readonly (readonly Uint8Array[])[],
  meta: ListMeta,
  links: ListLinks,
  allocate: ByteAllocator = freshBytes,
): Uint8Array {
  // The tail is written into the page from its string: no buffer of its own to copy from
  const tail = `],"meta":${JSON.stringify(meta)},"_links":${JSON.stringify(links)}}`;
  const tailBytes = Buffer.byteLength(tail);
  let size = DATA_OPEN.byteLength + tailBytes + Math.max(0, items.length - 1);
  for (const pieces of items) for (const piece of pieces) size += piece.byteLength;
  const page = allocate(size);
  page.set(DATA_OPEN, 0);
  let at = DATA_OPEN.byteLength;
  for (let i = 0; i < items.length; i++) {
    if (i > 0) page[at++] = COMMA;
    for (const piece of items[i]) {
      page.set(piece, at);
      at += piece.byteLength;
    }
  }
  page.write(tail, at);
  return page;
}
