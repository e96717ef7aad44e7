// The Dataset currently being served. A request reads `current` once and keeps that
// Dataset for its whole life; a rebuild swaps the reference, never mutates in place.

import type { DatasetApi } from '../engine/index.js';

/** What a state serves. A state and its views share one, so a swap of either reaches all. */
interface Served {
  dataset: DatasetApi;
  loadedAt: Date;
  /** Told of every Dataset served from now on (onServe). */
  listeners: ((dataset: DatasetApi) => void)[];
}

type DatasetView = (dataset: DatasetApi) => DatasetApi;

export class DatasetState {
  private served: Served;
  /** How this state shows its Dataset (a view's wrapper); null: as it is. */
  private view: DatasetView | null = null;

  constructor(initial: DatasetApi, loadedAt: Date = new Date()) {
    this.served = { dataset: initial, loadedAt, listeners: [] };
  }

  get current(): DatasetApi {
    const dataset = this.served.dataset;
    return this.view === null ? dataset : this.view(dataset);
  }

  get loadedAt(): Date {
    return this.served.loadedAt;
  }

  swap(next: DatasetApi, loadedAt: Date = new Date()): void {
    this.served.dataset = next;
    this.served.loadedAt = loadedAt;
    for (const listener of this.served.listeners) listener(next);
  }

  /** Calls `listener` with the Dataset served now and with every one swapped in after it. */
  onServe(listener: (dataset: DatasetApi) => void): void {
    this.served.listeners.push(listener);
    listener(this.served.dataset);
  }

  /** Whether `dataset` is the one served (as swapped in, not a view's wrapper of it). */
  serves(dataset: DatasetApi): boolean {
    return this.served.dataset === dataset;
  }

  /**
   * This state with its Dataset seen through `view` (e.g. timed, server/metrics.ts): it
   * serves whatever this state serves, swaps included. `view` runs on every read of
   * `current`, so it should hand back one wrapper per Dataset, not a new one per call.
   */
  viewedThrough(view: DatasetView): DatasetState {
    const viewed = new DatasetState(this.served.dataset, this.served.loadedAt);
    const inner = this.view;
    viewed.served = this.served;
    viewed.view = inner === null ? view : (dataset) => view(inner(dataset));
    return viewed;
  }
}
