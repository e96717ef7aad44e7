// Migration 1: every resource of the contract. Identifiers are UUID text; references are
// checked by the importer (DuckDB foreign keys would block the updates upserts need).
// Aggregate columns on `games` hold the materialized community signals; the baseline they
// are computed from lives in the `baseline_*` tables (SPEC-NOTES D19).

export const INITIAL_SCHEMA: readonly string[] = [
  `CREATE TABLE terms (
    id VARCHAR PRIMARY KEY,
    kind VARCHAR NOT NULL CHECK (kind IN ('mechanic', 'category', 'theme')),
    slug VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    description VARCHAR,
    parent_id VARCHAR,
    UNIQUE (kind, slug)
  )`,
  `CREATE TABLE term_aliases (
    kind VARCHAR NOT NULL,
    alias VARCHAR NOT NULL,
    term_id VARCHAR NOT NULL,
    PRIMARY KEY (kind, alias)
  )`,
  `CREATE TABLE people (
    id VARCHAR PRIMARY KEY,
    slug VARCHAR NOT NULL UNIQUE,
    name VARCHAR NOT NULL,
    description VARCHAR
  )`,
  `CREATE TABLE publishers (
    id VARCHAR PRIMARY KEY,
    slug VARCHAR NOT NULL UNIQUE,
    name VARCHAR NOT NULL,
    description VARCHAR,
    country VARCHAR,
    website VARCHAR
  )`,
  `CREATE TABLE families (
    id VARCHAR PRIMARY KEY,
    slug VARCHAR NOT NULL UNIQUE,
    name VARCHAR NOT NULL,
    description VARCHAR
  )`,
  `CREATE TABLE awards (
    id VARCHAR PRIMARY KEY,
    slug VARCHAR NOT NULL UNIQUE,
    name VARCHAR NOT NULL,
    description VARCHAR,
    organization VARCHAR,
    website VARCHAR
  )`,
  `CREATE TABLE games (
    id VARCHAR PRIMARY KEY,
    slug VARCHAR NOT NULL UNIQUE,
    name VARCHAR NOT NULL,
    type VARCHAR NOT NULL,
    year_published INTEGER,
    release_date DATE,
    parent_game_id VARCHAR,
    min_players INTEGER,
    max_players INTEGER,
    min_playtime INTEGER,
    max_playtime INTEGER,
    min_age INTEGER,
    mode VARCHAR,
    funding_source VARCHAR,
    description VARCHAR,
    status VARCHAR NOT NULL DEFAULT 'active',
    -- materialized aggregates (contract: refreshed periodically, not per request)
    rating DOUBLE,
    rating_votes INTEGER,
    rating_distribution INTEGER[],
    rating_stddev DOUBLE,
    rating_confidence DOUBLE,
    bayes_rating DOUBLE,
    weight DOUBLE,
    weight_votes INTEGER,
    rank_overall INTEGER,
    rank_by_category JSON,
    owner_count INTEGER,
    wishlist_count INTEGER,
    total_plays INTEGER,
    community_min_playtime INTEGER,
    community_max_playtime INTEGER,
    community_median_playtime INTEGER,
    community_suggested_age INTEGER,
    language_dependence VARCHAR,
    top_player_counts INTEGER[],
    recommended_player_counts INTEGER[],
    experience_sufficient_data BOOLEAN,
    experience_first_play DOUBLE,
    experience_learning DOUBLE,
    experience_experienced DOUBLE,
    experience_expert DOUBLE,
    trending_score DOUBLE,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
  )`,
  // game ↔ mechanic/category/theme; position keeps the catalog's order
  `CREATE TABLE game_terms (
    game_id VARCHAR NOT NULL,
    term_id VARCHAR NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (game_id, term_id)
  )`,
  `CREATE TABLE game_families (
    game_id VARCHAR NOT NULL,
    family_id VARCHAR NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (game_id, family_id)
  )`,
  // designers, artists and every GameCredit role, one row per (game, person, role)
  `CREATE TABLE game_credits (
    game_id VARCHAR NOT NULL,
    person_id VARCHAR NOT NULL,
    role VARCHAR NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (game_id, person_id, role)
  )`,
  `CREATE TABLE game_publishers (
    game_id VARCHAR NOT NULL,
    publisher_id VARCHAR NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (game_id, publisher_id)
  )`,
  `CREATE TABLE game_awards (
    game_id VARCHAR NOT NULL,
    award_id VARCHAR NOT NULL,
    year INTEGER NOT NULL,
    result VARCHAR NOT NULL,
    category VARCHAR,
    position INTEGER NOT NULL
  )`,
  `CREATE TABLE alternate_names (
    game_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    language VARCHAR,
    position INTEGER NOT NULL
  )`,
  // external identifiers; the contract's legacy_id is source 'legacy'
  `CREATE TABLE external_identifiers (
    game_id VARCHAR NOT NULL,
    source VARCHAR NOT NULL,
    external_id VARCHAR NOT NULL,
    is_numeric BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (source, external_id)
  )`,
  `CREATE TABLE relationships (
    source_game_id VARCHAR NOT NULL,
    target_game_id VARCHAR NOT NULL,
    relationship_type VARCHAR NOT NULL,
    ordinal INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (source_game_id, target_game_id, relationship_type)
  )`,
  `CREATE TABLE property_modifications (
    id VARCHAR PRIMARY KEY,
    expansion_id VARCHAR NOT NULL,
    base_game_id VARCHAR NOT NULL,
    property VARCHAR NOT NULL,
    operation VARCHAR NOT NULL,
    value_number DOUBLE,
    value_list INTEGER[],
    position INTEGER NOT NULL
  )`,
  `CREATE TABLE expansion_combinations (
    id VARCHAR PRIMARY KEY,
    base_game_id VARCHAR NOT NULL,
    expansion_ids VARCHAR[] NOT NULL,
    min_players INTEGER,
    max_players INTEGER,
    min_playtime INTEGER,
    max_playtime INTEGER,
    weight DOUBLE,
    min_age INTEGER,
    top_at INTEGER[],
    recommended_at INTEGER[],
    position INTEGER NOT NULL
  )`,
  // baseline community statistics imported from elsewhere (SPEC-NOTES D19)
  `CREATE TABLE baseline_stats (
    game_id VARCHAR PRIMARY KEY,
    rating DOUBLE NOT NULL,
    rating_votes INTEGER NOT NULL,
    rating_stddev DOUBLE,
    rating_distribution INTEGER[],
    weight DOUBLE NOT NULL,
    weight_votes INTEGER NOT NULL,
    owner_count INTEGER,
    wishlist_count INTEGER,
    total_plays INTEGER,
    community_min_playtime INTEGER,
    community_max_playtime INTEGER,
    community_suggested_age INTEGER,
    language_dependence VARCHAR
  )`,
  `CREATE TABLE baseline_player_count_ratings (
    game_id VARCHAR NOT NULL,
    player_count INTEGER NOT NULL,
    average_rating DOUBLE NOT NULL,
    rating_count INTEGER NOT NULL,
    rating_stddev DOUBLE,
    PRIMARY KEY (game_id, player_count)
  )`,
  `CREATE TABLE baseline_age_poll (
    game_id VARCHAR NOT NULL,
    suggested_age INTEGER NOT NULL,
    vote_count INTEGER NOT NULL,
    PRIMARY KEY (game_id, suggested_age)
  )`,
  `CREATE TABLE baseline_language_poll (
    game_id VARCHAR NOT NULL,
    level VARCHAR NOT NULL,
    vote_count INTEGER NOT NULL,
    PRIMARY KEY (game_id, level)
  )`,
  `CREATE TABLE baseline_experience_playtime (
    game_id VARCHAR NOT NULL,
    level VARCHAR NOT NULL,
    median_minutes INTEGER NOT NULL,
    min_minutes INTEGER,
    max_minutes INTEGER,
    total_reports INTEGER NOT NULL,
    PRIMARY KEY (game_id, level)
  )`,
  // raw community input: append-only
  `CREATE TABLE rating_votes (
    id VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 10),
    declared_scale VARCHAR,
    play_count INTEGER,
    experience_level VARCHAR,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE weight_votes (
    id VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    weight DECIMAL(2, 1) NOT NULL CHECK (weight BETWEEN 1.0 AND 5.0),
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE player_count_votes (
    id VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    player_count INTEGER NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE age_votes (
    id VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    age INTEGER NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE language_votes (
    id VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    level VARCHAR NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE play_logs (
    id VARCHAR PRIMARY KEY,
    game_id VARCHAR NOT NULL,
    minutes INTEGER NOT NULL,
    players INTEGER,
    experience_level VARCHAR,
    played_at DATE,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE game_snapshots (
    game_id VARCHAR NOT NULL,
    snapshot_date DATE NOT NULL,
    rating DOUBLE,
    rating_count INTEGER,
    bayes_rating DOUBLE,
    rating_confidence DOUBLE,
    weight DOUBLE,
    weight_votes INTEGER,
    rank_overall INTEGER,
    rank_by_category JSON,
    owner_count INTEGER,
    total_plays INTEGER,
    play_count_period INTEGER,
    PRIMARY KEY (game_id, snapshot_date)
  )`,
  `CREATE TABLE api_keys (
    id VARCHAR PRIMARY KEY,
    name VARCHAR,
    key_hash VARCHAR NOT NULL UNIQUE,
    is_admin BOOLEAN NOT NULL DEFAULT false,
    created_at TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
  )`,
  `CREATE TABLE materialization_runs (
    id VARCHAR PRIMARY KEY,
    trigger VARCHAR NOT NULL,
    status VARCHAR NOT NULL,
    started_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ,
    games_updated INTEGER,
    snapshots_written INTEGER,
    global_mean_rating DOUBLE,
    error VARCHAR
  )`,
  `CREATE TABLE store_settings (
    key VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
  )`,
];
