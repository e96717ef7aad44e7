// What the text index reads from a Dataset's input: one TextDocument per game (its name,
// alternate names, description and popularity) and one TextEntity per designer, artist,
// publisher and family with the rows of its games.

import type { Games } from '../games.js';
import type { DatasetInput } from '../input.js';
import { utf8Column } from '../strings.js';
import type { EntityField, TextDocument, TextEntity } from './text-index.js';

export function textDocuments(games: Games, input: DatasetInput): TextDocument[] {
  const { rating_votes: votes, owner_count: owners, bayes_rating: bayes } = games.numbers;
  const descriptions = utf8Column(input.games, 'description');
  const alternates: string[][] = Array.from({ length: games.size }, () => []);
  const alt = input.alternateNames;
  for (let e = 0; e < alt.game.length; e++) alternates[alt.game[e]].push(alt.name[e]);
  const docs: TextDocument[] = [];
  for (let row = 0; row < games.size; row++) {
    // rating_votes, or owner_count when a game has no rating votes.
    const popularity = votes[row] > 0 ? votes[row] : Number.isNaN(owners[row]) ? votes[row] : owners[row];
    docs.push({
      row,
      name: games.names[row],
      alternateNames: alternates[row],
      description: descriptions[row],
      popularity,
      rankKey: bayes[row],
      id: games.ids[row],
    });
  }
  return docs;
}

export function textEntities(input: DatasetInput): TextEntity[] {
  const out: TextEntity[] = [];
  const add = (
    names: readonly { name: string }[],
    field: EntityField,
    game: Uint32Array,
    target: Uint32Array,
    take?: (i: number) => boolean,
  ): void => {
    const rows: number[][] = names.map(() => []);
    for (let i = 0; i < game.length; i++) if (!take || take(i)) rows[target[i]].push(game[i]);
    for (let e = 0; e < names.length; e++)
      if (rows[e].length > 0) out.push({ name: names[e].name, field, rows: rows[e] });
  };
  const credits = input.gameCredits;
  add(input.people, 'designer', credits.game, credits.target, (i) => credits.role[i] === 'designer');
  add(input.people, 'artist', credits.game, credits.target, (i) => credits.role[i] === 'artist');
  add(input.publishers, 'publisher', input.gamePublishers.game, input.gamePublishers.target);
  add(input.families, 'family', input.gameFamilies.game, input.gameFamilies.target);
  return out;
}
