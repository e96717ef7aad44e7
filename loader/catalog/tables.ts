// The store tables the catalog writes, as fixed column specs for bulk statements
// (bulk.ts). Written as "name:TYPE" lists; a bare name is VARCHAR.

import type { ColumnSpec, TableSpec } from './bulk.js';

function table(name: string, columns: string): TableSpec {
  const specs: ColumnSpec[] = columns
    .trim()
    .split(/\s+/)
    .map((c) => {
      const [column, type] = c.split(':');
      return { name: column, type: type ?? 'VARCHAR' };
    });
  return { table: name, columns: specs };
}

export const TERMS = table('terms', 'id kind slug name description parent_id');
export const TERM_ALIASES = table('term_aliases', 'kind alias term_id');
export const PEOPLE = table('people', 'id slug name description');
export const PUBLISHERS = table('publishers', 'id slug name description country website');
export const FAMILIES = table('families', 'id slug name description');
export const AWARDS = table('awards', 'id slug name description organization website');

/** The catalog's own Game columns (the aggregates belong to snapshots/pipeline.ts). */
export const GAME_CATALOG_COLUMNS = [
  'name',
  'type',
  'year_published',
  'release_date',
  'parent_game_id',
  'min_players',
  'max_players',
  'min_playtime',
  'max_playtime',
  'min_age',
  'mode',
  'funding_source',
  'description',
  'image_url',
  'thumbnail_url',
] as const;
export const GAMES = table(
  'games',
  `id slug name type year_published:INTEGER release_date:DATE parent_game_id min_players:INTEGER
   max_players:INTEGER min_playtime:INTEGER max_playtime:INTEGER min_age:INTEGER mode funding_source
   description created_at:TIMESTAMPTZ updated_at:TIMESTAMPTZ image_url thumbnail_url`,
);

export const GAME_TERMS = table('game_terms', 'game_id term_id position:INTEGER');
export const GAME_FAMILIES = table('game_families', 'game_id family_id position:INTEGER');
export const GAME_CREDITS = table('game_credits', 'game_id person_id role position:INTEGER');
export const GAME_PUBLISHERS = table('game_publishers', 'game_id publisher_id position:INTEGER');
export const GAME_AWARDS = table('game_awards', 'game_id award_id year:INTEGER result category position:INTEGER');
export const ALTERNATE_NAMES = table('alternate_names', 'game_id name language position:INTEGER');
export const EXTERNAL_IDENTIFIERS = table('external_identifiers', 'game_id source external_id is_numeric:BOOLEAN');
/** external_identifiers source of the contract's legacy_id. */
export const LEGACY_SOURCE = 'legacy';

export const BASELINE_STATS = table(
  'baseline_stats',
  `game_id rating:DOUBLE rating_votes:INTEGER rating_stddev:DOUBLE rating_distribution:INTEGER[]
   weight:DOUBLE weight_votes:INTEGER owner_count:INTEGER wishlist_count:INTEGER total_plays:INTEGER
   community_min_playtime:INTEGER community_max_playtime:INTEGER community_suggested_age:INTEGER
   language_dependence unranked:BOOLEAN source_bayes_rating:DOUBLE source_rank:INTEGER source_rank_by_category
   source_as_of:DATE`,
);
export const BASELINE_PLAYER_COUNT_RATINGS = table(
  'baseline_player_count_ratings',
  'game_id player_count:INTEGER average_rating:DOUBLE rating_count:INTEGER rating_stddev:DOUBLE',
);
export const BASELINE_AGE_POLL = table('baseline_age_poll', 'game_id suggested_age:INTEGER vote_count:INTEGER');
export const BASELINE_LANGUAGE_POLL = table('baseline_language_poll', 'game_id level vote_count:INTEGER');
export const BASELINE_EXPERIENCE_PLAYTIME = table(
  'baseline_experience_playtime',
  'game_id level median_minutes:INTEGER min_minutes:INTEGER max_minutes:INTEGER total_reports:INTEGER',
);

export const RELATIONSHIPS = table('relationships', 'source_game_id target_game_id relationship_type ordinal:INTEGER');
export const PROPERTY_MODIFICATIONS = table(
  'property_modifications',
  'id expansion_id base_game_id property operation value_number:DOUBLE value_list:INTEGER[] position:INTEGER',
);
export const EXPANSION_COMBINATIONS = table(
  'expansion_combinations',
  `id base_game_id expansion_ids:VARCHAR[] min_players:INTEGER max_players:INTEGER min_playtime:INTEGER
   max_playtime:INTEGER weight:DOUBLE min_age:INTEGER top_at:INTEGER[] recommended_at:INTEGER[] position:INTEGER`,
);

export const RATING_VOTES = table(
  'rating_votes',
  'id game_id rating:INTEGER declared_scale play_count:INTEGER experience_level created_at:TIMESTAMPTZ',
);
export const WEIGHT_VOTES = table('weight_votes', 'id game_id weight:DOUBLE created_at:TIMESTAMPTZ');
export const PLAYER_COUNT_VOTES = table(
  'player_count_votes',
  'id game_id player_count:INTEGER rating:INTEGER created_at:TIMESTAMPTZ',
);
export const AGE_VOTES = table('age_votes', 'id game_id age:INTEGER created_at:TIMESTAMPTZ');
export const LANGUAGE_VOTES = table('language_votes', 'id game_id level created_at:TIMESTAMPTZ');
export const PLAY_LOGS = table(
  'play_logs',
  'id game_id minutes:INTEGER players:INTEGER experience_level played_at:DATE created_at:TIMESTAMPTZ',
);
export const GAME_SNAPSHOTS = table(
  'game_snapshots',
  `game_id snapshot_date:DATE rating:DOUBLE rating_count:INTEGER bayes_rating:DOUBLE weight:DOUBLE
   weight_votes:INTEGER rank_overall:INTEGER rank_by_category owner_count:INTEGER total_plays:INTEGER`,
);
