// The games of a search page as JSON strings: the cached game JSON, the per-result members
// (matched_via, score) and whatever `include` asks for — the same shape as GET /v1/games.

import type { DatasetApi } from '../../engine/index.js';
import type { GameInclude } from '../schemas/includes.js';
import { embedsFor } from './embeds.js';
import { gameJsonFor } from './game-json.js';

export function presentGames(
  dataset: DatasetApi,
  rows: readonly number[],
  include: readonly GameInclude[],
  extra: (index: number) => [string, unknown][],
  fields?: ReadonlySet<string>,
): string[] {
  return rows.map((row, i) => gameJsonFor(dataset, row, fields, [...extra(i), ...embedsFor(dataset, row, include)]));
}
