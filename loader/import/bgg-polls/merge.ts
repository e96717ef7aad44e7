// A game's polls from the files → its stored `stats`, poll by poll. The conversion is the
// XML importer's (bgg-xml/polls.ts: Best 5, Recommended 3.5, Not Recommended 1.5 per
// player count; ages; the five language levels), so a poll means the same whichever file
// brought it. Newer wins: BGG's poll votes only grow, so a stored poll with more votes than
// the file's is newer (a later XML capture) and stays. A poll the file does not have is
// left as it is. A replaced age or language poll drops the stated community_suggested_age /
// language_dependence, which the aggregate refresh then derives from the poll (SPEC-NOTES
// D50) — the stated value summarized the poll being replaced.

import type { CatalogObject } from '../amend-games.js';
import { agePoll, languagePoll, playerCountRatings } from '../bgg-xml/polls.js';
import type { Skips } from '../skips.js';
import type { GamePolls, PollKind } from './read.js';

export const KEPT_NEWER_POLL = 'kept the stored poll: it has more votes than the file (newer)';
export const NO_VOTES = 'poll with no votes (every count 0): nothing to import';

/** Per poll kind: the stats field it fills, the vote field of its rows, the stated summary it replaces. */
const FIELDS: Record<PollKind, { field: string; votes: string; summary?: string; label: string }> = {
  playerCount: { field: 'player_count_ratings', votes: 'rating_count', label: 'suggested_numplayers' },
  playerAge: {
    field: 'age_poll',
    votes: 'vote_count',
    summary: 'community_suggested_age',
    label: 'suggested_playerage',
  },
  language: {
    field: 'language_poll',
    votes: 'vote_count',
    summary: 'language_dependence',
    label: 'language_dependence',
  },
};

/** Per-kind counts of polls written onto games (for the report). */
export type PollCounts = Record<PollKind, number>;

/** The file's polls of one game as catalog stats rows, per kind (kinds with no votes left out). */
export function convertPolls(polls: GamePolls, skips: Skips, bggId: number): Partial<Record<PollKind, object[]>> {
  const whole = { ...polls, summary: {} };
  const out: Partial<Record<PollKind, object[]>> = {};
  const rows: Record<PollKind, () => object[]> = {
    // Summary fallback is XML-only (no poll-summary here); the catalog takes at most 100 counts.
    playerCount: () => playerCountRatings(whole).slice(0, 100),
    playerAge: () => agePoll(whole),
    language: () => languagePoll(whole),
  };
  for (const kind of polls.has) {
    const converted = rows[kind]();
    if (converted.length === 0) skips.add(NO_VOTES, `${FIELDS[kind].label}: BGG id ${bggId}`);
    else out[kind] = converted;
  }
  return out;
}

export function mergePolls(
  stored: CatalogObject,
  polls: Partial<Record<PollKind, object[]>>,
  skips: Skips,
  bggId: number,
  written: PollCounts,
): CatalogObject {
  const stats: CatalogObject = isObject(stored.stats) ? { ...stored.stats } : {};
  let changed = false;
  for (const [kind, rows] of Object.entries(polls) as [PollKind, object[]][]) {
    const { field, votes, summary, label } = FIELDS[kind];
    const old = Array.isArray(stats[field]) ? (stats[field] as CatalogObject[]) : [];
    const oldVotes = total(old, votes);
    const newVotes = total(rows as CatalogObject[], votes);
    if (oldVotes > newVotes) {
      skips.add(KEPT_NEWER_POLL, `${label}: BGG id ${bggId}: stored ${oldVotes} votes, file ${newVotes}`);
      continue;
    }
    if (!sameRows(old, rows as CatalogObject[])) written[kind]++;
    stats[field] = rows;
    if (summary) delete stats[summary];
    changed = true;
  }
  return changed ? { ...stored, stats } : stored;
}

/** Rows equal field by field, whatever the order of their keys. */
function sameRows(a: readonly CatalogObject[], b: readonly CatalogObject[]): boolean {
  const text = (rows: readonly CatalogObject[]) =>
    JSON.stringify(rows.map((r) => Object.entries(r).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))));
  return text(a) === text(b);
}

function total(rows: readonly CatalogObject[], field: string): number {
  let sum = 0;
  for (const r of rows) sum += typeof r[field] === 'number' ? (r[field] as number) : 0;
  return sum;
}

function isObject(value: unknown): value is CatalogObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
