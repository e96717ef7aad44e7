// A CLI that helps: every command's --help prints its usage and exits 0 without reading the
// configuration or touching a store; --version; unknown flags refused; one sentence for a
// busy port and for an export whose reader went away; --json summaries; progress with
// totals, percentage, rate and time left.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../server/cli.js';
import { describe as describeProgress, duration } from '../../server/commands/progress.js';
import { COMMANDS } from '../../server/commands/specs.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-cli-help-');

/** runCli in-process with console captured: the exit code and what went to stdout and stderr. */
async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void out.push(text));
  const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void err.push(text));
  // Progress lines are written to stderr directly.
  const progress = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err.push(String(chunk).trimEnd());
    return true;
  });
  try {
    const code = await runCli(args, env);
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
    progress.mockRestore();
  }
}

describe('ludex --help and --version', () => {
  it("every command's --help prints its usage and exits 0 without touching a store", async () => {
    const dir = join(tempDir(), 'never-created');
    // A broken setting too: help must not even read the configuration.
    const env = { LUDEX_DATA_DIR: dir, PORT: 'eighty', LOG_LEVEL: 'silent' };
    for (const name of Object.keys(COMMANDS)) {
      for (const args of [
        [name, '--help'],
        [name, '-h'],
        ['help', name],
      ]) {
        const result = await cli(args, env);
        expect(result.code, args.join(' ')).toBe(0);
        expect(result.out).toMatch(new RegExp(`^Usage: npm run ludex -- ${name}`));
      }
    }
    for (const args of [
      ['export', 'out.jsonl', '--help'],
      ['import', 'catalog', '--help'],
      ['keys', 'create', '--admin', '--help'],
      ['serve', '--replica', 'x', '--help'],
    ]) {
      expect((await cli(args, env)).code, args.join(' ')).toBe(0);
    }
    expect(existsSync(dir)).toBe(false);
    expect(existsSync('--help')).toBe(false);
    const general = await cli(['--help'], env);
    expect(general.code).toBe(0);
    expect(general.out).toMatch(/^Usage: npm run ludex -- <command>/);
  });

  it('prints the version', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V', 'version']) {
      const result = await cli([flag], {});
      expect(result.code).toBe(0);
      expect(result.out).toBe(version);
    }
  });

  it("refuses unknown flags with the command's usage, and takes a path after -- only", async () => {
    const dir = tempDir();
    for (const args of [
      ['export', '--frob'],
      ['migrate', '--force'],
      ['import', 'catalog', '--dry-run', 'x.jsonl'],
      ['materialize', '--now'],
      ['serve', '--replica'],
      ['keys', 'list', '--admin'],
      ['--frob'],
    ]) {
      const result = await cli(args, { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(/Usage: npm run ludex -- /);
    }
    expect((await cli(['export', '--frob'], { LUDEX_DATA_DIR: dir })).err).toMatch(/Unknown option '--frob'/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('ludex failures in one sentence', () => {
  it('names a busy port instead of printing a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const result = await cli(['serve'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        LUDEX_DATA_DIR: tempDir(),
        LUDEX_DEMO: 'off',
        LOG_LEVEL: 'silent',
        MATERIALIZE_CRON: 'off',
      });
      expect(result.code).toBe(1);
      // (A first start may print its new admin key before it finds the port taken.)
      expect(result.err.trim().split('\n').at(-1)).toBe(
        `ludex: port ${port} on 127.0.0.1 is already in use (another Ludex server, or another program); stop it or set PORT to a free port.`,
      );
      expect(result.err).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('ends `export | head` with one sentence when the reader goes away', async () => {
    const dir = tempDir();
    const env = { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const imported = await cli(['import', 'catalog', DEMO_CATALOG_PATH, '--json'], env);
    expect(imported.code, imported.err).toBe(0);
    expect(JSON.parse(imported.out)).toMatchObject({ format: 'catalog', lines: expect.any(Number) });
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/ludex.ts', 'export'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // Read one chunk, then close the pipe, as `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^ludex: standard output closed after [\d,]+ records \(its reader, such as head, stopped reading\)/,
    );
  });
});

describe('progress and summaries', () => {
  it('says done, total, percentage, rate and time left', () => {
    const options = { label: 'importing games.csv', unit: 'rows' };
    expect(describeProgress(options, 12_000, 171_716, 3)).toBe(
      'importing games.csv: 12,000 of 171,716 rows (6%) · 4,000 rows/s · 40 s left',
    );
    expect(describeProgress(options, 3_000, undefined, 2)).toBe(
      'importing games.csv: 3,000 rows · 1,500 rows/s · 2 s elapsed',
    );
    expect(describeProgress({ label: 'refreshing', unit: 'steps' }, 3, 7, 30, 'step4 bayes ranks')).toBe(
      'refreshing (step4 bayes ranks): 3 of 7 steps (42%) · 0.1 steps/s · 40 s left',
    );
    expect(duration(185)).toBe('3 min 05 s');
  });

  it('shows the aggregate refresh of an import, and --json summaries of import, materialize and keys', async () => {
    const dir = tempDir();
    const env = { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const imported = await cli(['import', 'catalog', DEMO_CATALOG_PATH], env);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.err).toMatch(/refreshing the aggregates of [\d,]+ games \(done\): 7 of 7 steps \(100%\)/);
    const run = await cli(['materialize', '--json'], env);
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ games_updated: expect.any(Number), run_id: expect.any(String) });
    const key = await cli(['keys', 'create', '--name', 'ci', '--json'], env);
    expect(JSON.parse(key.out)).toMatchObject({ name: 'ci', key: expect.stringMatching(/^ldx_/) });
    const listed = await cli(['keys', 'list', '--json'], env);
    expect(JSON.parse(listed.out)).toHaveLength(1);
  });
});
