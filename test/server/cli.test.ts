// The command line as a user runs it: a child process per command.

import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../server/cli.js';
import { loadConfig } from '../../server/config.js';
import { silentLogger } from '../../server/logger.js';
import { startServer } from '../../server/main.js';
import { DEMO_CATALOG_PATH } from '../../server/store-setup.js';
import { tempDirs } from '../helpers/temp.js';

const run = promisify(execFile);
const tempDir = tempDirs('ludex-cli-');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function ludex(dataDir: string, ...args: string[]): Promise<Result> {
  return ludexWithInput(dataDir, '', ...args);
}

async function ludexWithInput(dataDir: string, input: string, ...args: string[]): Promise<Result> {
  return ludexWithEnv(dataDir, input, {}, ...args);
}

async function ludexWithEnv(
  dataDir: string,
  input: string,
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<Result> {
  try {
    const running = run(process.execPath, ['--import', 'tsx', 'server/ludex.ts', ...args], {
      env: { ...process.env, LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    running.child.stdin?.end(input);
    const { stdout, stderr } = await running;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A BGG ranks dump (CSV) of the given rows, in a folder of its own. */
function dumpCsv(rows: readonly string[]): string {
  const csv = join(tempDir(), 'ranks.csv');
  writeFileSync(
    csv,
    [
      'id,name,yearpublished,rank,bayesaverage,average,usersrated,is_expansion,abstracts_rank,cgs_rank,childrensgames_rank,familygames_rank,partygames_rank,strategygames_rank,thematic_rank,wargames_rank',
      ...rows,
    ].join('\n'),
  );
  return csv;
}

describe('ludex CLI', () => {
  it('prints usage and exits 2 for no command, an unknown command or bad arguments', async () => {
    const dir = tempDir();
    for (const args of [
      [],
      ['frobnicate'],
      ['import', 'catalog'],
      ['import', 'xml', 'a.xml'],
      ['export', 'a', 'b'],
      ['migrate', 'now'],
    ]) {
      const printed: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
      const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
      try {
        expect(await runCli(args, { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' }), args.join(' ')).toBe(2);
      } finally {
        log.mockRestore();
        error.mockRestore();
      }
      // The general usage, or the usage of the command that was misused.
      expect(printed.join('\n')).toMatch(/Usage: npm run ludex -- (<command>|import|export|migrate)/);
    }
  });

  it('imports foreign formats from several paths and reports what it did', async () => {
    const dir = tempDir();
    const csv = dumpCsv([
      '13,"Catan",1995,500,7.0,7.1,100000,0,,,,,,,,',
      '999999,"Catan: Some Expansion",0,0,0,0,0,1,,,,,,,,',
    ]);
    const printed: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
    try {
      expect(await runCli(['import', 'bgg-csv', csv], { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' })).toBe(0);
      expect(printed.join('\n')).toMatch(/Imported 1 of 1 files .*: 2 games created, 0 updated, 0 unchanged/);
      printed.length = 0;
      expect(await runCli(['import', 'bgg-csv', csv], { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' })).toBe(0);
      expect(printed.join('\n')).toMatch(/0 games created, 0 updated, 2 unchanged/);
      printed.length = 0;
      expect(
        await runCli(['import', 'bgg-xml', join(dir, 'nothing-here')], { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' }),
      ).toBe(1);
      expect(printed.join('\n')).toMatch(/no such file or folder/);
    } finally {
      error.mockRestore();
    }
  });

  it('imports award and poll files onto stored games, and fails when no file could be read', async () => {
    const dir = tempDir();
    const csv = dumpCsv(['13,"Catan",1995,500,7.0,7.1,100000,0,,,,,,,,']);
    const fixtures = fileURLToPath(new URL('../fixtures', import.meta.url));
    const bad = join(tempDir(), 'spiel_des_jahres.csv');
    writeFileSync(bad, 'jahrgang,bgg_id\n1995,13\n');
    const env = { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const printed: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
    try {
      expect(await runCli(['import', 'bgg-csv', csv], env)).toBe(0);
      printed.length = 0;
      expect(await runCli(['import', 'bgg-awards', join(fixtures, 'bgg-awards')], env)).toBe(0);
      expect(printed.join('\n')).toMatch(
        /Imported 2 of 2 files \(13 rows\) .*: 0 games created, 1 updated, 0 unchanged/,
      );
      expect(printed.join('\n')).toMatch(/skipped \d+: result for a BGG id the store does not hold/);
      printed.length = 0;
      expect(await runCli(['import', 'bgg-polls', join(fixtures, 'bgg-polls')], env)).toBe(0);
      expect(printed.join('\n')).toMatch(
        /Imported 3 of 3 files \(18 rows\) .*: 0 games created, 1 updated, 0 unchanged/,
      );
      printed.length = 0;
      expect(await runCli(['import', 'bgg-awards', bad], env)).toBe(1);
      expect(printed.join('\n')).toMatch(
        /not imported: .*the header lacks winner, nominated, recommended, sonderpreis/,
      );
    } finally {
      error.mockRestore();
    }
  });

  it('names a bad setting instead of starting', async () => {
    const printed: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((text: string) => void printed.push(text));
    try {
      expect(await runCli(['migrate'], { LUDEX_DATA_DIR: tempDir(), PORT: 'eighty', LOG_LEVEL: 'silent' })).toBe(1);
    } finally {
      error.mockRestore();
    }
    expect(printed.join('\n')).toMatch(/PORT/);
  });

  it('export → import into an empty store → export gives byte-identical files, and never adds the demo', async () => {
    const source = tempDir();
    const imported = await ludex(source, 'import', 'catalog', DEMO_CATALOG_PATH);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/Imported [\d,]+ lines/);
    const first = await ludex(source, 'export');
    expect(first.code, first.stderr).toBe(0);
    const exportPath = join(tempDir(), 'a.jsonl');
    writeFileSync(exportPath, first.stdout);

    const target = tempDir();
    const migrated = await ludex(target, 'migrate');
    expect(migrated.code).toBe(0);
    const emptyExport = await ludex(target, 'export');
    expect(emptyExport.stdout).toBe('');
    expect((await ludex(target, 'import', 'catalog', exportPath)).code).toBe(0);
    const secondPath = join(tempDir(), 'b.jsonl');
    const second = await ludex(target, 'export', secondPath);
    expect(second.code, second.stderr).toBe(0);
    expect(readFileSync(secondPath, 'utf8')).toBe(first.stdout);
    expect(first.stdout.split('\n').filter(Boolean).length).toBeGreaterThan(120);
  });

  it('reads standard input with "-" and reports a bad record by line and field, importing nothing', async () => {
    const dir = tempDir();
    const bad = [
      '{"kind":"mechanic","slug":"worker-placement","name":"Worker Placement"}',
      '{"kind":"game","slug":"x","name":"X","type":"base_game","min_players":5,"max_players":2}',
    ].join('\n');
    const result = await ludexWithInput(dir, bad, 'import', 'catalog', '-');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/line 2/);
    expect(result.stderr).toMatch(/min_players/);
    expect((await ludex(dir, 'export')).stdout).toBe('');
  });

  it('names IMPORT_MEMORY_LIMIT when an import runs out of the memory it allows', async () => {
    const dir = tempDir();
    const csv = join(dir, 'ranks.csv');
    writeFileSync(
      csv,
      'id,name,yearpublished,rank,bayesaverage,average,usersrated,is_expansion\n1,"A",2000,1,7,8,100,0\n',
    );
    const starved = await ludexWithEnv(
      dir,
      '',
      { IMPORT_MEMORY_LIMIT: '1MB', LUDEX_DEMO: 'off' },
      'import',
      'bgg-csv',
      csv,
    );
    expect(starved.code).toBe(1);
    expect(starved.stderr).toMatch(
      /ran out of the memory an import may use \(IMPORT_MEMORY_LIMIT=1MB\).*Set IMPORT_MEMORY_LIMIT to a larger size/,
    );
    const fed = await ludexWithEnv(dir, '', { LUDEX_DEMO: 'off' }, 'import', 'bgg-csv', csv);
    expect(fed.code, fed.stderr).toBe(0);
    expect(fed.stderr).toMatch(/1 games created/);
  });

  it('says plainly that the store is in use while a server holds it', async () => {
    const dir = tempDir();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LUDEX_DATA_DIR: dir,
      LUDEX_DEMO: 'off',
      LOG_LEVEL: 'silent',
    });
    const server = await startServer(config, silentLogger);
    try {
      const result = await ludex(dir, 'export');
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/in use by another process/);
    } finally {
      await server.close();
    }
  });
});
