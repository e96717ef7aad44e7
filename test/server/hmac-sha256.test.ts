import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacSha256 } from '../../server/hmac-sha256.js';

function text(seed: number, length: number): string {
  // Mixed ASCII, Latin-1, CJK and astral characters, so UTF-8 runs 1 to 4 bytes a character.
  const alphabet = ['a', 'Z', '0', '.', '-', '_', 'é', 'ß', '漢', '字', '🎲', '\u0000'];
  let s = '';
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += alphabet[x % alphabet.length];
  }
  return s;
}

describe('HmacSha256', () => {
  const keys = [
    Buffer.from('bench-cursor-secret-0123456789'),
    Buffer.alloc(64, 7), // exactly one block
    Buffer.alloc(65, 9), // longer than a block: hashed first
    Buffer.from(text(3, 200), 'utf8'),
    Buffer.alloc(0),
  ];
  it.each(keys.map((key, i) => ({ i, key })))(
    'equals createHmac for key $i, on messages of 0 to 5,000 characters',
    ({ key }) => {
      const mac = new HmacSha256(key);
      // Longer messages after shorter ones: the buffer grows; shorter after longer: stale bytes must not count.
      for (const length of [0, 1, 10, 63, 64, 65, 400, 1023, 5000, 3, 341, 0]) {
        const message = text(length + 1, length);
        expect(mac.digest(message).toString('hex')).toBe(
          createHmac('sha256', key).update(message, 'utf8').digest('hex'),
        );
      }
    },
  );
});
