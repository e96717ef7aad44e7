// The Dataset currently being served. A request reads `current` once and keeps that
// Dataset for its whole life; a rebuild swaps the reference, never mutates in place.

import type { DatasetApi } from '../engine/index.js';

export class DatasetState {
  private dataset: DatasetApi;
  private loaded: Date;

  constructor(initial: DatasetApi, loadedAt: Date = new Date()) {
    this.dataset = initial;
    this.loaded = loadedAt;
  }

  get current(): DatasetApi {
    return this.dataset;
  }

  get loadedAt(): Date {
    return this.loaded;
  }

  swap(next: DatasetApi, loadedAt: Date = new Date()): void {
    this.dataset = next;
    this.loaded = loadedAt;
  }
}
