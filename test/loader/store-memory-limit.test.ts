// Store.withMemoryLimit: lowers DuckDB's memory_limit of a file store for a batch of work
// and puts the store's own limit back afterwards (also when the work fails); never raises
// it, and leaves an in-memory store's limit alone (its data could not spill).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryBytes, Store, StoreError } from '../../loader/store.js';

const stores: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  while (stores.length) await stores.pop()!.close();
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

async function open(memoryLimit: string, path?: string): Promise<Store> {
  let file = path;
  if (file === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'ludex-memory-limit-'));
    dirs.push(dir);
    file = join(dir, 'store.duckdb');
  }
  const store = await Store.open(file, { memoryLimit });
  stores.push(store);
  return store;
}

async function limit(store: Store): Promise<string> {
  const [{ value }] = await store.all<{ value: string }>(`SELECT current_setting('memory_limit') AS value`);
  return value;
}

describe('memoryBytes', () => {
  it('reads sizes the way DuckDB does (MB decimal, MiB binary)', () => {
    expect(memoryBytes('160MB')).toBe(160e6);
    expect(memoryBytes('1.5 GiB')).toBe(1.5 * 2 ** 30);
    expect(memoryBytes('2gb')).toBe(2e9);
    expect(memoryBytes('lots')).toBeUndefined();
    expect(memoryBytes("1GB'; DROP TABLE games; --")).toBeUndefined();
  });
});

describe('Store.withMemoryLimit', () => {
  it('lowers the limit while the work runs and restores it after', async () => {
    const store = await open('2GB');
    const before = await limit(store);
    const during = await store.withMemoryLimit('192MB', () => limit(store));
    expect(during).toBe('183.1 MiB');
    expect(await limit(store)).toBe(before);
  });

  it('restores the limit when the work fails', async () => {
    const store = await open('1GB');
    const before = await limit(store);
    await expect(store.withMemoryLimit('100MB', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(store)).toBe(before);
  });

  it('never raises a lower limit the store was opened with', async () => {
    const store = await open('100MB');
    const before = await limit(store);
    expect(await store.withMemoryLimit('192MB', () => limit(store))).toBe(before);
  });

  it('leaves an in-memory store alone', async () => {
    const store = await open('2GB', ':memory:');
    const before = await limit(store);
    expect(await store.withMemoryLimit('192MB', () => limit(store))).toBe(before);
  });

  it('refuses a value that is not a size', async () => {
    const store = await open('1GB');
    await expect(store.withMemoryLimit('192MB; SELECT 1', () => Promise.resolve(1))).rejects.toBeInstanceOf(StoreError);
  });
});
