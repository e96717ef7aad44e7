// Stored games in catalog form: scalar fields, link lists in `position` order, legacy_id,
// and the baseline statistics (not the derived aggregates). Used by export and by import's
// "unchanged?" comparison.
//
// DuckDB builds one JSON document per game and hands the whole batch over as a single
// string: converting values one by one into JS costs microseconds each, which dominated
// export and re-import of big catalogs. JSON keeps doubles exact (shortest round-trip form).

import { EXPERIENCE_LEVELS, LANGUAGE_DEPENDENCE_LEVELS } from '../../engine/index.js';
import type { Queryable } from '../store.js';
import { canonicalLine } from './canonical.js';
import { LEGACY_SOURCE } from './tables.js';

interface StoredGame {
  id: string;
  game: Record<string, unknown>;
  legacy: { external_id: string; is_numeric: boolean } | null;
  terms: { kind: string; slug: string }[] | null;
  families: string[] | null;
  credits: { slug: string; role: string }[] | null;
  publishers: string[] | null;
  awards: Record<string, unknown>[] | null;
  names: Record<string, unknown>[] | null;
  stats: Record<string, unknown> | null;
  pcr: Record<string, unknown>[] | null;
  age: Record<string, unknown>[] | null;
  language: { level: string }[] | null;
  experience: { level: string }[] | null;
}

const IN_IDS = 'IN (SELECT id FROM ids)';

/** Per game: a list of `value` in `order`, from `from` (which must expose x.game_id). */
const grouped = (name: string, value: string, from: string, order: string) =>
  `${name} AS (SELECT x.game_id, list(${value} ORDER BY ${order}) AS v FROM ${from} WHERE x.game_id ${IN_IDS} GROUP BY x.game_id)`;

const GAMES_JSON = `
WITH ids AS (SELECT unnest($1::VARCHAR[]) AS id),
${grouped('terms', '{kind: t.kind, slug: t.slug}', 'game_terms x JOIN terms t ON t.id = x.term_id', 'x.position, t.slug')},
${grouped('families', 'f.slug', 'game_families x JOIN families f ON f.id = x.family_id', 'x.position, f.slug')},
${grouped('credits', '{slug: p.slug, role: x.role}', 'game_credits x JOIN people p ON p.id = x.person_id', 'x.position, p.slug, x.role')},
${grouped('publishers', 'p.slug', 'game_publishers x JOIN publishers p ON p.id = x.publisher_id', 'x.position, p.slug')},
${grouped(
  'awards',
  '{award: a.slug, year: x.year, result: x.result, category: x.category}',
  'game_awards x JOIN awards a ON a.id = x.award_id',
  'x.position, a.slug, x.year',
)},
${grouped('names', '{name: x.name, language: x.language}', 'alternate_names x', 'x.position, x.name')},
${grouped(
  'pcr',
  '{player_count: x.player_count, average_rating: x.average_rating, rating_count: x.rating_count, rating_stddev: x.rating_stddev}',
  'baseline_player_count_ratings x',
  'x.player_count',
)},
${grouped('age', '{suggested_age: x.suggested_age, vote_count: x.vote_count}', 'baseline_age_poll x', 'x.suggested_age')},
${grouped('language', '{level: x.level, vote_count: x.vote_count}', 'baseline_language_poll x', 'x.level')},
${grouped(
  'experience',
  '{level: x.level, median_minutes: x.median_minutes, min_minutes: x.min_minutes, max_minutes: x.max_minutes, total_reports: x.total_reports}',
  'baseline_experience_playtime x',
  'x.level',
)},
legacy AS (
  SELECT game_id, min(external_id) AS external_id, arg_min(is_numeric, external_id) AS is_numeric
  FROM external_identifiers WHERE source = '${LEGACY_SOURCE}' AND game_id ${IN_IDS} GROUP BY game_id
)
SELECT string_agg(to_json({
  id: g.id,
  game: {id: g.id, slug: g.slug, name: g.name, type: g.type, year_published: g.year_published,
         release_date: strftime(g.release_date, '%Y-%m-%d'), parent: p.slug, min_players: g.min_players,
         max_players: g.max_players, min_playtime: g.min_playtime, max_playtime: g.max_playtime,
         min_age: g.min_age, mode: g.mode, funding_source: g.funding_source, description: g.description,
         image_url: g.image_url, thumbnail_url: g.thumbnail_url},
  legacy: CASE WHEN legacy.game_id IS NOT NULL THEN {external_id: legacy.external_id, is_numeric: legacy.is_numeric} END,
  terms: terms.v, families: families.v, credits: credits.v, publishers: publishers.v, awards: awards.v,
  names: names.v,
  stats: CASE WHEN s.game_id IS NOT NULL THEN {
    rating: s.rating, rating_votes: s.rating_votes, rating_stddev: s.rating_stddev,
    rating_distribution: s.rating_distribution, weight: s.weight, weight_votes: s.weight_votes,
    owner_count: s.owner_count, wishlist_count: s.wishlist_count, total_plays: s.total_plays,
    community_min_playtime: s.community_min_playtime, community_max_playtime: s.community_max_playtime,
    community_suggested_age: s.community_suggested_age, language_dependence: s.language_dependence,
    unranked: CASE WHEN s.unranked THEN true END, bayes_rating: s.source_bayes_rating, rank_overall: s.source_rank,
    rank_by_category: CAST(s.source_rank_by_category AS JSON), as_of: strftime(s.source_as_of, '%Y-%m-%d')} END,
  pcr: pcr.v, age: age.v, language: language.v, experience: experience.v
})::VARCHAR, chr(10)) AS lines
FROM games g
LEFT JOIN games p ON p.id = g.parent_game_id
LEFT JOIN legacy ON legacy.game_id = g.id
LEFT JOIN terms ON terms.game_id = g.id
LEFT JOIN families ON families.game_id = g.id
LEFT JOIN credits ON credits.game_id = g.id
LEFT JOIN publishers ON publishers.game_id = g.id
LEFT JOIN awards ON awards.game_id = g.id
LEFT JOIN names ON names.game_id = g.id
LEFT JOIN baseline_stats s ON s.game_id = g.id
LEFT JOIN pcr ON pcr.game_id = g.id
LEFT JOIN age ON age.game_id = g.id
LEFT JOIN language ON language.game_id = g.id
LEFT JOIN experience ON experience.game_id = g.id
WHERE g.id ${IN_IDS}`;

/** Canonical catalog lines of the given games, keyed by id. */
export async function readGameLines(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const [{ lines }] = await db.all<{ lines: string | null }>(GAMES_JSON, [ids]);
  if (!lines) return out;
  for (const text of lines.split('\n')) {
    const stored = JSON.parse(text) as StoredGame;
    out.set(stored.id, canonicalLine('game', toRecord(stored)));
  }
  return out;
}

function toRecord(s: StoredGame): Record<string, unknown> {
  const terms = s.terms ?? [];
  const credits = s.credits ?? [];
  const slugsOf = (kind: string) => terms.filter((t) => t.kind === kind).map((t) => t.slug);
  return {
    ...s.game,
    legacy_id: s.legacy ? (s.legacy.is_numeric ? Number(s.legacy.external_id) : s.legacy.external_id) : undefined,
    mechanics: slugsOf('mechanic'),
    categories: slugsOf('category'),
    themes: slugsOf('theme'),
    families: s.families ?? [],
    designers: credits.filter((c) => c.role === 'designer').map((c) => c.slug),
    artists: credits.filter((c) => c.role === 'artist').map((c) => c.slug),
    publishers: s.publishers ?? [],
    credits: credits
      .filter((c) => c.role !== 'designer' && c.role !== 'artist')
      .map((c) => ({ person: c.slug, role: c.role })),
    alternate_names: s.names ?? [],
    awards: s.awards ?? [],
    stats: s.stats
      ? {
          ...s.stats,
          player_count_ratings: s.pcr ?? [],
          age_poll: s.age ?? [],
          language_poll: sortByLevel(s.language ?? [], LANGUAGE_DEPENDENCE_LEVELS),
          experience_playtime: sortByLevel(s.experience ?? [], EXPERIENCE_LEVELS),
        }
      : undefined,
  };
}

/** Poll rows in the enumeration's order (the order the catalog canonically lists them). */
export function sortByLevel<T extends { level?: unknown }>(rows: readonly T[], levels: readonly string[]): T[] {
  return [...rows].sort((a, b) => levels.indexOf(String(a.level)) - levels.indexOf(String(b.level)));
}
