import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readLines } from '../../loader/lines.js';

const dir = mkdtempSync(join(tmpdir(), 'ludex-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function drainAfterDelay(lines: AsyncIterable<string>): Promise<string[]> {
  // The consumer starts late, as an importer does after opening its transaction.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe('readLines', () => {
  it('keeps every line of a file even when the consumer starts late', async () => {
    const path = join(dir, 'a.jsonl');
    const expected = Array.from({ length: 5000 }, (_, i) => `{"n":${i}}`);
    writeFileSync(path, `${expected.join('\r\n')}\n`);
    expect(await drainAfterDelay(readLines(path))).toEqual(expected);
  });

  it('reads standard input for "-"', async () => {
    const stdin = Readable.from(['a\nb', '\nc\n']);
    expect(await drainAfterDelay(readLines('-', stdin))).toEqual(['a', 'b', 'c']);
  });
});
