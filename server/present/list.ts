// The list envelope `{ data, meta, _links }` of the contract, with the meta extras of
// SPEC-NOTES D42. Items arrive as JSON strings so cached game JSON is joined, not re-encoded.

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
const COMMA = Buffer.from(',');

/**
 * listEnvelopeJson's bytes from items given as bytes (each item one or more pieces): one
 * copy of every piece into the page, no string of the page made or encoded.
 */
export function listEnvelopeBytes(items: readonly (readonly Uint8Array[])[], meta: ListMeta, links: ListLinks): Buffer {
  const pieces: Uint8Array[] = [DATA_OPEN];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) pieces.push(COMMA);
    for (const piece of items[i]) pieces.push(piece);
  }
  pieces.push(Buffer.from(`],"meta":${JSON.stringify(meta)},"_links":${JSON.stringify(links)}}`));
  return Buffer.concat(pieces);
}
