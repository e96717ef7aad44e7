// What every /v1/games/{id}/... handler starts with: its query parameters checked first
// (a typo is reported even for an unknown game), then the game found or a 404 problem.

import type { H3Event } from 'h3';
import type { DatasetApi } from '../../engine/index.js';
import type { CursorCodec } from '../cursor.js';
import { pathParam } from '../http.js';
import { notFoundProblem, validationProblem, type FieldError } from '../problem.js';
import type { DatasetState } from '../state.js';

export interface GameResourceDeps {
  state: DatasetState;
  cursors: CursorCodec;
}

export interface FoundGame {
  dataset: DatasetApi;
  row: number;
}

/**
 * Answers 400 naming every parameter error collected so far, else resolves `{id}` (UUID or
 * slug) or answers 404. The Dataset returned is the one the whole request must use, even if
 * a rebuild swaps in another meanwhile.
 */
export function findGame(event: H3Event, deps: GameResourceDeps, errors: readonly FieldError[]): FoundGame {
  if (errors.length > 0) throw validationProblem([...errors]);
  const dataset = deps.state.current;
  const id = pathParam(event, 'id');
  const row = dataset.row(id);
  if (row === undefined) throw notFoundProblem(`No game with id or slug "${id}".`);
  return { dataset, row };
}
