// The writer's side of read replicas: after the Dataset is (re)loaded, publish the store
// copy and the Dataset files next to the store. A failed publication is logged and leaves
// the previous one in place; it never fails the load or the materialization run.

import { join } from 'node:path';
import { publishReplica, REPLICA_DIR_NAME } from '../loader/replica/publication.js';
import type { Store } from '../loader/store.js';
import { runInSlices } from '../loader/turns.js';
import type { LoadedDataset } from './dataset-loader.js';
import type { Logger } from './logger.js';

export class ReplicaPublisher {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly dataDir: string,
    private readonly writer: string,
    private readonly logger: Logger,
  ) {}

  get dir(): string {
    return join(this.dataDir, REPLICA_DIR_NAME);
  }

  /** Queues a publication of a loaded Dataset (publications never overlap); resolves when it is done. */
  publish(loaded: LoadedDataset): Promise<void> {
    const next = this.tail.then(async () => {
      const started = performance.now();
      try {
        const { input, dataset, dataVersion } = loaded;
        if (dataVersion === undefined) throw new Error('the store has no data version');
        const columns = { input, indexes: await runInSlices(dataset.indexTablesSteps()), dataVersion };
        const manifest = await publishReplica(this.store, columns, { dir: this.dir, writer: this.writer });
        this.logger.info(
          { version: manifest.version, games: manifest.games, ms: Math.round(performance.now() - started) },
          'replica published',
        );
      } catch (error) {
        this.logger.error({ err: error, dir: this.dir }, 'replica publication failed; replicas keep the previous one');
      }
    });
    this.tail = next;
    return next;
  }

  /** Resolves when no publication is running (shutdown waits for the copy to finish). */
  idle(): Promise<void> {
    return this.tail;
  }
}
