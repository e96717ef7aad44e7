// The generator's second pass, after the games: awards with GameAwards on ~3 % of the rated
// games (favouring well-rated ones), and property modifications on ~40 % of expansions
// (more players, longer play, a little heavier), so the award filter and effective mode
// have something to find. Its own random stream: the games themselves do not change.

import type { Queryable } from '../loader/store.js';
import { TableAppender, type RowObject } from './append.js';
import type { Random } from './random.js';

export const AWARD_SLUGS = [
  'spiel-des-jahres',
  'kennerspiel-des-jahres',
  'deutscher-spiele-preis',
  'as-d-or',
  'golden-geek-best-game',
  'golden-geek-best-cooperative',
  'mensa-select',
  'international-gamers-award',
] as const;
const RESULTS = ['nominated', 'shortlisted', 'recommended', 'won'] as const;

export async function writeExtras(
  tx: Queryable,
  random: Random,
  count: (table: string, n: number) => void,
): Promise<void> {
  const awardIds = AWARD_SLUGS.map(() => random.uuid());
  await (await TableAppender.open(tx, 'awards')).append(
    AWARD_SLUGS.map((slug, i) => ({
      id: awardIds[i],
      slug,
      name: slug
        .split('-')
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join(' '),
      organization: 'Bench Awards',
    })),
  );
  count('awards', AWARD_SLUGS.length);

  const rated = await tx.all<{ id: string; rating: number; year: number | null }>(
    `SELECT id, rating, year_published AS year FROM games WHERE rating IS NOT NULL ORDER BY id`,
  );
  const gameAwards: RowObject[] = [];
  for (const game of rated) {
    if (!random.chance(game.rating >= 7 ? 0.12 : 0.01)) continue;
    const n = random.chance(0.3) ? 2 : 1;
    for (let position = 0; position < n; position++) {
      const award = random.int(0, AWARD_SLUGS.length - 1);
      gameAwards.push({
        game_id: game.id,
        award_id: awardIds[award],
        year: (game.year ?? 2000) + 1,
        result: RESULTS[random.int(0, RESULTS.length - 1)],
        category: random.chance(0.2) ? 'family' : null,
        position,
      });
    }
  }
  await (await TableAppender.open(tx, 'game_awards')).append(gameAwards);
  count('game_awards', gameAwards.length);

  const expansions = await tx.all<{ id: string; parent: string }>(
    `SELECT id, parent_game_id AS parent FROM games WHERE type = 'expansion' AND parent_game_id IS NOT NULL ORDER BY id`,
  );
  const modifications: RowObject[] = [];
  for (const expansion of expansions) {
    if (!random.chance(0.4)) continue;
    let position = 0;
    const add = (property: string, operation: string, value: number): void => {
      modifications.push({
        id: random.uuid(),
        expansion_id: expansion.id,
        base_game_id: expansion.parent,
        property,
        operation,
        value_number: value,
        position: position++,
      });
    };
    if (random.chance(0.6)) add('max_players', 'add', random.int(1, 2));
    if (random.chance(0.5)) add('max_playtime', 'add', 15 * random.int(1, 4));
    if (random.chance(0.3)) add('weight', 'add', 0.25);
    if (position === 0) add('min_players', 'set', 1);
  }
  await (await TableAppender.open(tx, 'property_modifications')).append(modifications);
  count('property_modifications', modifications.length);
}
