// `keys create [--admin] [--name N]`, `keys list`, `keys revoke ID` (SPEC-NOTES D34), for
// when the server is stopped; while it runs, the admin routes do the same.

import { ApiKeys, type ApiKeyInfo } from '../auth/api-keys.js';
import { apiKeySecret } from '../auth/secret.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { openStore } from '../store-setup.js';
import { CommandError, UsageError } from './errors.js';
import { COMMANDS } from './specs.js';

export interface KeysOptions {
  admin?: boolean;
  name?: string;
  json?: boolean;
}

export async function keysCommand(
  config: Config,
  positionals: readonly string[],
  options: KeysOptions,
): Promise<number> {
  const [action, ...rest] = positionals;
  if (action !== 'create' && action !== 'list' && action !== 'revoke') {
    throw new UsageError('keys takes create [--admin] [--name N], list, or revoke ID', COMMANDS.keys);
  }
  const parsed = checkOptions(action, rest, options);
  const secret = apiKeySecret(config);
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  try {
    const keys = new ApiKeys(store, secret);
    if (action === 'create') {
      const issued = await keys.create({ admin: parsed.admin, name: parsed.name ?? null });
      if (options.json) {
        console.log(JSON.stringify({ ...issued.info, key: issued.key }));
        return 0;
      }
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
      if (options.json) {
        console.log(JSON.stringify(all));
        return 0;
      }
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

/** What each action takes: create the two options, revoke one id, list nothing. */
function checkOptions(
  action: 'create' | 'list' | 'revoke',
  rest: readonly string[],
  options: KeysOptions,
): { admin: boolean; name?: string; id: string } {
  const usage = (message: string) => new UsageError(`keys ${action}: ${message}`, COMMANDS.keys);
  if (action !== 'create' && (options.admin !== undefined || options.name !== undefined))
    throw usage('--admin and --name go with keys create');
  if (action === 'revoke' && options.json) throw usage('--json goes with keys create and keys list');
  if (action === 'revoke' ? rest.length !== 1 : rest.length !== 0)
    throw usage(action === 'revoke' ? 'takes one key id' : 'takes no arguments');
  const name = options.name;
  if (name !== undefined && (name.length === 0 || name.length > 100)) throw usage('--name takes 1 to 100 characters');
  return { admin: options.admin === true, name, id: rest[0] ?? '' };
}

function describe(key: ApiKeyInfo): string {
  const state = key.revoked_at ? `revoked ${key.revoked_at}` : 'active';
  const used = key.last_used_at ? `last used ${key.last_used_at}` : 'never used';
  return `${key.id}  ${key.admin ? 'admin' : 'key  '}  ${state.padEnd(8)}  created ${key.created_at}  ${used}  ${key.name ?? ''}`.trimEnd();
}
