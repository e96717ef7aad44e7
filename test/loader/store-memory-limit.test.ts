// Store.withMemoryLimit: lowers DuckDB's memory_limit for a batch of work and puts the
// store's own limit back afterwards (also when the work fails); never raises it.

import { afterEach, describe, expect, it } from 'vitest';
import { memoryBytes, Store, StoreError } from '../../loader/store.js';

const stores: Store[] = [];
afterEach(async () => {
  while (stores.length) await stores.pop()!.close();
});

async function open(memoryLimit: string): Promise<Store> {
  const store = await Store.open(':memory:', { memoryLimit });
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

  it('refuses a value that is not a size', async () => {
    const store = await open('1GB');
    await expect(store.withMemoryLimit('192MB; SELECT 1', () => Promise.resolve(1))).rejects.toBeInstanceOf(StoreError);
  });
});
