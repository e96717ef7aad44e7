// GET /v1/games/{id}/effective-properties?with=a,b: three-tier resolution of the game under
// a set of its expansions (contract "Effective properties", SPEC-NOTES §6.7, D13, D17, D31).

import type { H3Event } from 'h3';
import type { DatasetApi } from '../../engine/index.js';
import { sendJson } from '../http.js';
import { effectivePropertiesJson } from '../present/game-effective.js';
import { ApiProblem, fieldError, unknownReferenceProblem, type FieldError } from '../problem.js';
import { knownParams, listItems } from '../schemas/game-params.js';
import { findGame, type GameResourceDeps } from './game-lookup.js';

const PARAMS = ['with'] as const;

/** D17: expansions of a base are its children (parent_game_id) and the sources of `expands` edges into it. */
export function expansionMembers(dataset: DatasetApi, base: number): Set<number> {
  const related = dataset.related(base);
  const members = new Set(related.expansions);
  for (const edge of related.relationships)
    if (edge.type === 'expands' && edge.target === base) members.add(edge.source);
  members.delete(base);
  return members;
}

/**
 * The requested expansion rows, distinct, in request order. Unknown names are a 404 naming
 * them; games that are not expansions of this base are a 422 (SPEC-NOTES D31).
 */
function requestedExpansions(dataset: DatasetApi, base: number, names: readonly string[]): number[] {
  const members = expansionMembers(dataset, base);
  const baseSlug = dataset.game(base).slug;
  const missing: FieldError[] = [];
  const foreign: FieldError[] = [];
  const rows: number[] = [];
  for (const name of names) {
    const row = dataset.row(name);
    if (row === undefined) {
      missing.push(fieldError('with', `no game with id or slug "${name}"`, 'not_found', name));
    } else if (!members.has(row)) {
      const game = dataset.game(row);
      const parentRow = game.parent_game_id === null ? undefined : dataset.row(game.parent_game_id);
      const where = parentRow === undefined ? '' : ` (its base game is ${dataset.game(parentRow).slug})`;
      foreign.push(
        fieldError('with', `"${name}" is not an expansion of ${baseSlug}${where}`, 'not_an_expansion', name),
      );
    } else if (!rows.includes(row)) {
      rows.push(row);
    }
  }
  if (missing.length > 0) {
    const named = missing.map((e) => `"${String(e.value)}"`).join(', ');
    throw new ApiProblem('not-found', `No expansion with id or slug ${named}.`, missing);
  }
  if (foreign.length > 0) throw unknownReferenceProblem(foreign);
  return rows;
}

export function getEffectiveProperties(event: H3Event, deps: GameResourceDeps): string {
  const errors: FieldError[] = [];
  const params = knownParams(event.url.searchParams, PARAMS, errors);
  const { dataset, row } = findGame(event, deps, errors);
  const raw = params.get('with');
  const expansions = requestedExpansions(dataset, row, raw === undefined ? [] : listItems(raw));
  const resolution = dataset.resolveEffective(row, expansions);
  return sendJson(event, JSON.stringify(effectivePropertiesJson(dataset, row, resolution)));
}
