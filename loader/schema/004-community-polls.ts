// Migration 4: the materialized community polls. The baseline_* poll tables hold what a
// catalog import stated; the community_* tables hold what materialization made of it and
// of the raw votes and play logs (baseline ⊕ raw, docs/materialization.md step 1), and are
// what the API serves (include=polls, /polls, /experience-playtime). Same columns and keys
// as their baseline tables; filled from the baseline here, so a migrated store serves what
// it served before until its next run folds the raw rows in.

const POLLS = [
  ['player_count_ratings', 'game_id, player_count, average_rating, rating_count, rating_stddev'],
  ['age_poll', 'game_id, suggested_age, vote_count'],
  ['language_poll', 'game_id, level, vote_count'],
  ['experience_playtime', 'game_id, level, median_minutes, min_minutes, max_minutes, total_reports'],
] as const;

export const COMMUNITY_POLLS: readonly string[] = [
  `CREATE TABLE community_player_count_ratings (
    game_id VARCHAR NOT NULL,
    player_count INTEGER NOT NULL,
    average_rating DOUBLE NOT NULL,
    rating_count INTEGER NOT NULL,
    rating_stddev DOUBLE,
    PRIMARY KEY (game_id, player_count)
  )`,
  `CREATE TABLE community_age_poll (
    game_id VARCHAR NOT NULL,
    suggested_age INTEGER NOT NULL,
    vote_count INTEGER NOT NULL,
    PRIMARY KEY (game_id, suggested_age)
  )`,
  `CREATE TABLE community_language_poll (
    game_id VARCHAR NOT NULL,
    level VARCHAR NOT NULL,
    vote_count INTEGER NOT NULL,
    PRIMARY KEY (game_id, level)
  )`,
  `CREATE TABLE community_experience_playtime (
    game_id VARCHAR NOT NULL,
    level VARCHAR NOT NULL,
    median_minutes INTEGER NOT NULL,
    min_minutes INTEGER,
    max_minutes INTEGER,
    total_reports INTEGER NOT NULL,
    PRIMARY KEY (game_id, level)
  )`,
  ...POLLS.map(
    ([name, columns]) => `INSERT INTO community_${name} (${columns}) SELECT ${columns} FROM baseline_${name}`,
  ),
];
