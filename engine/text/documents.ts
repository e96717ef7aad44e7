// What the text index reads from a Dataset's input: one TextDocument per game (its name,
// alternate names, description and popularity) and one TextEntity per designer, artist,
// publisher and family with the rows of its games. Both are read in steps, so a serving
// thread can build the index between requests (dataset.ts warmSteps).

import type { Games } from '../games.js';
import type { DatasetInput } from '../input.js';
import type { EntityField, TextDocument, TextEntity } from './text-index.js';

/** Games read per step (each with its description decoded). */
const ROWS_PER_STEP = 1024;
/** Links (alternate names, credits) read per step. */
const LINKS_PER_STEP = 16_384;
const NO_NAMES: readonly string[] = [];

export function* textDocumentsSteps(games: Games, input: DatasetInput): Generator<void, TextDocument[]> {
  const { rating_votes: votes, owner_count: owners, bayes_rating: bayes } = games.numbers;
  // One description at a time from the Arrow column, not the whole column decoded at once.
  const description = games.stringReader('description');
  // Only the games that have alternate names get an array of them.
  const alternates = new Array<string[] | undefined>(games.size);
  const alt = input.alternateNames;
  for (let e = 0; e < alt.game.length; e++) {
    if (e % LINKS_PER_STEP === LINKS_PER_STEP - 1) yield;
    const names = alternates[alt.game[e]];
    if (names === undefined) alternates[alt.game[e]] = [alt.name[e]];
    else names.push(alt.name[e]);
  }
  const docs: TextDocument[] = [];
  for (let row = 0; row < games.size; row++) {
    if (row % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    // rating_votes, or owner_count when a game has no rating votes.
    const popularity = votes[row] > 0 ? votes[row] : Number.isNaN(owners[row]) ? votes[row] : owners[row];
    docs.push({
      row,
      name: games.names[row],
      alternateNames: alternates[row] ?? NO_NAMES,
      description: description(row),
      popularity,
      rankKey: bayes[row],
      id: games.ids[row],
    });
  }
  return docs;
}

export function* textEntitiesSteps(input: DatasetInput): Generator<void, TextEntity[]> {
  const out: TextEntity[] = [];
  function* add(
    names: readonly { name: string }[],
    field: EntityField,
    game: Uint32Array,
    target: Uint32Array,
    take?: (i: number) => boolean,
  ): Generator<void, void> {
    const rows: number[][] = names.map(() => []);
    yield;
    for (let i = 0; i < game.length; i++) {
      if (i % LINKS_PER_STEP === LINKS_PER_STEP - 1) yield;
      if (!take || take(i)) rows[target[i]].push(game[i]);
    }
    for (let e = 0; e < names.length; e++)
      if (rows[e].length > 0) out.push({ name: names[e].name, field, rows: rows[e] });
    yield;
  }
  const credits = input.gameCredits;
  yield* add(input.people, 'designer', credits.game, credits.target, (i) => credits.role[i] === 'designer');
  yield* add(input.people, 'artist', credits.game, credits.target, (i) => credits.role[i] === 'artist');
  yield* add(input.publishers, 'publisher', input.gamePublishers.game, input.gamePublishers.target);
  yield* add(input.families, 'family', input.gameFamilies.game, input.gameFamilies.target);
  return out;
}
