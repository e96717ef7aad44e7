// The games of a search page as JSON strings: the cached game JSON, the per-result members
// (matched_via, score) and whatever `include` asks for — the same shape as GET /v1/games.

import type { DatasetApi } from '../../engine/api.js';
import { readPolls } from '../../loader/polls.js';
import type { Store } from '../../loader/store.js';
import type { GameInclude } from '../schemas/includes.js';
import { embedsFor, type EmbedSources } from './embeds.js';
import { gameJsonWith } from './game-json.js';

/** Polls live in the store, not the Dataset: read them only when asked, for the page only. */
async function embedSources(store: Store, dataset: DatasetApi, rows: readonly number[], include: readonly GameInclude[]): Promise<EmbedSources> {
  if (!include.includes('polls') || rows.length === 0) return {};
  return { polls: await readPolls(store, rows.map((r) => dataset.game(r).id)) };
}

export async function presentGames(
  store: Store,
  dataset: DatasetApi,
  rows: readonly number[],
  include: readonly GameInclude[],
  extra: (index: number) => [string, unknown][],
): Promise<string[]> {
  const sources = await embedSources(store, dataset, rows, include);
  return rows.map((row, i) => gameJsonWith(dataset, row, [...extra(i), ...embedsFor(dataset, row, include, sources)]));
}
