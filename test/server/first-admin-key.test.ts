// SPEC-NOTES D33 (as overridden): the first start of a store without an admin key creates
// one and prints it once on the terminal; it works on the admin routes; later starts stay
// quiet. The key never reaches the log stream.

import { describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { loadConfig } from '../../server/config.js';
import { startServer } from '../../server/main.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-first-key-');

async function startCapturing(dataDir: string) {
  const printed: string[] = [];
  const logLines: string[] = [];
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
  try {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LUDEX_DATA_DIR: dataDir,
      LUDEX_DEMO: 'off',
      MATERIALIZE_CRON: 'off',
    });
    const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
    const running = await startServer(config, logger);
    return { running, printed: printed.join(''), logs: logLines.join('') };
  } finally {
    write.mockRestore();
  }
}

describe('first start', () => {
  it('creates and prints one admin key, which works; the next start prints none', async () => {
    const dir = tempDir();
    const first = await startCapturing(dir);
    let key = '';
    try {
      const match = /\n {2}(ldx_[A-Za-z0-9_-]+)\n/.exec(first.printed);
      expect(match, first.printed).not.toBeNull();
      key = match?.[1] ?? '';
      expect(first.logs).not.toContain(key);
      const listed = await fetch(`${first.running.url}/v1/admin/api-keys`, { headers: { 'x-api-key': key } });
      expect(listed.status).toBe(200);
      const body = (await listed.json()) as { data: { admin: boolean; name: string }[] };
      expect(body.data).toEqual([expect.objectContaining({ admin: true, name: 'initial admin key' })]);
    } finally {
      await first.running.close();
    }
    const second = await startCapturing(dir);
    try {
      expect(second.printed).not.toMatch(/ldx_/);
      const again = await fetch(`${second.running.url}/v1/admin/api-keys`, { headers: { 'x-api-key': key } });
      expect(again.status).toBe(200);
    } finally {
      await second.running.close();
    }
  });
});
