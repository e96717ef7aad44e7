// A game's JSON, serialized once per Dataset and reused for every page that shows it: the
// page, not the filter, is where HTTP time goes (ARCHITECTURE, measured). Members that vary
// per request (matched_via, embeds) are appended to the cached fragment, which is the JSON
// without its closing brace (server/present/game-fragments.ts).

import type { DatasetApi, GameRecord } from '../../engine/index.js';
import { gameLinks } from '../links.js';
import { fragmentsOf } from './game-fragments.js';

/**
 * The Game JSON: the record's members, which dataset.game() lists in JSON order (the field
 * registry's: contract fields, then the additive fields of SPEC-NOTES D1), then _links.
 * The record is built anew on every call, so it takes _links itself: copying it into a new
 * object first made the whole Game JSON about a third slower (measured).
 */
export function gameObject(dataset: DatasetApi, row: number): Record<string, unknown> {
  const g: GameRecord = dataset.game(row);
  const parentRow = g.parent_game_id === null ? undefined : dataset.row(g.parent_game_id);
  const parentSlug = parentRow === undefined ? null : dataset.game(parentRow).slug;
  return Object.assign(g, { _links: gameLinks(g.slug, parentSlug) });
}

/** The Game JSON without its closing brace, as the fragment cache keeps it. */
function openGameJson(dataset: DatasetApi, row: number): string {
  return JSON.stringify(gameObject(dataset, row)).slice(0, -1);
}

/** The game JSON less its closing brace, from this Dataset's fragment cache. */
export function gameFragment(dataset: DatasetApi, row: number): string {
  return fragmentsOf(dataset, openGameJson).fragment(row);
}

/** The closing of a list item whose only extra member is `matched_via: null` (a plain filter's page). */
const NO_MATCH_CLOSE = Buffer.from(',"matched_via":null}');

/**
 * gameJsonWith's bytes, as pieces: the cached fragment's bytes, then the extra members and
 * the closing brace.
 */
export function gameJsonBytesWith(
  dataset: DatasetApi,
  row: number,
  extra: readonly (readonly [string, unknown])[],
): Uint8Array[] {
  const fragment = fragmentsOf(dataset, openGameJson).bytes(row);
  if (extra.length === 1 && extra[0][0] === 'matched_via' && (extra[0][1] ?? null) === null)
    return [fragment, NO_MATCH_CLOSE];
  return [fragment, Buffer.from(closingMembers(extra))];
}

export function gameJson(dataset: DatasetApi, row: number): string {
  return `${gameFragment(dataset, row)}}`;
}

/** The cached game JSON with extra members appended (values already JSON-serializable). */
export function gameJsonWith(dataset: DatasetApi, row: number, extra: readonly (readonly [string, unknown])[]): string {
  return `${gameFragment(dataset, row)}${closingMembers(extra)}`;
}

/** `extra` as members to append to a fragment, and the closing brace. */
function closingMembers(extra: readonly (readonly [string, unknown])[]): string {
  let json = '';
  for (const [key, value] of extra) json += `,${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`;
  return `${json}}`;
}

/**
 * The game JSON with only the `fields` members (in Game order), then `extra`. Built from the
 * record, not the cached string: a selection is a smaller page, not a cached one.
 */
export function selectedGameJson(
  dataset: DatasetApi,
  row: number,
  fields: ReadonlySet<string>,
  extra: readonly (readonly [string, unknown])[],
): string {
  const game = gameObject(dataset, row);
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(game)) if (fields.has(key)) picked[key] = game[key];
  for (const [key, value] of extra) picked[key] = value ?? null;
  return JSON.stringify(picked);
}

/** The whole game JSON with `extra`, or only the selected members when `fields` is given. */
export function gameJsonFor(
  dataset: DatasetApi,
  row: number,
  fields: ReadonlySet<string> | undefined,
  extra: readonly (readonly [string, unknown])[],
): string {
  return fields === undefined ? gameJsonWith(dataset, row, extra) : selectedGameJson(dataset, row, fields, extra);
}
