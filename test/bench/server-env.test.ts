// The bench's server children run with the memory setting the product starts with: the
// default `npm start` gives GLIBC_TUNABLES (run through sh, as npm runs it), the Dockerfile's
// and the bench's must be the same value, and a value the operator set is kept. The bench's
// own process, where the engine is measured, starts with it too.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_GLIBC_TUNABLES, serverEnv } from '../../bench/server-env.js';

const root = new URL('../../', import.meta.url);
const scripts = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** GLIBC_TUNABLES as the npm script's node command would see it, under `env`. */
function tunablesUnder(script: string, env: NodeJS.ProcessEnv): string {
  const command = scripts[script];
  const probe = command.replace(/ node .*$/, ' printenv GLIBC_TUNABLES');
  expect(probe).not.toBe(command);
  return execFileSync('sh', ['-c', probe], { env, encoding: 'utf8' }).trim();
}

describe('the server process environment', () => {
  it.each(['start', 'bench', 'bench:quick'])(
    'npm run %s defaults GLIBC_TUNABLES to the server value and keeps an operator one',
    (script) => {
      const { GLIBC_TUNABLES: _unset, ...without } = process.env;
      expect(tunablesUnder(script, without)).toBe(SERVER_GLIBC_TUNABLES);
      expect(tunablesUnder(script, { ...without, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' })).toBe(
        'glibc.malloc.hugetlb=0',
      );
    },
  );

  it('the Dockerfile sets the same value', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toContain(`GLIBC_TUNABLES=${SERVER_GLIBC_TUNABLES}`);
  });

  it('bench children get the value unless the caller set one', () => {
    const saved = process.env.GLIBC_TUNABLES;
    try {
      delete process.env.GLIBC_TUNABLES;
      expect(serverEnv({ LOG_LEVEL: 'silent' })).toMatchObject({
        GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES,
        LOG_LEVEL: 'silent',
      });
      process.env.GLIBC_TUNABLES = 'glibc.malloc.hugetlb=0';
      expect(serverEnv().GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=0');
    } finally {
      if (saved === undefined) delete process.env.GLIBC_TUNABLES;
      else process.env.GLIBC_TUNABLES = saved;
    }
  });
});
