// Responses of the trend and history endpoints (SPEC-NOTES §10, D51–D55). Lists here are
// unpaginated (D51): `data` holds every point.

import { z } from 'zod';
import { linkSchema } from './links.js';

const count = z.number().int().min(0);
const pct = z.number().min(0).max(100);
const mean = z.number().nullable();
const date = z.iso.date();
const selfLinks = z.strictObject({ self: linkSchema });
const filtersApplied = z
  .record(z.string(), z.unknown())
  .describe('The normalized filter the population was drawn with, the default type list (D51) included');

export const trendMetaSchema = z
  .strictObject({
    group_by: z.enum(['year', 'decade']).nullable().describe('null with scope=all (one point)'),
    scope: z.enum(['published', 'top', 'all']).optional(),
    top: z.number().int().min(1).optional().describe('Rank bound of scope=top'),
    filters_applied: filtersApplied,
  })
  .meta({ id: 'TrendMeta' });

function trendEnvelope<T extends z.ZodType>(item: T) {
  return z.strictObject({ data: z.array(item), meta: trendMetaSchema, _links: selfLinks });
}

export const publicationPointSchema = z
  .strictObject({
    period: z.number().int().describe('Year, or first year of the decade'),
    game_count: count,
    avg_weight: mean.describe('Mean weight of the games with a weight; null when none has one'),
    avg_rating: mean.describe('Mean rating of the games with a rating; null when none has one'),
    pct_of_period: pct
      .optional()
      .describe(
        'With a funding_source filter: matching games as a share of all games of the period under the other filters (D53)',
      ),
  })
  .catchall(pct.describe('With a funding_source filter: `<source>_pct`, the share of each named source (D53)'))
  .meta({ id: 'PublicationTrendPoint' });

export const mechanicPointSchema = z
  .strictObject({
    period: z.number().int(),
    mechanic: z.string().describe('Mechanic slug'),
    game_count: count,
    pct_of_period: pct.describe("game_count as a share of the period's games (0–100)"),
  })
  .meta({ id: 'MechanicTrendPoint' });

export const weightPointSchema = z
  .strictObject({
    period: z.number().int().nullable().describe('null with scope=all'),
    game_count: count.describe('Games with a weight in the point'),
    avg_weight: z.number(),
    median_weight: z.number(),
    weight_p25: z.number().describe('25th percentile, linear interpolation (R-7)'),
    weight_p75: z.number().describe('75th percentile, linear interpolation (R-7)'),
  })
  .meta({ id: 'WeightTrendPoint' });

export const playerCountPointSchema = z
  .strictObject({
    period: z.number().int(),
    game_count: count,
    avg_min_players: mean,
    avg_max_players: mean,
    solo_support_pct: pct.nullable().describe('Share of the games with a known min_players that have min_players = 1'),
  })
  .meta({ id: 'PlayerCountTrendPoint' });

export const publicationsTrendSchema = trendEnvelope(publicationPointSchema).meta({ id: 'PublicationsTrend' });
export const mechanicsTrendSchema = trendEnvelope(mechanicPointSchema).meta({ id: 'MechanicsTrend' });
export const weightTrendSchema = trendEnvelope(weightPointSchema).meta({ id: 'WeightTrend' });
export const playerCountTrendSchema = trendEnvelope(playerCountPointSchema).meta({ id: 'PlayerCountTrend' });

export const HISTORY_METRICS = ['all', 'rating', 'weight', 'rank', 'plays', 'owners', 'confidence'] as const;
export type HistoryMetric = (typeof HISTORY_METRICS)[number];
export const HISTORY_GRANULARITIES = ['monthly', 'quarterly', 'yearly'] as const;
export type HistoryGranularity = (typeof HISTORY_GRANULARITIES)[number];

const nullableInt = z.number().int().nullable();

/** One snapshot; which members appear depends on `metric` (all of them with metric=all). */
export const historyPointSchema = z
  .strictObject({
    date: date.describe('The snapshot date (the earliest snapshot of its bucket)'),
    rating: z.number().nullable().optional(),
    average_rating: z.number().nullable().optional().describe('Same value as rating (upstream name)'),
    rating_count: nullableInt.optional(),
    bayes_rating: z.number().nullable().optional(),
    weight: z.number().nullable().optional(),
    weight_votes: nullableInt.optional(),
    rank_overall: nullableInt.optional(),
    rank_by_category: z.record(z.string(), z.number().int()).nullable().optional(),
    total_plays: nullableInt.optional(),
    play_count_period: z.number().int().nullable().optional(),
    owner_count: nullableInt.optional(),
    rating_confidence: z.number().min(0).max(1).nullable().optional(),
  })
  .meta({ id: 'GameHistoryPoint' });

export const gameHistorySchema = z
  .strictObject({
    game: z.strictObject({ id: z.string(), slug: z.string(), name: z.string() }),
    metric: z.enum(HISTORY_METRICS),
    granularity: z.enum(HISTORY_GRANULARITIES),
    from: date.nullable(),
    to: date.nullable(),
    data: z.array(historyPointSchema),
    _links: z.strictObject({ self: linkSchema, game: linkSchema }),
  })
  .meta({ id: 'GameHistory' });

const gameKeys = {
  game_id: z.string(),
  game_slug: z.string(),
  game_name: z.string(),
};

export const rankingEntrySchema = z
  .strictObject({
    rank: z.number().int().min(1),
    ...gameKeys,
    bayes_rating: z.number().nullable(),
    rating: z.number().nullable(),
    rating_count: nullableInt,
  })
  .meta({ id: 'RankingEntry' });

export const rankingHistorySchema = z
  .strictObject({
    scope: z.string().describe('overall or a category slug'),
    top: z.number().int().min(1),
    date: date
      .nullable()
      .describe('The snapshot date the ranking is read from (latest on or before the requested date); null when none'),
    data: z.array(rankingEntrySchema),
    _links: selfLinks,
  })
  .meta({ id: 'RankingHistory' });

export const enteredSchema = z
  .strictObject({
    ...gameKeys,
    entered_rank: z.number().int().min(1),
    entered_date: date,
    current_rank: z.number().int().min(1),
  })
  .meta({ id: 'RankingEntered' });

export const exitedSchema = z
  .strictObject({
    ...gameKeys,
    exited_rank: z.number().int().min(1),
    exited_date: date,
    peak_rank: z.number().int().min(1),
  })
  .meta({ id: 'RankingExited' });

export const stableSchema = z
  .strictObject({ ...gameKeys, rank_from: z.number().int().min(1), rank_to: z.number().int().min(1) })
  .catchall(z.number().int().min(1).describe('rank_<year>: the rank in the from year and in the to year (D55)'))
  .meta({ id: 'RankingStable' });

export const rankingTransitionsSchema = z
  .strictObject({
    scope: z.string(),
    top: z.number().int().min(1),
    from: date.nullable().describe('Snapshot date the window starts at; null when the window holds no ranking'),
    to: date.nullable().describe('Snapshot date the window ends at'),
    entered: z.array(enteredSchema),
    exited: z.array(exitedSchema),
    stable: z.array(stableSchema),
    _links: selfLinks,
  })
  .meta({ id: 'RankingTransitions' });
