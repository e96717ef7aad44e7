// Game records: reference checks (parent, terms, families, people, publishers, awards,
// legacy_id), ids, and the rows a game becomes — its games row, its link lists with their
// catalog order in `position`, its legacy identifier and its baseline statistics.

import { EXPERIENCE_LEVELS, LANGUAGE_DEPENDENCE_LEVELS, type TaxonomyKind } from '../../engine/index.js';
import type { JsonRow } from './bulk.js';
import { canonicalLine } from './canonical.js';
import { RecordError } from './errors.js';
import { newId } from './ids.js';
import { notFound, resolveId, type EntityItem, type ResolveContext } from './items.js';
import type { NamedKind } from './read-entities.js';
import { sortByLevel } from './read-games.js';
import type { CatalogStats } from './records.js';
import type { Registry } from './registry.js';
import { findTerm } from './resolve-entities.js';
import type { RecordOf } from './schemas.js';
import { LEGACY_SOURCE } from './tables.js';

const TERM_LISTS = [
  ['mechanics', 'mechanic'],
  ['categories', 'category'],
  ['themes', 'theme'],
] as const satisfies readonly (readonly [string, TaxonomyKind])[];

export function resolveGame(record: RecordOf<'game'>, ctx: ResolveContext): EntityItem {
  const { registry } = ctx;
  const { slug } = record;
  const existing = registry.games.bySlug.get(slug);
  const id = resolveId(
    record.id,
    existing?.id,
    (candidate) => {
      const owner = registry.games.slugById.get(candidate);
      return owner === undefined ? undefined : `game '${owner}'`;
    },
    `game '${slug}'`,
    newId,
  );
  const parentId = resolveParent(registry, record, id);
  if (existing && existing.parentId !== parentId) checkParentChange(registry, id, parentId);

  const children: Record<string, JsonRow[]> = {};
  const add = (table: string, rows: JsonRow[]) => {
    if (rows.length) children[table] = [...(children[table] ?? []), ...rows];
  };

  const resolved: Record<string, string[]> = {};
  for (const [field, kind] of TERM_LISTS) {
    const slugs = record[field] ?? [];
    const seen = new Set<string>();
    const terms = slugs.map((s, i) => {
      // Aliases resolve to their term (SPEC-NOTES D8); the canonical form names the term.
      const term = findTerm(registry, kind, s);
      if (!term) throw new RecordError(`${field}.${i}`, notFound(kind, s));
      if (seen.has(term.id)) throw new RecordError(`${field}.${i}`, `${kind} '${term.slug}' is listed twice`);
      seen.add(term.id);
      return term;
    });
    resolved[field] = terms.map((t) => t.slug);
    add(
      'game_terms',
      terms.map((t, position) => ({ game_id: id, term_id: t.id, position })),
    );
  }

  const families = namedIds(registry, 'family', record.families ?? [], 'families');
  add(
    'game_families',
    families.map((family_id, position) => ({ game_id: id, family_id, position })),
  );
  const publishers = namedIds(registry, 'publisher', record.publishers ?? [], 'publishers');
  add(
    'game_publishers',
    publishers.map((publisher_id, position) => ({ game_id: id, publisher_id, position })),
  );

  const creditKeys = new Set<string>();
  const credit = (person_id: string, role: string, position: number, field: string): JsonRow => {
    const key = `${person_id}|${role}`;
    if (creditKeys.has(key)) throw new RecordError(field, `this person already has the role ${role}`);
    creditKeys.add(key);
    return { game_id: id, person_id, role, position };
  };
  const designers = namedIds(registry, 'person', record.designers ?? [], 'designers');
  add(
    'game_credits',
    designers.map((p, i) => credit(p, 'designer', i, `designers.${i}`)),
  );
  const artists = namedIds(registry, 'person', record.artists ?? [], 'artists');
  add(
    'game_credits',
    artists.map((p, i) => credit(p, 'artist', i, `artists.${i}`)),
  );
  const credits = record.credits ?? [];
  add(
    'game_credits',
    credits.map((c, i) =>
      credit(namedId(registry, 'person', c.person, `credits.${i}.person`), c.role, i, `credits.${i}`),
    ),
  );

  add(
    'game_awards',
    (record.awards ?? []).map((a, position) => ({
      game_id: id,
      award_id: namedId(registry, 'award', a.award, `awards.${position}.award`),
      year: a.year,
      result: a.result,
      category: a.category ?? null,
      position,
    })),
  );
  add(
    'alternate_names',
    (record.alternate_names ?? []).map((n, position) => ({
      game_id: id,
      name: n.name,
      language: n.language ?? null,
      position,
    })),
  );

  const legacy = record.legacy_id === undefined ? null : String(record.legacy_id);
  if (legacy !== null) {
    const owner = registry.legacyOwner.get(legacy);
    if (owner !== undefined && owner !== id) {
      throw new RecordError(
        'legacy_id',
        `${legacy} is already the legacy_id of game '${registry.games.slugById.get(owner)}'`,
      );
    }
    add('external_identifiers', [
      { game_id: id, source: LEGACY_SOURCE, external_id: legacy, is_numeric: typeof record.legacy_id === 'number' },
    ]);
  }

  const stats = record.stats ? normalizeStats(record.stats) : undefined;
  if (stats) addStatsRows(id, stats, add);

  registry.games.set(slug, { id, type: record.type, parentId });
  registry.setLegacy(id, legacy);

  return {
    kind: 'game',
    id,
    slug,
    existed: existing !== undefined,
    // Only a stored game is compared; a new one skips the cost of its canonical form.
    canonical: existing ? canonicalLine('game', { ...record, id, ...resolved, stats }) : '',
    main: {
      id,
      slug,
      name: record.name,
      type: record.type,
      year_published: record.year_published ?? null,
      release_date: record.release_date ?? null,
      parent_game_id: parentId,
      min_players: record.min_players ?? null,
      max_players: record.max_players ?? null,
      min_playtime: record.min_playtime ?? null,
      max_playtime: record.max_playtime ?? null,
      min_age: record.min_age ?? null,
      mode: record.mode ?? null,
      funding_source: record.funding_source ?? null,
      description: record.description ?? null,
      image_url: record.image_url ?? null,
      thumbnail_url: record.thumbnail_url ?? null,
      created_at: ctx.now,
      updated_at: ctx.now,
    },
    children,
  };
}

function resolveParent(registry: Registry, record: RecordOf<'game'>, id: string): string | null {
  if (record.parent === undefined) return null;
  const parent = registry.games.bySlug.get(record.parent);
  if (!parent) throw new RecordError('parent', notFound('game', record.parent));
  if (parent.id === id) throw new RecordError('parent', 'a game cannot be its own parent');
  for (let at: string | null = parent.parentId, steps = 0; at !== null; steps++) {
    if (at === id || steps > registry.games.bySlug.size) {
      throw new RecordError('parent', `'${record.parent}' descends from '${record.slug}'; parents cannot form a cycle`);
    }
    const slug = registry.games.slugById.get(at);
    at = slug === undefined ? null : (registry.games.bySlug.get(slug)?.parentId ?? null);
  }
  return parent.id;
}

/** A stored expansion may change parent only if its modifications and combinations stay valid. */
function checkParentChange(registry: Registry, id: string, parentId: string | null): void {
  for (const m of registry.modifications.values()) {
    if (m.expansion_id === id && parentId === null) {
      throw new RecordError('parent', 'this game has property modifications, which need it to have a parent');
    }
  }
  for (const c of registry.combinations.values()) {
    if (!c.expansion_ids.includes(id)) continue;
    if (c.base_game_id !== parentId && !registry.expands.has(`${id}>${c.base_game_id}`)) {
      const base = registry.games.slugById.get(c.base_game_id);
      throw new RecordError(
        'parent',
        `this game is in an expansion combination of '${base}', so it must stay an expansion of it`,
      );
    }
  }
}

function namedId(registry: Registry, kind: NamedKind, slug: string, field: string): string {
  const entry = registry.named[kind].bySlug.get(slug);
  if (!entry) throw new RecordError(field, notFound(kind, slug));
  return entry.id;
}

function namedIds(registry: Registry, kind: NamedKind, slugs: readonly string[], field: string): string[] {
  const seen = new Set<string>();
  return slugs.map((s, i) => {
    const id = namedId(registry, kind, s, `${field}.${i}`);
    if (seen.has(id)) throw new RecordError(`${field}.${i}`, `${kind} '${s}' is listed twice`);
    seen.add(id);
    return id;
  });
}

/** A rank map with its keys in order, so the same ranks are always the same text. */
function sortedMap(map: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Stats with their lists in the canonical order export writes them in. */
function normalizeStats(stats: CatalogStats): CatalogStats {
  return {
    ...stats,
    player_count_ratings:
      stats.player_count_ratings && [...stats.player_count_ratings].sort((a, b) => a.player_count - b.player_count),
    age_poll: stats.age_poll && [...stats.age_poll].sort((a, b) => a.suggested_age - b.suggested_age),
    language_poll: stats.language_poll && sortByLevel(stats.language_poll, LANGUAGE_DEPENDENCE_LEVELS),
    experience_playtime: stats.experience_playtime && sortByLevel(stats.experience_playtime, EXPERIENCE_LEVELS),
  };
}

function addStatsRows(game_id: string, s: CatalogStats, add: (table: string, rows: JsonRow[]) => void): void {
  add('baseline_stats', [
    {
      game_id,
      rating: s.rating,
      rating_votes: s.rating_votes,
      rating_stddev: s.rating_stddev ?? null,
      rating_distribution: s.rating_distribution ?? null,
      weight: s.weight,
      weight_votes: s.weight_votes,
      owner_count: s.owner_count ?? null,
      wishlist_count: s.wishlist_count ?? null,
      total_plays: s.total_plays ?? null,
      community_min_playtime: s.community_min_playtime ?? null,
      community_max_playtime: s.community_max_playtime ?? null,
      community_suggested_age: s.community_suggested_age ?? null,
      language_dependence: s.language_dependence ?? null,
      unranked: s.unranked ?? false,
      source_bayes_rating: s.bayes_rating ?? null,
      source_rank: s.rank_overall ?? null,
      source_rank_by_category: s.rank_by_category ? JSON.stringify(sortedMap(s.rank_by_category)) : null,
      source_as_of: s.as_of ?? null,
    },
  ]);
  add(
    'baseline_player_count_ratings',
    (s.player_count_ratings ?? []).map((r) => ({ game_id, ...r, rating_stddev: r.rating_stddev ?? null })),
  );
  add(
    'baseline_age_poll',
    (s.age_poll ?? []).map((r) => ({ game_id, ...r })),
  );
  add(
    'baseline_language_poll',
    (s.language_poll ?? []).map((r) => ({ game_id, ...r })),
  );
  add(
    'baseline_experience_playtime',
    (s.experience_playtime ?? []).map((r) => ({
      game_id,
      level: r.level,
      median_minutes: r.median_minutes,
      min_minutes: r.min_minutes ?? null,
      max_minutes: r.max_minutes ?? null,
      total_reports: r.total_reports,
    })),
  );
}
