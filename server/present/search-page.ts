// The games of a search page as JSON strings: the cached game JSON, the per-result members
// (matched_via, score) and whatever `include` asks for — the same shape as GET /v1/games.

import type { DatasetApi } from '../../engine/index.js';
import type { Store } from '../../loader/store.js';
import type { GameInclude } from '../schemas/includes.js';
import { embedsFor, loadEmbedSources } from './embeds.js';
import { gameJsonWith } from './game-json.js';

export async function presentGames(
  store: Store,
  dataset: DatasetApi,
  rows: readonly number[],
  include: readonly GameInclude[],
  extra: (index: number) => [string, unknown][],
): Promise<string[]> {
  const sources = await loadEmbedSources(store, dataset, rows, include);
  return rows.map((row, i) => gameJsonWith(dataset, row, [...extra(i), ...embedsFor(dataset, row, include, sources)]));
}
