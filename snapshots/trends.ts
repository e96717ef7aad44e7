// Cross-sectional aggregates over a population of games (SPEC-NOTES §10.2, D51–D53). The
// engine decides which games count (filters, effective mode); DuckDB groups and summarizes
// them. The population arrives as one bound VARCHAR parameter of comma-joined ids: at
// 150,000 ids that binds in about half the time of a bound VARCHAR[] list and needs no
// per-request temp table (docs/analytics.md, "Measured").

import type { Queryable } from '../loader/store.js';

export type TrendGrouping = 'year' | 'decade';

/** Ids of the games a trend aggregates (UUIDs: never contain the separator). */
export interface TrendPopulation {
  ids: readonly string[];
  groupBy: TrendGrouping;
}

export interface PublicationRow {
  period: number;
  game_count: number;
  avg_weight: number | null;
  avg_rating: number | null;
}

export interface FundingCountRow {
  period: number;
  funding_source: string | null;
  game_count: number;
}

export interface MechanicCountRow {
  period: number;
  mechanic: string;
  game_count: number;
}

export interface PeriodCountRow {
  period: number;
  game_count: number;
}

export interface WeightRow {
  period: number | null;
  game_count: number;
  avg_weight: number;
  median_weight: number;
  weight_p25: number;
  weight_p75: number;
}

export interface PlayerCountRow {
  period: number;
  game_count: number;
  avg_min_players: number | null;
  avg_max_players: number | null;
  solo_support_pct: number | null;
}

/**
 * The population as a relation `pop` with its `period` (year, or decade start, floored so
 * that -5 falls in the decade -10). Games without year_published never count (D51).
 * $1 = comma-joined ids, $2 = 'year' | 'decade'.
 */
const POPULATION = `pop AS (
  SELECT g.*,
    CASE WHEN $2 = 'decade' THEN CAST(floor(g.year_published / 10.0) * 10 AS INTEGER) ELSE g.year_published END AS period
  FROM games g
  WHERE g.id IN (SELECT unnest(string_split($1, ','))) AND g.year_published IS NOT NULL
)`;

function populationParams(population: TrendPopulation): [string, string] {
  return [population.ids.join(','), population.groupBy];
}

/** Counts come back as BIGINT; every count here fits a double exactly. */
function toNumber(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : (value as number);
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

export async function publicationCounts(db: Queryable, population: TrendPopulation): Promise<PublicationRow[]> {
  if (population.ids.length === 0) return [];
  const rows = await db.all(
    `WITH ${POPULATION}
     SELECT period, count(*) AS game_count, avg(weight) AS avg_weight, avg(rating) AS avg_rating
     FROM pop GROUP BY period ORDER BY period`,
    populationParams(population),
  );
  return rows.map((r) => ({
    period: toNumber(r.period),
    game_count: toNumber(r.game_count),
    avg_weight: nullableNumber(r.avg_weight),
    avg_rating: nullableNumber(r.avg_rating),
  }));
}

/** Games per (period, funding_source): the denominators of the funding shares (D53). */
export async function fundingCounts(db: Queryable, population: TrendPopulation): Promise<FundingCountRow[]> {
  if (population.ids.length === 0) return [];
  const rows = await db.all(
    `WITH ${POPULATION}
     SELECT period, funding_source, count(*) AS game_count
     FROM pop GROUP BY period, funding_source ORDER BY period, funding_source`,
    populationParams(population),
  );
  return rows.map((r) => ({
    period: toNumber(r.period),
    funding_source: (r.funding_source as string | null) ?? null,
    game_count: toNumber(r.game_count),
  }));
}

/**
 * Games per (mechanic, period) among the population, counting a game's own mechanic tags,
 * and the population's games per period (rows with mechanic null): one query, so the id
 * list is bound once. `mechanics` (canonical slugs) restricts the mechanics; null: all.
 */
export async function mechanicCounts(
  db: Queryable,
  population: TrendPopulation,
  mechanics: readonly string[] | null,
): Promise<{ periods: PeriodCountRow[]; counts: MechanicCountRow[] }> {
  if (population.ids.length === 0) return { periods: [], counts: [] };
  const rows = await db.all(
    `WITH ${POPULATION}
     SELECT NULL AS mechanic, period, count(*) AS game_count FROM pop GROUP BY period
     UNION ALL
     -- (game_id, term_id) is game_terms' key: count(*) counts games.
     SELECT t.slug AS mechanic, pop.period, count(*) AS game_count
     FROM pop
     JOIN game_terms gt ON gt.game_id = pop.id
     JOIN terms t ON t.id = gt.term_id AND t.kind = 'mechanic'
     WHERE $3::VARCHAR[] IS NULL OR list_contains($3::VARCHAR[], t.slug)
     GROUP BY t.slug, pop.period
     ORDER BY mechanic NULLS FIRST, period`,
    [...populationParams(population), mechanics === null ? null : [...mechanics]],
  );
  const periods: PeriodCountRow[] = [];
  const counts: MechanicCountRow[] = [];
  for (const r of rows) {
    const period = toNumber(r.period);
    const game_count = toNumber(r.game_count);
    if (r.mechanic === null) periods.push({ period, game_count });
    else counts.push({ mechanic: r.mechanic as string, period, game_count });
  }
  return { periods, counts };
}

/**
 * Weight summaries of the population's games that have a weight: per period, or one row
 * (period null) when `grouped` is false. `maxRank` keeps games ranked at most that (scope top).
 * Percentiles are quantile_cont, i.e. linear interpolation between order statistics.
 */
export async function weightSummaries(
  db: Queryable,
  population: TrendPopulation,
  options: { grouped: boolean; maxRank: number | null },
): Promise<WeightRow[]> {
  if (population.ids.length === 0) return [];
  const period = options.grouped ? 'period' : 'CAST(NULL AS INTEGER)';
  const rows = await db.all(
    `WITH ${POPULATION}
     SELECT ${period} AS period, count(*) AS game_count, avg(weight) AS avg_weight,
       quantile_cont(weight, 0.5) AS median_weight,
       quantile_cont(weight, 0.25) AS weight_p25,
       quantile_cont(weight, 0.75) AS weight_p75
     FROM pop
     WHERE weight IS NOT NULL AND ($3::INTEGER IS NULL OR rank_overall <= $3::INTEGER)
     GROUP BY ALL ORDER BY ALL`,
    [...populationParams(population), options.maxRank],
  );
  return rows.map((r) => ({
    period: nullableNumber(r.period),
    game_count: toNumber(r.game_count),
    avg_weight: toNumber(r.avg_weight),
    median_weight: toNumber(r.median_weight),
    weight_p25: toNumber(r.weight_p25),
    weight_p75: toNumber(r.weight_p75),
  }));
}

/** Average player counts and the share of games playable solo (min_players = 1), per period. */
export async function playerCountSummaries(db: Queryable, population: TrendPopulation): Promise<PlayerCountRow[]> {
  if (population.ids.length === 0) return [];
  const rows = await db.all(
    `WITH ${POPULATION}
     SELECT period, count(*) AS game_count,
       avg(min_players) AS avg_min_players, avg(max_players) AS avg_max_players,
       CAST(count(*) FILTER (WHERE min_players = 1) AS DOUBLE) * 100 / NULLIF(count(min_players), 0) AS solo_support_pct
     FROM pop GROUP BY period ORDER BY period`,
    populationParams(population),
  );
  return rows.map((r) => ({
    period: toNumber(r.period),
    game_count: toNumber(r.game_count),
    avg_min_players: nullableNumber(r.avg_min_players),
    avg_max_players: nullableNumber(r.avg_max_players),
    solo_support_pct: nullableNumber(r.solo_support_pct),
  }));
}
