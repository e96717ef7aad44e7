// Accept-Encoding negotiation and which media types are worth compressing.

import { describe, expect, it } from 'vitest';
import { isCompressibleType, negotiateEncoding } from '../../../server/compress/negotiate.js';

describe('negotiateEncoding', () => {
  it.each([
    [null, null],
    ['', null],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.9, gzip', 'gzip'],
    ['br; q=0.5, gzip; q=0.5', 'br'],
    ['*;q=0.1', 'br'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *;q=0', null],
    ['br;q=1.5', 'br'],
    ['br;q=-1, gzip;q=', null],
    ['compress, deflate, identity', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('isCompressibleType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/x-ndjson; charset=utf-8', true],
    ['text/csv; charset=utf-8; header=present', true],
    ['text/javascript; charset=utf-8', true],
    ['text/plain; version=0.0.4', true],
    ['image/png', false],
    ['application/octet-stream', false],
    [null, false],
  ])('%j → %j', (type, expected) => {
    expect(isCompressibleType(type)).toBe(expected);
  });
});
