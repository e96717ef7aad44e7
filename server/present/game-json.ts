// A game's JSON, serialized once per Dataset and reused for every page that shows it: the
// page, not the filter, is where HTTP time goes (ARCHITECTURE, measured). Members that vary
// per request (matched_via, embeds) are spliced in before the closing brace.

import type { DatasetApi, GameRecord } from '../../engine/index.js';
import { gameLinks } from '../links.js';

const cache = new WeakMap<DatasetApi, (string | undefined)[]>();

/** Contract field order first, then the additive fields of SPEC-NOTES D1. */
export function gameObject(dataset: DatasetApi, row: number): Record<string, unknown> {
  const g: GameRecord = dataset.game(row);
  const parentRow = g.parent_game_id === null ? undefined : dataset.row(g.parent_game_id);
  const parentSlug = parentRow === undefined ? null : dataset.game(parentRow).slug;
  return {
    id: g.id,
    slug: g.slug,
    name: g.name,
    type: g.type,
    year_published: g.year_published,
    parent_game_id: g.parent_game_id,
    min_players: g.min_players,
    max_players: g.max_players,
    min_playtime: g.min_playtime,
    max_playtime: g.max_playtime,
    community_min_playtime: g.community_min_playtime,
    community_max_playtime: g.community_max_playtime,
    min_age: g.min_age,
    community_suggested_age: g.community_suggested_age,
    weight: g.weight,
    weight_votes: g.weight_votes,
    rating: g.rating,
    rating_votes: g.rating_votes,
    rating_confidence: g.rating_confidence,
    rating_distribution: g.rating_distribution,
    rating_stddev: g.rating_stddev,
    rank_overall: g.rank_overall,
    rank_by_category: g.rank_by_category,
    owner_count: g.owner_count,
    wishlist_count: g.wishlist_count,
    total_plays: g.total_plays,
    language_dependence: g.language_dependence,
    mode: g.mode,
    top_player_counts: g.top_player_counts,
    recommended_player_counts: g.recommended_player_counts,
    funding_source: g.funding_source,
    legacy_id: g.legacy_id,
    updated_at: g.updated_at,
    bayes_rating: g.bayes_rating,
    sort_name: g.sort_name,
    community_median_playtime: g.community_median_playtime,
    release_date: g.release_date,
    description: g.description,
    created_at: g.created_at,
    _links: gameLinks(g.slug, parentSlug),
  };
}

export function gameJson(dataset: DatasetApi, row: number): string {
  let strings = cache.get(dataset);
  if (!strings) {
    strings = new Array<string | undefined>(dataset.size);
    cache.set(dataset, strings);
  }
  let json = strings[row];
  if (json === undefined) {
    json = JSON.stringify(gameObject(dataset, row));
    strings[row] = json;
  }
  return json;
}

/** The cached game JSON with extra members appended (values already JSON-serializable). */
export function gameJsonWith(dataset: DatasetApi, row: number, extra: readonly (readonly [string, unknown])[]): string {
  const base = gameJson(dataset, row);
  if (extra.length === 0) return base;
  let tail = '';
  for (const [key, value] of extra) tail += `,${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`;
  return `${base.slice(0, -1)}${tail}}`;
}
