// The 2022 poll files (bgg-polls-2022, reshaped from andrewKOwong/boardgames' poll data) →
// BGG's three polls per game, in the shape the XML parser gives them (bgg-xml/parse.ts
// BggPolls), so both importers convert polls with the same code (bgg-xml/polls.ts). A
// file's layout is told by its header; the files may come in any order and together hold
// each game's polls. docs/import-bgg-polls.md.

import type { BggPolls } from '../bgg-xml/parse.js';
import { columnsOf, openCsvTable, wholeNumber } from '../csv-table.js';
import type { Skips } from '../skips.js';

export type PollKind = 'playerCount' | 'playerAge' | 'language';

/** The polls a game has in the files read so far (each poll from one file). */
export type GamePolls = Pick<BggPolls, 'playerCount' | 'playerAge' | 'language'> & { has: Set<PollKind> };

const PLAYER_COUNT = ['bgg_id', 'numplayers', 'best', 'recommended', 'not_recommended'] as const;
/** language_dependence: the five levels, least to most text-dependent (our enumeration's order). */
export const LANGUAGE_COLUMNS = [
  'votes_level1_no_text',
  'votes_level2_some_text',
  'votes_level3_moderate_text',
  'votes_level4_extensive_text',
  'votes_level5_unplayable',
] as const;
const AGE_COLUMN = /^age_(\d+)(_and_up)?$/;

export const LAYOUTS =
  'suggested_numplayers (bgg_id, numplayers, best, recommended, not_recommended), suggested_playerage (bgg_id, age_2 … age_21_and_up) or language_dependence (bgg_id, votes_level1_no_text … votes_level5_unplayable)';

export const SKIP = {
  noId: 'row no BGG id (a positive whole number in bgg_id)',
  badCount: 'row numplayers is not a player count ("3" or "4+")',
  badVotes: 'row a vote count is not a whole number of at least 0',
  countTwice: 'row repeats a player count of the same game (the first is kept)',
  gameTwice: "row repeats a game's poll in the same layout (the first is kept)",
} as const;

export type ReadPollFile = { ok: true; rows: number; kind: PollKind } | { ok: false; reason: string };

/** Reads one file into `games` (BGG id → polls); bad rows are skipped, a header of no known layout rejects the file. */
export async function readPollFile(path: string, games: Map<number, GamePolls>, skips: Skips): Promise<ReadPollFile> {
  const table = await openCsvTable(path);
  const layout = detect(table.header);
  if (!layout.ok) {
    await table.close();
    return layout;
  }
  const { kind, index } = layout;
  const at = (fields: string[], name: string) => fields[index.get(name) ?? -1];
  const ages = table.header.flatMap((name) => {
    const m = AGE_COLUMN.exec(name);
    return m ? [{ name, value: m[2] ? `${m[1]} and up` : m[1] }] : [];
  });
  // Rows of this file per game: a game's poll comes from one file; a second file of the same
  // layout does not add to it. Read into a file-local map first, then moved in whole.
  const fresh = new Map<number, GamePolls>();
  const countsSeen = new Set<string>();
  let rows = 0;
  try {
    for await (const { line, fields } of table.records) {
      rows++;
      const where = `${path}:${line}`;
      const bggId = wholeNumber(at(fields, 'bgg_id'), 1);
      if (bggId === undefined) {
        skips.add(SKIP.noId, where);
        continue;
      }
      if (kind === 'playerCount') {
        const count = (at(fields, 'numplayers') ?? '').trim();
        if (!/^\d{1,4}\+?$/.test(count)) {
          skips.add(SKIP.badCount, where);
          continue;
        }
        const votes = ['best', 'recommended', 'not_recommended'].map((c) => wholeNumber(at(fields, c)));
        if (votes.some((v) => v === undefined)) {
          skips.add(SKIP.badVotes, where);
          continue;
        }
        if (countsSeen.has(`${bggId}|${count}`)) {
          skips.add(SKIP.countTwice, where);
          continue;
        }
        countsSeen.add(`${bggId}|${count}`);
        const [best, recommended, notRecommended] = votes as number[];
        pollsOf(fresh, bggId).playerCount.push({ count, best, recommended, notRecommended });
        continue;
      }
      const columns = kind === 'language' ? LANGUAGE_COLUMNS.map((name) => ({ name })) : ages;
      const votes = columns.map((c) => wholeNumber(at(fields, c.name)));
      if (votes.some((v) => v === undefined)) {
        skips.add(SKIP.badVotes, where);
        continue;
      }
      if (fresh.has(bggId)) {
        skips.add(SKIP.gameTwice, where);
        continue;
      }
      const polls = pollsOf(fresh, bggId);
      if (kind === 'language') polls.language = (votes as number[]).map((v) => ({ votes: v }));
      else polls.playerAge = ages.map((a, i) => ({ value: a.value, votes: votes[i] as number }));
    }
  } catch (error) {
    // The splitter's only error: the file ends inside a quoted field. Nothing of the file is kept.
    return { ok: false, reason: `not read: ${(error as Error).message}` };
  }
  for (const [bggId, polls] of fresh) {
    const game = pollsOf(games, bggId);
    if (game.has.has(kind)) {
      skips.add(SKIP.gameTwice, `${path}: BGG id ${bggId} (already in an earlier file)`);
      continue;
    }
    game.has.add(kind);
    if (kind === 'playerCount') game.playerCount = polls.playerCount;
    else if (kind === 'language') game.language = polls.language;
    else game.playerAge = polls.playerAge;
  }
  return { ok: true, rows, kind };
}

function pollsOf(games: Map<number, GamePolls>, bggId: number): GamePolls {
  let polls = games.get(bggId);
  if (!polls) {
    polls = { playerCount: [], playerAge: [], language: [], has: new Set() };
    games.set(bggId, polls);
  }
  return polls;
}

function detect(
  header: readonly string[],
): { ok: true; kind: PollKind; index: Map<string, number> } | { ok: false; reason: string } {
  const count = columnsOf(header, PLAYER_COUNT);
  if (count.missing.length === 0) return { ok: true, kind: 'playerCount', index: count.index };
  const language = columnsOf(header, ['bgg_id', ...LANGUAGE_COLUMNS]);
  if (language.missing.length === 0) return { ok: true, kind: 'language', index: language.index };
  const age = columnsOf(header, ['bgg_id']);
  if (age.missing.length === 0 && header.some((name) => AGE_COLUMN.test(name)))
    return { ok: true, kind: 'playerAge', index: age.index };
  return { ok: false, reason: `not a BGG poll file: the header is none of ${LAYOUTS}` };
}
