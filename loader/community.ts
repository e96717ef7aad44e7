// Store → CommunityInput: the materialized (community_*) per-count ratings, age and language polls (D27)
// and the experience play-time rows with the materialized sufficiency flag (§7, D25) of the
// visible games, read once per load as numbers only (game rows, levels as positions in their
// enumeration), so a Dataset answers `include=polls` and the /community sub-resources alone.

import { type CommunityInput, EXPERIENCE_LEVELS, LANGUAGE_DEPENDENCE_LEVELS } from '../engine/index.js';
import type { Queryable, SqlParams } from './store.js';

/** One query of numbers, in game row order; every column a Float64Array (NaN for null). */
async function read(store: Queryable, sql: string, params: SqlParams = []): Promise<Record<string, Float64Array>> {
  return (await store.numberColumns(sql, params)).columns;
}

/** 1-based enumeration positions to 0-based Uint8 indexes; an unknown value throws. */
function levels(positions: Float64Array, values: readonly string[], what: string): Uint8Array {
  return Uint8Array.from(positions, (p) => {
    if (!(p >= 1 && p <= values.length)) throw new Error(`unknown ${what} level at position ${p}`);
    return p - 1;
  });
}

/** `rows` is the load's TEMP table of visible games and their row index (see load.ts). */
export async function loadCommunityInput(store: Queryable, rows: string): Promise<CommunityInput> {
  const ratings = await read(
    store,
    `SELECT r.row AS game, x.player_count, x.average_rating, x.rating_count, x.rating_stddev
     FROM community_player_count_ratings x JOIN ${rows} r ON r.id = x.game_id ORDER BY r.row, x.player_count`,
  );
  const ages = await read(
    store,
    `SELECT r.row AS game, x.suggested_age, x.vote_count
     FROM community_age_poll x JOIN ${rows} r ON r.id = x.game_id ORDER BY r.row, x.suggested_age`,
  );
  const languages = await read(
    store,
    `SELECT r.row AS game, list_position($1::VARCHAR[], x.level) AS level, x.vote_count
     FROM community_language_poll x JOIN ${rows} r ON r.id = x.game_id
     ORDER BY r.row, list_position($1::VARCHAR[], x.level)`,
    [[...LANGUAGE_DEPENDENCE_LEVELS]],
  );
  const experience = await read(
    store,
    `SELECT r.row AS game, list_position($1::VARCHAR[], x.level) AS level, x.median_minutes, x.min_minutes,
            x.max_minutes, x.total_reports
     FROM community_experience_playtime x JOIN ${rows} r ON r.id = x.game_id
     ORDER BY r.row, list_position($1::VARCHAR[], x.level)`,
    [[...EXPERIENCE_LEVELS]],
  );
  const sufficient = await read(
    store,
    `SELECT r.row AS game FROM games g JOIN ${rows} r ON r.id = g.id
     WHERE g.experience_sufficient_data ORDER BY r.row`,
  );
  return {
    playerCountRatings: {
      game: Uint32Array.from(ratings.game),
      player_count: Int32Array.from(ratings.player_count),
      average_rating: ratings.average_rating,
      rating_count: Int32Array.from(ratings.rating_count),
      rating_stddev: ratings.rating_stddev,
    },
    agePolls: {
      game: Uint32Array.from(ages.game),
      suggested_age: Int32Array.from(ages.suggested_age),
      vote_count: Int32Array.from(ages.vote_count),
    },
    languagePolls: {
      game: Uint32Array.from(languages.game),
      level: levels(languages.level, LANGUAGE_DEPENDENCE_LEVELS, 'language dependence'),
      vote_count: Int32Array.from(languages.vote_count),
    },
    experience: {
      game: Uint32Array.from(experience.game),
      level: levels(experience.level, EXPERIENCE_LEVELS, 'experience'),
      median_minutes: Int32Array.from(experience.median_minutes),
      min_minutes: experience.min_minutes,
      max_minutes: experience.max_minutes,
      total_reports: Int32Array.from(experience.total_reports),
    },
    experienceSufficient: Uint32Array.from(sufficient.game),
  };
}
