// A game's community data (community-data.ts) read from the Dataset's columnar input: held
// as one entry per poll row, grouped by game row, so the many games without any cost
// nothing; a game's objects are built only when a page or a detail view asks for them.

import type {
  AgePollVote,
  CommunityInput,
  ExperienceRow,
  GameExperience,
  GamePolls,
  LanguagePollVote,
  PlayerCountRating,
} from './community-data.js';
import {
  EXPERIENCE_LEVELS,
  LANGUAGE_DEPENDENCE_LEVELS,
  type ExperienceLevel,
  type LanguageDependence,
} from './domain.js';
import type { Games } from './games.js';
import type { GameNumberColumn } from './input.js';

const MULTIPLIER_COLUMNS = {
  first_play: 'experience_first_play',
  learning: 'experience_learning',
  experienced: 'experience_experienced',
  expert: 'experience_expert',
} as const satisfies Record<ExperienceLevel, GameNumberColumn>;

/** First index in the ascending `sorted` whose value is >= `value`. */
function lowerBound(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const nullable = (value: number): number | null => (Number.isNaN(value) ? null : value);

/** Answers a game's polls and experience data from the columnar input (two binary searches per section). */
export class Community {
  constructor(
    private readonly games: Games,
    private readonly input: CommunityInput,
  ) {}

  polls(row: number): GamePolls {
    const { playerCountRatings: pcr, agePolls: age, languagePolls: lang } = this.input;
    const id = this.games.ids[row];
    const ratings: PlayerCountRating[] = [];
    for (let i = lowerBound(pcr.game, row), end = lowerBound(pcr.game, row + 1); i < end; i++) {
      ratings.push({
        player_count: pcr.player_count[i],
        average_rating: pcr.average_rating[i],
        rating_count: pcr.rating_count[i],
        rating_stddev: nullable(pcr.rating_stddev[i]),
      });
    }
    const ages: AgePollVote[] = [];
    let ageVotes = 0;
    for (let i = lowerBound(age.game, row), end = lowerBound(age.game, row + 1); i < end; i++) {
      ages.push({ game_id: id, suggested_age: age.suggested_age[i], vote_count: age.vote_count[i] });
      ageVotes += age.vote_count[i];
    }
    const levels: LanguagePollVote[] = [];
    let levelVotes = 0;
    for (let i = lowerBound(lang.game, row), end = lowerBound(lang.game, row + 1); i < end; i++) {
      levels.push({ game_id: id, level: LANGUAGE_DEPENDENCE_LEVELS[lang.level[i]], vote_count: lang.vote_count[i] });
      levelVotes += lang.vote_count[i];
    }
    return {
      game_id: id,
      player_count_ratings: ratings,
      community_age: {
        community_suggested_age: this.games.number('community_suggested_age', row),
        total_votes: ageVotes,
        votes: ages,
      },
      language_dependence: {
        level: this.games.languages.value(row) as LanguageDependence | null,
        total_votes: levelVotes,
        votes: levels,
      },
    };
  }

  experience(row: number): GameExperience {
    const { experience: x, experienceSufficient } = this.input;
    const rows: ExperienceRow[] = [];
    for (let i = lowerBound(x.game, row), end = lowerBound(x.game, row + 1); i < end; i++) {
      rows.push({
        experience_level: EXPERIENCE_LEVELS[x.level[i]],
        median_minutes: x.median_minutes[i],
        min_minutes: nullable(x.min_minutes[i]),
        max_minutes: nullable(x.max_minutes[i]),
        total_reports: x.total_reports[i],
      });
    }
    // Multipliers count only when the run marked the data sufficient and wrote all four.
    const flagged = experienceSufficient[lowerBound(experienceSufficient, row)] === row;
    const values = EXPERIENCE_LEVELS.map((level) => this.games.number(MULTIPLIER_COLUMNS[level], row));
    const complete = flagged && values.every((v) => v !== null);
    return {
      game_id: this.games.ids[row],
      rows,
      sufficient_data: complete,
      multipliers: complete
        ? (Object.fromEntries(EXPERIENCE_LEVELS.map((level, i) => [level, values[i]])) as Record<
            ExperienceLevel,
            number
          >)
        : null,
    };
  }
}
