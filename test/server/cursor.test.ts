import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorCodec, CursorError } from '../../server/cursor.js';

const codec = new CursorCodec('a-test-secret-of-enough-length');
const payload = {
  endpoint: 'games',
  query: { filter: { players: 4 }, sort: 'name', order: 'asc' },
  position: { value: 'catan', id: '01900000-0000-7000-8000-000000000001' },
  direction: 'next' as const,
};

describe('CursorCodec', () => {
  it('round-trips the endpoint, query, position and direction', () => {
    const token = codec.encode(payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(codec.decode(token, 'games')).toEqual(payload);
  });

  it('makes the bytes of the wire format: base64url JSON {v,k,q,p,d} and its truncated HMAC-SHA256', () => {
    // The format cursors have always had (they appear in answers, which must not change).
    const wire = (value: string | number | null, direction: string) =>
      Buffer.from(
        JSON.stringify({ v: 1, k: 'games', q: payload.query, p: [value, payload.position.id], d: direction }),
        'utf8',
      ).toString('base64url');
    const signed = (body: string) =>
      `${body}.${createHmac('sha256', 'a-test-secret-of-enough-length').update(body).digest().subarray(0, 16).toString('base64url')}`;
    // one query object for several cursors, as a page's next and prev share it
    for (const [value, direction, d] of [
      ['catan', 'next', 'n'],
      [null, 'prev', 'p'],
      [7.25, 'start', 's'],
      ['Ünïcode "quoted"', 'next', 'n'],
    ] as const) {
      const token = codec.encode({ ...payload, position: { value, id: payload.position.id }, direction });
      expect(token).toBe(signed(wire(value, d)));
    }
  });

  it('keeps null and numeric sort values', () => {
    for (const value of [null, 7.25, -3]) {
      const token = codec.encode({ ...payload, position: { value, id: 'x' }, direction: 'prev' });
      expect(codec.decode(token, 'games').position.value).toBe(value);
    }
  });

  it('refuses a cursor whose body was edited', () => {
    const token = codec.encode(payload);
    const [body, signature] = token.split('.');
    const json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { q: { filter: { players: number } } };
    json.q.filter.players = 5;
    const forged = `${Buffer.from(JSON.stringify(json)).toString('base64url')}.${signature}`;
    expect(() => codec.decode(forged, 'games')).toThrow(CursorError);
  });

  it('refuses a cursor signed with another secret', () => {
    const other = new CursorCodec('another-secret-of-enough-length');
    expect(() => codec.decode(other.encode(payload), 'games')).toThrow(/altered or is from another deployment/);
  });

  it('refuses a cursor of another endpoint', () => {
    expect(() => codec.decode(codec.encode(payload), 'awards')).toThrow(/belongs to another listing/);
  });

  it('refuses garbage without throwing anything but CursorError', () => {
    for (const token of ['', '.', 'abc', 'a.b', '%%%.%%%', 'x'.repeat(9000), `${'e30'}.${'A'.repeat(22)}`]) {
      expect(() => codec.decode(token, 'games')).toThrow(CursorError);
    }
  });

  it('signs a page once: the same payload again gets the kept token, equal to a fresh signature', () => {
    const keeping = new CursorCodec('a-test-secret-of-enough-length', 2);
    const fresh = new CursorCodec('a-test-secret-of-enough-length', 0);
    const first = keeping.encode(payload);
    // a new query object with the same members is the same page
    const again = keeping.encode({ ...payload, query: { filter: { players: 4 }, sort: 'name', order: 'asc' } });
    expect(again).toBe(first);
    expect(keeping.keptTokens).toBe(1);
    expect(fresh.encode(payload)).toBe(first);
    expect(fresh.keptTokens).toBe(0);
  });

  it('keeps at most its bound of tokens, dropping the oldest, and every token still decodes', () => {
    const keeping = new CursorCodec('a-test-secret-of-enough-length', 2);
    const at = (id: string) => ({ ...payload, position: { value: 'catan', id } });
    const tokens = ['a', 'b', 'c'].map((id) => keeping.encode(at(id)));
    expect(keeping.keptTokens).toBe(2);
    expect(new Set(tokens).size).toBe(3);
    tokens.forEach((token, i) => {
      expect(keeping.decode(token, 'games').position.id).toBe(['a', 'b', 'c'][i]);
    });
    // a differing direction or endpoint is another token
    expect(keeping.encode({ ...at('c'), direction: 'prev' })).not.toBe(tokens[2]);
    expect(keeping.encode({ ...at('c'), endpoint: 'awards' })).not.toBe(tokens[2]);
    expect(keeping.keptTokens).toBe(2);
  });

  it('signs a long payload every time rather than keeping it (the kept tokens stay small)', () => {
    const keeping = new CursorCodec('a-test-secret-of-enough-length', 2);
    const long = {
      ...payload,
      query: { filter: { mechanics: Array.from({ length: 80 }, (_, i) => `mechanic-${i}`) } },
    };
    const token = keeping.encode(long);
    expect(keeping.keptTokens).toBe(0);
    expect(keeping.encode(long)).toBe(token);
    expect(keeping.decode(token, 'games').query).toEqual(long.query);
  });
});
