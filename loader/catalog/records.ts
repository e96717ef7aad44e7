// The catalog format (docs/catalog-format.md): one JSON record per line, each with a `kind`.
// These schemas are the single definition of what a valid record is; the importer, the
// exporter's tests and the demo catalog's build all validate against them.

import { z } from 'zod';
import {
  AWARD_RESULTS,
  CREDIT_ROLES,
  EFFECTIVE_PROPERTIES,
  EXPERIENCE_LEVELS,
  FUNDING_SOURCES,
  GAME_MODES,
  GAME_TYPES,
  LANGUAGE_DEPENDENCE_LEVELS,
  LIST_EFFECTIVE_PROPERTIES,
  MODIFICATION_OPERATIONS,
  RELATIONSHIP_TYPES,
  SLUG_PATTERN,
  UUID_PATTERN,
} from '../../engine/index.js';

const slug = z.string().max(100).regex(SLUG_PATTERN, 'must be a lowercase slug such as "spirit-island"');
const id = z
  .string()
  .regex(UUID_PATTERN, 'must be a UUID')
  .transform((s) => s.toLowerCase());
const text = (max: number) => z.string().min(1).max(max);
const count = z.number().int().min(0);
const playerCount = z.number().int().min(1).max(1000);
const minutes = z.number().int().min(0).max(100_000);
const age = z.number().int().min(0).max(99);
const year = z.number().int().min(-5000).max(2100);
const isoDate = z.iso.date();
const isoTimestamp = z.iso.datetime({ offset: true });
const country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "DE"');
const url = z.url({ protocol: /^https?$/ });
const rating10 = z.number().min(1).max(10);
const weight5 = z.number().min(1).max(5);
const oneDecimal = (n: number) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9;

const termRecord = <K extends string>(kind: K) =>
  z.strictObject({
    kind: z.literal(kind),
    id: id.optional(),
    slug,
    name: text(200),
    description: text(5000).optional(),
    parent: slug.optional(),
    aliases: z.array(slug).max(50).optional(),
  });

export const mechanicRecord = termRecord('mechanic');
export const categoryRecord = termRecord('category');
export const themeRecord = termRecord('theme');

export const personRecord = z.strictObject({
  kind: z.literal('person'),
  id: id.optional(),
  slug,
  name: text(200),
  description: text(5000).optional(),
});

export const publisherRecord = z.strictObject({
  kind: z.literal('publisher'),
  id: id.optional(),
  slug,
  name: text(200),
  description: text(5000).optional(),
  country: country.optional(),
  website: url.optional(),
});

export const familyRecord = z.strictObject({
  kind: z.literal('family'),
  id: id.optional(),
  slug,
  name: text(200),
  description: text(5000).optional(),
});

export const awardRecord = z.strictObject({
  kind: z.literal('award'),
  id: id.optional(),
  slug,
  name: text(200),
  description: text(5000).optional(),
  organization: text(200).optional(),
  website: url.optional(),
});

const playerCountRatingRow = z.strictObject({
  player_count: playerCount,
  average_rating: z.number().min(1).max(5),
  rating_count: count,
  rating_stddev: z.number().min(0).max(4).optional(),
});

const experienceRow = z
  .strictObject({
    level: z.enum(EXPERIENCE_LEVELS),
    median_minutes: minutes,
    min_minutes: minutes.optional(),
    max_minutes: minutes.optional(),
    total_reports: count,
  })
  .refine((r) => r.min_minutes === undefined || r.min_minutes <= r.median_minutes, {
    message: 'min_minutes must not exceed median_minutes',
    path: ['min_minutes'],
  })
  .refine((r) => r.max_minutes === undefined || r.max_minutes >= r.median_minutes, {
    message: 'max_minutes must not be below median_minutes',
    path: ['max_minutes'],
  });

/** Community statistics imported from elsewhere: the baseline raw votes merge into (D19). */
export const statsSchema = z
  .strictObject({
    // A source may know ratings but not weight (BGG's CSV dumps) or the reverse: each pair
    // is optional. A rating never comes without its vote count; a weight may (BGG's 2021
    // dataset gives the average weight but not how many voted), a weight count never
    // without its weight.
    rating: rating10.optional(),
    rating_votes: count.optional(),
    rating_stddev: z.number().min(0).max(4.5).optional(),
    rating_distribution: z.array(count).length(10).optional(),
    weight: weight5.optional(),
    weight_votes: count.optional(),
    owner_count: count.optional(),
    wishlist_count: count.optional(),
    total_plays: count.optional(),
    community_min_playtime: minutes.optional(),
    community_max_playtime: minutes.optional(),
    community_suggested_age: age.optional(),
    language_dependence: z.enum(LANGUAGE_DEPENDENCE_LEVELS).optional(),
    player_count_ratings: z.array(playerCountRatingRow).max(100).optional(),
    age_poll: z
      .array(z.strictObject({ suggested_age: age, vote_count: count }))
      .max(100)
      .optional(),
    language_poll: z
      .array(z.strictObject({ level: z.enum(LANGUAGE_DEPENDENCE_LEVELS), vote_count: count }))
      .max(5)
      .optional(),
    experience_playtime: z.array(experienceRow).max(4).optional(),
    // The source leaves the game out of its ranking (BGG's "Not Ranked"): no rank_overall or
    // rank_by_category, whatever its votes. Absent or false: ranked by D21's rule.
    unranked: z.boolean().optional(),
    // The source's own geek rating and ranks (BGG's dump: bayesaverage, rank, per-domain
    // ranks). Served as they are while the game has no local votes (docs/materialization.md).
    bayes_rating: rating10.optional(),
    rank_overall: z.number().int().min(1).optional(),
    rank_by_category: z.record(slug, z.number().int().min(1)).optional(),
    // The date these statistics describe (their source's as-of date): an import never
    // replaces them with a source dated earlier (docs/import-bgg-folder.md).
    as_of: isoDate.optional(),
  })
  .refine((s) => s.bayes_rating === undefined || s.rating !== undefined, {
    message: 'must come with rating and rating_votes (the geek rating blends them)',
    path: ['bayes_rating'],
  })
  .refine((s) => (s.rating === undefined) === (s.rating_votes === undefined), {
    message: 'must come with rating_votes (give both or neither)',
    path: ['rating'],
  })
  .refine((s) => s.weight_votes === undefined || s.weight !== undefined, {
    message: 'must come with weight (a vote count without its value)',
    path: ['weight_votes'],
  })
  .refine((s) => s.rating_distribution === undefined || sum(s.rating_distribution) === s.rating_votes, {
    message: 'rating_distribution must sum to rating_votes',
    path: ['rating_distribution'],
  })
  .refine(
    (s) =>
      s.community_min_playtime === undefined ||
      s.community_max_playtime === undefined ||
      s.community_min_playtime <= s.community_max_playtime,
    { message: 'community_min_playtime must not exceed community_max_playtime', path: ['community_min_playtime'] },
  )
  .refine((s) => unique((s.player_count_ratings ?? []).map((r) => r.player_count)), {
    message: 'player_count_ratings has a player_count twice',
    path: ['player_count_ratings'],
  })
  .refine((s) => unique((s.age_poll ?? []).map((r) => r.suggested_age)), {
    message: 'age_poll has a suggested_age twice',
    path: ['age_poll'],
  })
  .refine((s) => unique((s.language_poll ?? []).map((r) => r.level)), {
    message: 'language_poll has a level twice',
    path: ['language_poll'],
  })
  .refine((s) => unique((s.experience_playtime ?? []).map((r) => r.level)), {
    message: 'experience_playtime has a level twice',
    path: ['experience_playtime'],
  });
export type CatalogStats = z.infer<typeof statsSchema>;

export const gameRecord = z
  .strictObject({
    kind: z.literal('game'),
    id: id.optional(),
    slug,
    name: text(300),
    type: z.enum(GAME_TYPES),
    year_published: year.optional(),
    release_date: isoDate.optional(),
    parent: slug.optional(),
    min_players: playerCount.optional(),
    max_players: playerCount.optional(),
    min_playtime: minutes.optional(),
    max_playtime: minutes.optional(),
    min_age: age.optional(),
    mode: z.enum(GAME_MODES).optional(),
    funding_source: z.enum(FUNDING_SOURCES).optional(),
    legacy_id: z.union([z.number().int().min(0), text(100)]).optional(),
    description: text(20_000).optional(),
    image_url: url.max(2000).optional(),
    thumbnail_url: url.max(2000).optional(),
    mechanics: z.array(slug).max(100).optional(),
    categories: z.array(slug).max(100).optional(),
    themes: z.array(slug).max(100).optional(),
    families: z.array(slug).max(100).optional(),
    designers: z.array(slug).max(100).optional(),
    artists: z.array(slug).max(100).optional(),
    publishers: z.array(slug).max(200).optional(),
    credits: z
      .array(z.strictObject({ person: slug, role: z.enum(CREDIT_ROLES) }))
      .max(200)
      .optional(),
    alternate_names: z
      .array(z.strictObject({ name: text(300), language: z.string().min(2).max(35).optional() }))
      .max(200)
      .optional(),
    awards: z
      .array(
        z.strictObject({
          award: slug,
          year: year,
          result: z.enum(AWARD_RESULTS),
          category: text(200).optional(),
        }),
      )
      .max(200)
      .optional(),
    stats: statsSchema.optional(),
  })
  .refine((g) => g.min_players === undefined || g.max_players === undefined || g.min_players <= g.max_players, {
    message: 'min_players must not exceed max_players',
    path: ['min_players'],
  })
  .refine((g) => g.min_playtime === undefined || g.max_playtime === undefined || g.min_playtime <= g.max_playtime, {
    message: 'min_playtime must not exceed max_playtime',
    path: ['min_playtime'],
  })
  .refine((g) => g.parent === undefined || g.parent !== g.slug, {
    message: 'a game cannot be its own parent',
    path: ['parent'],
  })
  .refine((g) => g.parent === undefined || g.type !== 'base_game', {
    message: 'a base_game has no parent',
    path: ['parent'],
  });
export type CatalogGame = z.infer<typeof gameRecord>;

export const relationshipRecord = z
  .strictObject({
    kind: z.literal('relationship'),
    source: slug,
    target: slug,
    relationship_type: z.enum(RELATIONSHIP_TYPES),
    ordinal: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((r) => r.source !== r.target, { message: 'a game cannot relate to itself', path: ['target'] });

const listProperty = (p: string) => (LIST_EFFECTIVE_PROPERTIES as readonly string[]).includes(p);

export const propertyModificationRecord = z
  .strictObject({
    kind: z.literal('property_modification'),
    id: id.optional(),
    expansion: slug,
    property: z.enum(EFFECTIVE_PROPERTIES),
    operation: z.enum(MODIFICATION_OPERATIONS),
    value: z.union([z.number().min(-100_000).max(100_000), z.array(playerCount).max(100)]),
  })
  .refine((m) => listProperty(m.property) === Array.isArray(m.value), {
    message: 'value must be an integer list for top_at/recommended_at and a number otherwise',
    path: ['value'],
  })
  .refine((m) => !listProperty(m.property) || m.operation !== 'multiply', {
    message: 'multiply does not apply to list properties',
    path: ['operation'],
  })
  .refine((m) => m.operation !== 'multiply' || (typeof m.value === 'number' && m.value > 0), {
    message: 'a multiply factor must be positive',
    path: ['value'],
  });

export const expansionCombinationRecord = z
  .strictObject({
    kind: z.literal('expansion_combination'),
    id: id.optional(),
    base: slug,
    expansions: z.array(slug).min(1).max(50),
    min_players: playerCount.optional(),
    max_players: playerCount.optional(),
    min_playtime: minutes.optional(),
    max_playtime: minutes.optional(),
    weight: weight5.optional(),
    min_age: age.optional(),
    top_at: z.array(playerCount).max(100).optional(),
    recommended_at: z.array(playerCount).max(100).optional(),
  })
  .refine((c) => unique(c.expansions), { message: 'expansions must not repeat a slug', path: ['expansions'] });

export const ratingVoteRecord = z.strictObject({
  kind: z.literal('rating_vote'),
  id: id.optional(),
  game: slug,
  rating: z.number().int().min(1).max(10),
  declared_scale: z.string().min(1).max(10).optional(),
  play_count: count.optional(),
  experience_level: z.enum(EXPERIENCE_LEVELS).optional(),
  created_at: isoTimestamp.optional(),
});

export const weightVoteRecord = z.strictObject({
  kind: z.literal('weight_vote'),
  id: id.optional(),
  game: slug,
  weight: weight5.refine(oneDecimal, 'must have at most one decimal'),
  created_at: isoTimestamp.optional(),
});

export const playerCountVoteRecord = z.strictObject({
  kind: z.literal('player_count_vote'),
  id: id.optional(),
  game: slug,
  player_count: playerCount,
  rating: z.number().int().min(1).max(5),
  created_at: isoTimestamp.optional(),
});

export const ageVoteRecord = z.strictObject({
  kind: z.literal('age_vote'),
  id: id.optional(),
  game: slug,
  age,
  created_at: isoTimestamp.optional(),
});

export const languageVoteRecord = z.strictObject({
  kind: z.literal('language_vote'),
  id: id.optional(),
  game: slug,
  level: z.enum(LANGUAGE_DEPENDENCE_LEVELS),
  created_at: isoTimestamp.optional(),
});

export const playLogRecord = z.strictObject({
  kind: z.literal('play_log'),
  id: id.optional(),
  game: slug,
  minutes: z.number().int().min(1).max(100_000),
  players: playerCount.optional(),
  experience_level: z.enum(EXPERIENCE_LEVELS).optional(),
  played_at: isoDate.optional(),
});

export const snapshotRecord = z.strictObject({
  kind: z.literal('snapshot'),
  game: slug,
  date: isoDate,
  rating: rating10.optional(),
  rating_count: count.optional(),
  bayes_rating: rating10.optional(),
  weight: weight5.optional(),
  weight_votes: count.optional(),
  rank_overall: z.number().int().min(1).optional(),
  rank_by_category: z.record(slug, z.number().int().min(1)).optional(),
  owner_count: count.optional(),
  total_plays: count.optional(),
});

export const catalogRecord = z.discriminatedUnion('kind', [
  mechanicRecord,
  categoryRecord,
  themeRecord,
  personRecord,
  publisherRecord,
  familyRecord,
  awardRecord,
  gameRecord,
  relationshipRecord,
  propertyModificationRecord,
  expansionCombinationRecord,
  ratingVoteRecord,
  weightVoteRecord,
  playerCountVoteRecord,
  ageVoteRecord,
  languageVoteRecord,
  playLogRecord,
  snapshotRecord,
]);
export type CatalogRecord = z.infer<typeof catalogRecord>;
export type CatalogKind = CatalogRecord['kind'];

/** The order kinds appear in an export: every record only refers to earlier ones. */
export const CATALOG_KIND_ORDER: readonly CatalogKind[] = [
  'mechanic',
  'category',
  'theme',
  'person',
  'publisher',
  'family',
  'award',
  'game',
  'relationship',
  'property_modification',
  'expansion_combination',
  'rating_vote',
  'weight_vote',
  'player_count_vote',
  'age_vote',
  'language_vote',
  'play_log',
  'snapshot',
];

function sum(xs: number[]): number {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

function unique(xs: readonly unknown[]): boolean {
  return new Set(xs).size === xs.length;
}
