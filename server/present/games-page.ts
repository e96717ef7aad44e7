// A page of games as GET /v1/games and the searches answer it: the cached game JSON, the
// per-result members (matched_via, score) and whatever `include` asks for, in the list
// envelope; joined as bytes when nothing varies per game but those members.

import { type ByteAllocator, freshBytes } from '../body-slabs.js';
import type { DatasetApi } from '../../engine/index.js';
import type { GameInclude } from '../schemas/includes.js';
import { embedsFor } from './embeds.js';
import { gameJsonBytesWith, gameJsonFor } from './game-json.js';
import { listEnvelopeBytes, listEnvelopeJson, type ListLinks, type ListMeta } from './list.js';

/** Members a page adds to each of its games (matched_via, a search's score). */
export type ExtraMembers = readonly (readonly [string, unknown])[];

const NO_MATCH: ExtraMembers = [['matched_via', null]];

/**
 * Each game's matched_via: one shared pair for a null (every game outside effective mode),
 * so a page of 25 makes no 50 small arrays to say so.
 */
export function matchedViaMembers(matchedVia: readonly unknown[]): (index: number) => ExtraMembers {
  return (i) => (matchedVia[i] === null ? NO_MATCH : [['matched_via', matchedVia[i]]]);
}

function presentGames(
  dataset: DatasetApi,
  rows: readonly number[],
  include: readonly GameInclude[],
  extra: (index: number) => ExtraMembers,
  fields?: ReadonlySet<string>,
): string[] {
  return rows.map((row, i) => gameJsonFor(dataset, row, fields, [...extra(i), ...embedsFor(dataset, row, include)]));
}

/**
 * A page of games in its list envelope: joined from cached fragment bytes and sent as bytes
 * when the games are whole and carry no embeds (most pages), else from presentGames'
 * strings. The same JSON either way; joined bytes come from `allocate`.
 */
export function gamesPageBody(
  dataset: DatasetApi,
  rows: readonly number[],
  include: readonly GameInclude[],
  extra: (index: number) => ExtraMembers,
  fields: ReadonlySet<string> | undefined,
  meta: ListMeta,
  links: ListLinks,
  allocate: ByteAllocator = freshBytes,
): string | Uint8Array {
  if (fields === undefined && include.length === 0)
    return listEnvelopeBytes(
      rows.map((row, i) => gameJsonBytesWith(dataset, row, extra(i))),
      meta,
      links,
      allocate,
    );
  return listEnvelopeJson(presentGames(dataset, rows, include, extra, fields), meta, links);
}
