// `keys create [--admin] [--name N]`, `keys list`, `keys revoke ID` (SPEC-NOTES D34), for
// when the server is stopped; while it runs, the admin routes do the same.

import { parseArgs } from 'node:util';
import { ApiKeys, type ApiKeyInfo } from '../auth/api-keys.js';
import { apiKeySecret } from '../auth/secret.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store-setup.js';
import { CommandError, UsageError } from './errors.js';

export async function keysCommand(config: Config, args: readonly string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'create' && action !== 'list' && action !== 'revoke') {
    throw new UsageError('keys takes create [--admin] [--name N], list, or revoke ID');
  }
  const parsed = parseOptions(action, rest);
  const secret = apiKeySecret(config);
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  try {
    const keys = new ApiKeys(store, secret);
    if (action === 'create') {
      const issued = await keys.create({ admin: parsed.admin, name: parsed.name ?? null });
      console.error(
        `Created ${issued.info.admin ? 'an admin' : 'a'} key ${issued.info.id}${issued.info.name ? ` (${issued.info.name})` : ''}.`,
      );
      console.error('The key is shown only this once; only its keyed hash is stored:');
      // The plaintext alone on stdout, so `KEY=$(npm run -s ludex -- keys create)` works.
      console.log(issued.key);
      return 0;
    }
    if (action === 'list') {
      const all = await keys.list();
      if (all.length === 0) console.error('No API keys yet; `keys create` makes one.');
      for (const key of all) console.log(describe(key));
      return 0;
    }
    if (!(await keys.revoke(parsed.id))) throw new CommandError(`no active API key with id ${parsed.id}`);
    console.error(`Revoked key ${parsed.id}; it answers 401 from now on.`);
    return 0;
  } finally {
    await store.close();
  }
}

function parseOptions(
  action: 'create' | 'list' | 'revoke',
  rest: readonly string[],
): { admin: boolean; name?: string; id: string } {
  try {
    const { values, positionals } = parseArgs({
      args: [...rest],
      options: action === 'create' ? { admin: { type: 'boolean' }, name: { type: 'string' } } : {},
      allowPositionals: action === 'revoke',
      strict: true,
    });
    if (action === 'revoke' && positionals.length !== 1) throw new UsageError('keys revoke takes one key id');
    const name = typeof values.name === 'string' ? values.name : undefined;
    if (name !== undefined && (name.length === 0 || name.length > 100))
      throw new UsageError('--name takes 1 to 100 characters');
    return { admin: values.admin === true, name, id: positionals[0] ?? '' };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`keys ${action}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function describe(key: ApiKeyInfo): string {
  const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
  const used = key.last_used_at ? `last used ${key.last_used_at}` : 'never used';
  return `${key.id}  ${key.admin ? 'admin' : 'key  '}  ${state.padEnd(8)}  created ${key.created_at}  ${used}  ${key.name ?? ''}`.trimEnd();
}
