// Issue 16, start-up: each test is named after the defect it reproduces. The configuration
// and the port are checked before any store work; a signal during start-up is honoured at
// once; the files the server creates are its owner's alone.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer } from '../../server/main.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-startup-');
const SECRET = 'startup-test-secret-0123456789abcdef';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('issue 16: start-up order', () => {
  afterEach(() => vi.restoreAllMocks());

  it('defect: NODE_ENV=production without API_KEY_SECRET failed only after creating, migrating and importing the store; and "Production" was not production', async () => {
    for (const env of ['production', 'Production', ' PRODUCTION ']) {
      const dir = join(tempDir(), 'data');
      const config = loadConfig({ NODE_ENV: env, LUDEX_DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
      expect(config.production, env).toBe(true);
      await expect(startServer(config, silentLogger)).rejects.toBeInstanceOf(ConfigError);
      expect(existsSync(join(dir, 'ludex.duckdb')), env).toBe(false);
    }
  });

  it('defect: a busy port was found after the full load, after a new admin key was printed and lost; now before any store work', async () => {
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const printed: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const dir = join(tempDir(), 'data');
    try {
      const config = loadConfig({ LUDEX_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', API_KEY_SECRET: SECRET });
      await expect(startServer(config, silentLogger)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      blocker.close();
    }
    expect(existsSync(join(dir, 'ludex.duckdb'))).toBe(false);
    expect(printed.join('')).not.toMatch(/ldx_/);
  });

  it('defect: the store file and replica copies were 0644; now 0600 files in a 0700 data directory', async () => {
    const dir = join(tempDir(), 'data');
    const config = loadConfig({
      LUDEX_DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      API_KEY_SECRET: SECRET,
      REPLICA_PUBLISH: 'on',
      MATERIALIZE_CRON: 'off',
    });
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const running = await startServer(config, silentLogger);
    try {
      // The first publication is written in the background; wait for its manifest.
      for (let i = 0; i < 200 && !existsSync(join(dir, 'replica', 'manifest.json')); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await running.close();
    }
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'ludex.duckdb'))).toBe(0o600);
    const replica = join(dir, 'replica');
    expect(mode(replica)).toBe(0o700);
    const version = readdirSync(replica).find((name) => name.startsWith('v-'));
    expect(version).toBeDefined();
    expect(mode(join(replica, String(version)))).toBe(0o700);
    expect(mode(join(replica, String(version), 'store.duckdb'))).toBe(0o600);
    expect(mode(join(replica, String(version), 'dataset.columns'))).toBe(0o600);
    expect(mode(join(replica, 'manifest.json'))).toBe(0o600);
    expect(mode(join(dir, 'ludex.duckdb.columns'))).toBe(0o600);
  });
});

describe('issue 16: a signal during start-up', () => {
  it('defect: SIGTERM during start-up was ignored until the Dataset had loaded; now the start stops at once and exits 0', {
    timeout: 120_000,
  }, async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/ludex.ts', 'serve'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LUDEX_DATA_DIR: dir,
        LOG_LEVEL: 'info',
        MATERIALIZE_CRON: 'off',
        API_KEY_SECRET: SECRET,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exit = once(child, 'exit').then(([code]) => code as number | null);
    const messages: string[] = [];
    for await (const line of createInterface({ input: child.stdout! })) {
      const { msg } = JSON.parse(line) as { msg: string };
      messages.push(msg);
      // The demo import is under way: the start is far from done.
      if (msg === 'importing the bundled demo catalog into the new store') child.kill('SIGTERM');
    }
    expect(await exit).toBe(0);
    expect(messages).toContain('stopping during start-up');
    expect(messages).not.toContain('Ludex is serving');
    expect(messages).not.toContain('dataset loaded');
    expect(stderr).toContain('stopped during start-up');
  });
});
