import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshBytes } from '../../../server/body-slabs.js';
import { listEnvelopeBytes, listEnvelopeJson, type ListLinks, type ListMeta } from '../../../server/present/list.js';

const item = fc.jsonValue().map((value) => JSON.stringify({ value }));

describe('listEnvelopeBytes', () => {
  it('joins the same JSON as listEnvelopeJson, whatever the items, meta and links hold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(item, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
        fc.string({ unit: 'grapheme' }),
        fc.string(),
        fc.jsonValue(),
        (pieces, q, href, filters) => {
          // an item given in pieces is the pieces' concatenation
          const items = pieces.map((p) => p.map((piece) => Buffer.from(piece)));
          const strings = pieces.map((p) => p.join(''));
          const meta: ListMeta = { total: strings.length, limit: 25, has_more: false, q, filters_applied: filters };
          const links: ListLinks = { self: { href }, next: { href: `${href}?cursor=${q}` } };
          const bytes = listEnvelopeBytes(items, meta, links, freshBytes);
          expect(Buffer.from(bytes).toString('utf8')).toBe(listEnvelopeJson(strings, meta, links));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes into the bytes the allocator lends, sized to the page', () => {
    const lent = Buffer.alloc(4096, 0x20);
    const meta: ListMeta = { total: 1, limit: 25, has_more: false, name: 'Café \u{1f3b2}' };
    const bytes = listEnvelopeBytes([[Buffer.from('{"id":"a"}')]], meta, { self: { href: '/v1/games' } }, (size) =>
      lent.subarray(0, size),
    );
    expect(bytes.buffer).toBe(lent.buffer);
    expect(JSON.parse(Buffer.from(bytes).toString('utf8'))).toEqual({
      data: [{ id: 'a' }],
      meta,
      _links: { self: { href: '/v1/games' } },
    });
  });
});
