// The bench's server children run with the memory setting the product starts with: the
// default `npm start` gives GLIBC_TUNABLES (run through sh, as npm runs it), the Dockerfile's
// and the bench's must be the same value, and a value the operator set is kept.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_GLIBC_TUNABLES, serverEnv } from '../../bench/server-env.js';

const root = new URL('../../', import.meta.url);
const startScript = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: { start: string } })
  .scripts.start;

/** GLIBC_TUNABLES as the start script's node command would see it, under `env`. */
function tunablesUnderStart(env: NodeJS.ProcessEnv): string {
  const probe = startScript.replace(/ node .*$/, ' printenv GLIBC_TUNABLES');
  expect(probe).not.toBe(startScript);
  return execFileSync('sh', ['-c', probe], { env, encoding: 'utf8' }).trim();
}

describe('the server process environment', () => {
  it('npm start defaults GLIBC_TUNABLES to the bench value and keeps an operator one', () => {
    const { GLIBC_TUNABLES: _unset, ...without } = process.env;
    expect(tunablesUnderStart(without)).toBe(SERVER_GLIBC_TUNABLES);
    expect(tunablesUnderStart({ ...without, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' })).toBe('glibc.malloc.hugetlb=0');
  });

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
