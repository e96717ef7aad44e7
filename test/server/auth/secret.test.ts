// API_KEY_SECRET resolution: explicit wins; otherwise generated once, 0600, and reused;
// production refuses to generate one.

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiKeySecret, SECRET_FILE_NAME } from '../../../server/auth/secret.js';
import { ConfigError } from '../../../server/config.js';
import { tempDirs } from '../../helpers/temp.js';

const tempDir = tempDirs('ludex-secret-');

describe('apiKeySecret', () => {
  it('generates a secret readable by the owner only and returns the same one afterwards', () => {
    const dataDir = tempDir();
    const first = apiKeySecret({ apiKeySecret: undefined, dataDir, production: false });
    const path = join(dataDir, SECRET_FILE_NAME);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path, 'utf8').trim()).toBe(first);
    expect(apiKeySecret({ apiKeySecret: undefined, dataDir, production: false })).toBe(first);
  });

  it('prefers an explicit secret and never writes a file for it', () => {
    const dataDir = tempDir();
    const explicit = 'e'.repeat(40);
    expect(apiKeySecret({ apiKeySecret: explicit, dataDir, production: true })).toBe(explicit);
    expect(() => statSync(join(dataDir, SECRET_FILE_NAME))).toThrow();
  });

  it('refuses to generate one in production, and refuses a truncated secret file', () => {
    expect(() => apiKeySecret({ apiKeySecret: undefined, dataDir: tempDir(), production: true })).toThrow(ConfigError);
    const dataDir = tempDir();
    writeFileSync(join(dataDir, SECRET_FILE_NAME), 'short\n');
    expect(() => apiKeySecret({ apiKeySecret: undefined, dataDir, production: false })).toThrow(/no usable secret/);
  });
});
