// Starting from the column file: the first start (demo catalog) has none, loads from the
// store and writes it; the next start loads from it; a stale or corrupt file is rebuilt from
// the store and said so in exactly one log line with the reason, and never fails the start.
// Every start serves the same answers.

import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { columnFilePath, readColumnFile } from '../../loader/columns/column-file.js';
import { bumpDataVersion, readDataVersion, Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import { startServer } from '../../server/main.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-column-start-');
const PATHS = [
  '/v1/games?limit=20&sort=name',
  '/v1/games?mechanics=cooperative&players=4&sort=rating',
  '/v1/games/catan',
];

interface Started {
  logs: Record<string, unknown>[];
  answers: string[];
}

/** One start and stop of the server on `dir`, with its log lines and its answers to PATHS. */
async function start(dir: string): Promise<Started> {
  const lines: string[] = [];
  const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LUDEX_DATA_DIR: dir, MATERIALIZE_CRON: 'off' });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const running = await startServer(config, logger);
    try {
      const answers: string[] = [];
      for (const path of PATHS) answers.push(await (await fetch(`${running.url}${path}`)).text());
      return { logs: lines.map((l) => JSON.parse(l) as Record<string, unknown>), answers };
    } finally {
      await running.close();
    }
  } finally {
    quiet.mockRestore();
  }
}

const columnLines = (s: Started) => s.logs.filter((l) => typeof l.column_file === 'string' && 'problem' in l);
const loaded = (s: Started) => s.logs.find((l) => l.msg === 'dataset loaded');
const storePath = (dir: string) => join(dir, 'ludex.duckdb');

async function withStore<T>(dir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await Store.open(storePath(dir));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

describe('start from the column file', { timeout: 120_000 }, () => {
  it('first start writes it, the next loads from it; stale and corrupt files are rebuilt with one line each', async () => {
    const dir = tempDir();
    const file = columnFilePath(storePath(dir));

    const first = await start(dir);
    expect(columnLines(first)).toMatchObject([{ problem: 'missing', reason: 'no column file' }]);
    expect(loaded(first)).toMatchObject({ source: 'store' });
    const version = await withStore(dir, (store) => readDataVersion(store));
    expect(readColumnFile(file, version).ok).toBe(true);

    const second = await start(dir);
    expect(columnLines(second)).toEqual([]);
    expect(loaded(second)).toMatchObject({ source: 'column file' });
    expect(second.answers).toEqual(first.answers);

    // Stale: a write to the store gave it a new data version.
    await withStore(dir, (store) => bumpDataVersion(store));
    const stale = await start(dir);
    expect(columnLines(stale)).toMatchObject([{ problem: 'stale' }]);
    expect(String(columnLines(stale)[0].reason)).toContain(String(version));
    expect(loaded(stale)).toMatchObject({ source: 'store' });
    expect(stale.answers).toEqual(first.answers);
    const bumped = await withStore(dir, (store) => readDataVersion(store));
    expect(bumped).not.toBe(version);
    expect(readColumnFile(file, bumped).ok).toBe(true);

    // Corrupt: truncated, then garbage; each start still serves, and rewrites the file.
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const truncated = await start(dir);
    expect(columnLines(truncated)).toMatchObject([{ problem: 'corrupt' }]);
    expect(String(columnLines(truncated)[0].reason)).toMatch(/truncated/);
    expect(truncated.answers).toEqual(first.answers);
    expect(readColumnFile(file, bumped).ok).toBe(true);

    writeFileSync(file, Buffer.from('not a column file at all, just some garbage'));
    const garbage = await start(dir);
    expect(columnLines(garbage)).toMatchObject([{ problem: 'corrupt' }]);
    expect(garbage.answers).toEqual(first.answers);

    const again = await start(dir);
    expect(columnLines(again)).toEqual([]);
    expect(loaded(again)).toMatchObject({ source: 'column file' });
    expect(readFileSync(file).subarray(0, 8).toString('latin1')).toBe('LUDEXCOL');
  });
});
