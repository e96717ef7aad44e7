// The reader's side of read replicas: open the writer's current publication (a read-only
// store copy and the Dataset files), and follow the manifest. When a new version appears,
// its store and Dataset are loaded first and then swapped in together; the previous store
// stays open long enough for requests that already hold it to finish.

import { unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import type { DatasetApi } from '../engine/index.js';
import {
  MANIFEST_NAME,
  readManifest,
  readPublishedVersion,
  type ReplicaManifest,
} from '../loader/replica/publication.js';
import { Store } from '../loader/store.js';
import { preparedDataset } from './dataset-loader.js';
import type { Logger } from './logger.js';
import type { DatasetState } from './state.js';

export interface OpenedVersion {
  manifest: ReplicaManifest;
  store: Store;
  dataset: DatasetApi;
}

export async function openPublishedVersion(dir: string, memoryLimit: string): Promise<OpenedVersion> {
  const manifest = readManifest(dir);
  const version = readPublishedVersion(dir, manifest);
  const store = await Store.open(version.storePath, { readOnly: true, memoryLimit });
  try {
    return { manifest, store, dataset: preparedDataset(version.input, { indexes: version.indexes }) };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * A Store-shaped handle whose target can change: routes keep one reference for the life of
 * the app while the replica moves from one published store copy to the next.
 */
export class StoreSlot {
  constructor(public current: Store) {}

  handle(): Store {
    return new Proxy(this.current, {
      get: (_target, key) => {
        const value: unknown = Reflect.get(this.current, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(this.current) : value;
      },
    });
  }
}

export interface ReplicaFollowerOptions {
  dir: string;
  memoryLimit: string;
  /** How often the manifest is checked. */
  intervalMs: number;
  /** How long a replaced store stays open for requests still using it. */
  graceMs: number;
  logger: Logger;
}

export class ReplicaFollower {
  private version: string;
  private switching = false;
  private readonly retiring = new Set<Store>();
  private readonly manifestPath: string;

  constructor(
    private readonly slot: StoreSlot,
    private readonly state: DatasetState,
    current: ReplicaManifest,
    private readonly options: ReplicaFollowerOptions,
  ) {
    this.version = current.version;
    this.manifestPath = join(options.dir, MANIFEST_NAME);
  }

  get currentVersion(): string {
    return this.version;
  }

  start(): void {
    watchFile(this.manifestPath, { interval: this.options.intervalMs }, () => void this.check());
  }

  /** Loads the manifest's version if it is new; errors are logged and the old version serves on. */
  async check(): Promise<boolean> {
    if (this.switching) return false;
    this.switching = true;
    try {
      const manifest = readManifest(this.options.dir);
      if (manifest.version === this.version) return false;
      const started = performance.now();
      const next = await openPublishedVersion(this.options.dir, this.options.memoryLimit);
      const previous = this.slot.current;
      this.slot.current = next.store;
      this.state.swap(next.dataset);
      this.version = next.manifest.version;
      this.retire(previous);
      this.options.logger.info(
        { version: this.version, games: next.dataset.size, ms: Math.round(performance.now() - started) },
        'replica switched to a new publication',
      );
      return true;
    } catch (error) {
      this.options.logger.error({ err: error }, 'replica could not load the new publication; serving the previous one');
      return false;
    } finally {
      this.switching = false;
    }
  }

  async stop(): Promise<void> {
    unwatchFile(this.manifestPath);
    for (const store of this.retiring) await store.close();
    this.retiring.clear();
  }

  private retire(store: Store): void {
    this.retiring.add(store);
    const timer = setTimeout(() => {
      this.retiring.delete(store);
      store
        .close()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'closing a replaced replica store failed'));
    }, this.options.graceMs);
    timer.unref();
  }
}
