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
  return `{"data":[${items.join(',')}],"meta":${JSON.stringify(meta)},"_links":${JSON.stringify(links)}}`;
}
