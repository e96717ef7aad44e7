// Community figures taken from the OpenTabletop sample records (CC-BY-4.0, see NOTICE):
// data/samples/spirit-island and data/samples/terraforming-mars. The samples call them
// illustrative too. Mapped to catalog names: p10/p90 become min/max minutes, report_count
// becomes total_reports, and language "moderate" becomes moderate_text (SPEC-NOTES D10).

import type { StatsOverride } from './stats.js';

export const SAMPLE_STATS: Readonly<Record<string, StatsOverride>> = {
  'spirit-island': {
    rating: 8.34,
    rating_votes: 28456,
    rating_stddev: 1.12,
    rating_distribution: [42, 68, 124, 310, 620, 1240, 3100, 7800, 9200, 5952],
    weight: 3.86,
    weight_votes: 5127,
    owner_count: 42150,
    wishlist_count: 8420,
    total_plays: 187340,
    community_min_playtime: 75,
    community_max_playtime: 150,
    community_suggested_age: 14,
    language_dependence: 'moderate_text',
    player_count_ratings: [
      { player_count: 1, average_rating: 4.2, rating_count: 3840, rating_stddev: 0.9 },
      { player_count: 2, average_rating: 4.7, rating_count: 5210, rating_stddev: 0.5 },
      { player_count: 3, average_rating: 4.1, rating_count: 3620, rating_stddev: 0.8 },
      { player_count: 4, average_rating: 3.4, rating_count: 2890, rating_stddev: 1.1 },
    ],
    experience_playtime: [
      { level: 'first_play', median_minutes: 165, min_minutes: 120, max_minutes: 240, total_reports: 1420 },
      { level: 'learning', median_minutes: 130, min_minutes: 95, max_minutes: 180, total_reports: 3210 },
      { level: 'experienced', median_minutes: 105, min_minutes: 75, max_minutes: 150, total_reports: 8740 },
      { level: 'expert', median_minutes: 85, min_minutes: 60, max_minutes: 120, total_reports: 2150 },
    ],
  },
  'terraforming-mars': {
    rating: 8.22,
    rating_votes: 94520,
    rating_stddev: 1.38,
    rating_distribution: [210, 380, 720, 1850, 3780, 7560, 15120, 28400, 24500, 12000],
    weight: 3.24,
    weight_votes: 8940,
    owner_count: 98200,
    wishlist_count: 4120,
    total_plays: 412800,
    community_min_playtime: 90,
    community_max_playtime: 210,
    community_suggested_age: 14,
    language_dependence: 'moderate_text',
    player_count_ratings: [
      { player_count: 1, average_rating: 2.1, rating_count: 4210, rating_stddev: 1.4 },
      { player_count: 2, average_rating: 4.2, rating_count: 12450, rating_stddev: 0.7 },
      { player_count: 3, average_rating: 4.7, rating_count: 14820, rating_stddev: 0.5 },
      { player_count: 4, average_rating: 3.6, rating_count: 9870, rating_stddev: 1.0 },
      { player_count: 5, average_rating: 2.3, rating_count: 3420, rating_stddev: 1.3 },
    ],
  },
};
