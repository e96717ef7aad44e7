// `ludex keys create|list|revoke` in-process: the plaintext alone on stdout, listing
// without secrets, revocation, and usage errors (exit 2).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeys } from '../../server/auth/api-keys.js';
import { apiKeySecret } from '../../server/auth/secret.js';
import { runCli } from '../../server/cli.js';
import { loadConfig } from '../../server/config.js';
import { Store } from '../../loader/store.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-cli-keys-');

interface Captured {
  code: number;
  stdout: string[];
  stderr: string[];
}

async function ludex(dataDir: string, ...args: string[]): Promise<Captured> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void stdout.push(String(text)));
  const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void stderr.push(String(text)));
  try {
    const code = await runCli(args, { LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    return { code, stdout, stderr };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('ludex keys', () => {
  it('creates keys that authenticate, lists them without secrets, and revokes them', async () => {
    const dir = tempDir();
    const created = await ludex(dir, 'keys', 'create', '--admin', '--name', 'ops team');
    expect(created.code, created.stderr.join('\n')).toBe(0);
    expect(created.stdout).toHaveLength(1);
    const key = created.stdout[0];
    expect(key).toMatch(/^ldx_/);
    expect(created.stderr.join('\n')).toMatch(/Created an admin key [0-9a-f-]{36} \(ops team\)/);
    const plain = await ludex(dir, 'keys', 'create');
    expect(plain.code).toBe(0);

    const listed = await ludex(dir, 'keys', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toHaveLength(2);
    expect(listed.stdout[0]).toMatch(/ admin +active .*ops team$/);
    expect(listed.stdout[1]).toMatch(/ key +active /);
    expect(listed.stdout.join('\n')).not.toContain(key);

    const config = loadConfig({ LUDEX_DATA_DIR: dir });
    const store = await Store.open(config.storePath);
    const info = await new ApiKeys(store, apiKeySecret(config)).authenticate(key);
    await store.close();
    expect(info).toMatchObject({ admin: true, name: 'ops team' });

    const id = listed.stdout[0].split(/\s+/)[0];
    expect((await ludex(dir, 'keys', 'revoke', id)).code).toBe(0);
    const again = await ludex(dir, 'keys', 'revoke', id);
    expect(again.code).toBe(1);
    expect(again.stderr.join('\n')).toMatch(/no active API key/);
    expect((await ludex(dir, 'keys', 'list')).stdout[0]).toMatch(/ revoked /);
  });

  it('exits 2 with usage for unknown actions and bad options', async () => {
    const dir = tempDir();
    for (const args of [
      ['keys'],
      ['keys', 'rotate'],
      ['keys', 'create', '--root'],
      ['keys', 'revoke'],
      ['keys', 'create', '--name', ''],
    ]) {
      const result = await ludex(dir, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.join('\n')).toMatch(/Usage: npm run ludex/);
    }
  });
});
