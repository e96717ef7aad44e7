// BGG <statistics><ratings> and the polls → the catalog's `stats` block.

import type { CatalogStats } from '../../catalog/records.js';
import type { BggItem } from './parse.js';
import { agePoll, languagePoll, playerCountRatings } from './polls.js';

/**
 * BGG statistics and polls → `stats`. A 0 average or weight with no votes means "no data":
 * that pair is left out (each of rating and weight comes only with its vote count).
 */
export function convertStats(item: BggItem): CatalogStats | undefined {
  const s = item.stats;
  if (!s) return undefined;
  const stats: CatalogStats = {};
  if ((s.usersRated ?? 0) > 0 && s.average !== undefined && s.average >= 1 && s.average <= 10) {
    stats.rating = s.average;
    stats.rating_votes = s.usersRated;
  }
  if ((s.numWeights ?? 0) > 0 && s.averageWeight !== undefined && s.averageWeight >= 1 && s.averageWeight <= 5) {
    stats.weight = s.averageWeight;
    stats.weight_votes = s.numWeights;
  }
  if (s.stddev !== undefined && s.stddev >= 0 && s.stddev <= 4.5) stats.rating_stddev = s.stddev;
  if (s.owned !== undefined && s.owned >= 0) stats.owner_count = s.owned;
  if (s.wishing !== undefined && s.wishing >= 0) stats.wishlist_count = s.wishing;
  // BGG's "Not Ranked" (re-releases, big boxes, expansions) is kept, so the store ranks what BGG ranks.
  if (s.ranked === false && stats.rating !== undefined) stats.unranked = true;
  const ratings = playerCountRatings(item.polls);
  if (ratings.length) stats.player_count_ratings = ratings.slice(0, 100);
  const ages = agePoll(item.polls);
  if (ages.length) stats.age_poll = ages;
  const languages = languagePoll(item.polls);
  if (languages.length) stats.language_poll = languages;
  return Object.keys(stats).length > 0 ? stats : undefined;
}
