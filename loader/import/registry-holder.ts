// The catalog registry a foreign importer's batches share. Registry.load reads every game,
// term, person and link of the store: once per batch it was most of the ranking history's
// time (30 batches of 25,000 snapshots, each reading 170k games again). Each batch's
// importCatalog keeps the shared registry current; after a batch fails (its transaction
// rolled back) the registry no longer matches the store, so it is dropped and the next
// batch loads it afresh.

import { Registry } from '../catalog/registry.js';
import { collectGarbage } from './heap.js';
import type { Store } from '../store.js';

/** The registry the batches share: loaded on first use, dropped after a batch failed. */
export class RegistryHolder {
  private registry: Registry | undefined;

  constructor(private readonly store: Store) {}

  async get(): Promise<Registry> {
    if (!this.registry) {
      this.registry = await Registry.load(this.store);
      // The load's row objects (every game, term, person… of the store) are garbage now; the
      // XML step's first batch, which loads it, was the import's peak RSS while they stayed.
      collectGarbage();
    }
    return this.registry;
  }

  drop(): void {
    this.registry = undefined;
  }
}
