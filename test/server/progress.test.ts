// Progress lines: rewritten in place on a terminal, one line per status into a file or pipe.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../server/commands/progress.js';

function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  Object.assign(stream, { isTTY });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => written };
}

describe('progressLine', () => {
  it('rewrites one terminal line, clearing the tail a shorter status would leave, and ends it once', () => {
    const { stream, text } = capture(true);
    const progress = progressLine(stream);
    progress.update('file.csv: 171,716 rows, done');
    progress.update('refreshing…');
    progress.done();
    progress.done();
    expect(text()).toBe('\rfile.csv: 171,716 rows, done\x1b[K\rrefreshing…\x1b[K\n');
  });

  it('writes each status as a line of its own when stderr is not a terminal', () => {
    const { stream, text } = capture(false);
    const progress = progressLine(stream);
    progress.update('1/2 files');
    progress.update('2/2 files');
    progress.done();
    expect(text()).toBe('1/2 files\n2/2 files\n');
  });
});
