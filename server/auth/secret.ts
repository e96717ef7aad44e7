// API_KEY_SECRET: the HMAC key every stored key hash depends on. Explicit in production;
// elsewhere generated once and kept next to the store, readable by the owner only.

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from '../config.js';

export const SECRET_FILE_NAME = 'api-key-secret';

export function apiKeySecret(config: Pick<Config, 'apiKeySecret' | 'dataDir' | 'production'>): string {
  if (config.apiKeySecret !== undefined) return config.apiKeySecret;
  if (config.production) {
    throw new ConfigError(
      'NODE_ENV=production needs an explicit API_KEY_SECRET (32 or more characters); ' +
        'a generated secret would silently invalidate every key if the data dir were replaced.',
    );
  }
  const path = join(config.dataDir, SECRET_FILE_NAME);
  if (existsSync(path)) {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length < 32) throw new ConfigError(`${path} holds no usable secret; delete it or set API_KEY_SECRET.`);
    return secret;
  }
  const secret = randomBytes(32).toString('base64url');
  // 'wx': never overwrite a secret another process wrote a moment ago.
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return secret;
}
