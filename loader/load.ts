// Store → DatasetInput: one SELECT per table, columns read columnar (store.columns), games
// in the engine's default order (bayes_rating desc, nulls last, id) so row ids follow the
// default sort. Only active games are visible (SPEC-NOTES D5); links to anything else are
// dropped here so the engine never sees a dangling row index.

import { makeGamesTable, emptyNumberArrays, type GameStringArrays } from '../engine/columns.js';
import type {
  AwardResult,
  EffectiveProperty,
  ModificationOperation,
  PersonRole,
  RelationshipType,
  TaxonomyKind,
} from '../engine/domain.js';
import {
  GAME_NUMBER_COLUMNS,
  GAME_STRING_COLUMNS,
  type AwardInput,
  type DatasetInput,
  type ExpansionCombinationInput,
  type FamilyInput,
  type LinkInput,
  type PersonInput,
  type PropertyModificationInput,
  type PublisherInput,
  type TermInput,
} from '../engine/input.js';
import type { Store } from './store.js';

/** The engine's row order; links are sorted the same way so each game's entries are contiguous. */
const GAME_ORDER = 'g.bayes_rating DESC NULLS LAST, g.id';
const ACTIVE_GAMES = `games g ON g.id = x.game_id AND g.status = 'active'`;
/** ISO 8601 UTC with milliseconds, independent of the session time zone. */
const iso = (column: string) => `strftime(make_timestamp(epoch_us(${column})), '%Y-%m-%dT%H:%M:%S.%gZ')`;

const STRING_SELECT: Record<(typeof GAME_STRING_COLUMNS)[number], string> = {
  id: 'g.id',
  slug: 'g.slug',
  name: 'g.name',
  type: 'g.type',
  mode: 'g.mode',
  language_dependence: 'g.language_dependence',
  funding_source: 'g.funding_source',
  legacy_id: 'l.external_id',
  parent_game_id: 'g.parent_game_id',
  release_date: `strftime(g.release_date, '%Y-%m-%d')`,
  description: 'g.description',
  created_at: iso('g.created_at'),
  updated_at: iso('g.updated_at'),
};

export async function loadDatasetInput(store: Store): Promise<DatasetInput> {
  const columns = [
    ...GAME_NUMBER_COLUMNS.map((c) => `CAST(g.${c} AS DOUBLE) AS ${c}`),
    ...GAME_STRING_COLUMNS.map((c) => `${STRING_SELECT[c]} AS ${c}`),
    'coalesce(l.is_numeric, false) AS legacy_id_numeric',
    'g.rating_distribution',
    'CAST(g.rank_by_category AS VARCHAR) AS rank_by_category',
    'g.top_player_counts',
    'g.recommended_player_counts',
  ];
  const cols = await store.columns(
    `SELECT ${columns.join(', ')}
     FROM games g
     LEFT JOIN (
       SELECT game_id, min(external_id) AS external_id, arg_min(is_numeric, external_id) AS is_numeric
       FROM external_identifiers WHERE source = 'legacy' GROUP BY game_id
     ) l ON l.game_id = g.id
     WHERE g.status = 'active'
     ORDER BY ${GAME_ORDER}`,
  );
  const ids = cols.id as string[];
  const length = ids.length;
  const numbers = emptyNumberArrays(length);
  for (const name of GAME_NUMBER_COLUMNS) {
    const values = cols[name] as (number | null)[];
    const target = numbers[name];
    for (let i = 0; i < length; i++) {
      const v = values[i];
      if (v !== null) target[i] = v;
    }
  }
  const strings = {} as GameStringArrays;
  for (const name of GAME_STRING_COLUMNS) strings[name] = cols[name] as (string | null)[];
  const gameRow = indexOf(ids);

  const terms = await loadTerms(store);
  const termIndex = indexOf(terms.map((t) => t.id));
  const people = await loadNamed<PersonInput>(store, 'people', []);
  const publishers = await loadNamed<PublisherInput>(store, 'publishers', ['country', 'website']);
  const families = await loadNamed<FamilyInput>(store, 'families', []);
  const awards = await loadNamed<AwardInput>(store, 'awards', ['organization', 'website']);

  const gameTerms = await loadLinks(
    store,
    `SELECT x.game_id, x.term_id AS target FROM game_terms x JOIN ${ACTIVE_GAMES} JOIN terms t ON t.id = x.term_id
     ORDER BY ${GAME_ORDER}, t.kind, x.position`,
    gameRow,
    termIndex,
  );
  const gameFamilies = await loadLinks(
    store,
    `SELECT x.game_id, x.family_id AS target FROM game_families x JOIN ${ACTIVE_GAMES} ORDER BY ${GAME_ORDER}, x.position`,
    gameRow,
    indexOf(families.map((f) => f.id)),
  );
  const gamePublishers = await loadLinks(
    store,
    `SELECT x.game_id, x.publisher_id AS target FROM game_publishers x JOIN ${ACTIVE_GAMES} ORDER BY ${GAME_ORDER}, x.position`,
    gameRow,
    indexOf(publishers.map((p) => p.id)),
  );
  const gameCredits = await loadLinks(
    store,
    `SELECT x.game_id, x.person_id AS target, x.role FROM game_credits x JOIN ${ACTIVE_GAMES}
     ORDER BY ${GAME_ORDER}, CASE x.role WHEN 'designer' THEN 0 WHEN 'artist' THEN 1 ELSE 2 END, x.position`,
    gameRow,
    indexOf(people.map((p) => p.id)),
    ['role'],
  );
  const gameAwards = await loadLinks(
    store,
    `SELECT x.game_id, x.award_id AS target, x.year, x.result, x.category FROM game_awards x JOIN ${ACTIVE_GAMES}
     ORDER BY ${GAME_ORDER}, x.position`,
    gameRow,
    indexOf(awards.map((a) => a.id)),
    ['year', 'result', 'category'],
  );
  const names = await loadLinks(
    store,
    `SELECT x.game_id, x.name, x.language FROM alternate_names x JOIN ${ACTIVE_GAMES} ORDER BY ${GAME_ORDER}, x.position`,
    gameRow,
    null,
    ['name', 'language'],
  );

  return {
    games: makeGamesTable(numbers, strings),
    lists: {
      rating_distribution: cols.rating_distribution as (number[] | null)[],
      rank_by_category: (cols.rank_by_category as (string | null)[]).map((v) =>
        v === null ? null : (JSON.parse(v) as Record<string, number>),
      ),
      top_player_counts: (cols.top_player_counts as (number[] | null)[]).map((v) => v ?? []),
      recommended_player_counts: (cols.recommended_player_counts as (number[] | null)[]).map((v) => v ?? []),
      legacy_id_numeric: cols.legacy_id_numeric as boolean[],
    },
    terms,
    people,
    publishers,
    families,
    awards,
    gameTerms: gameTerms.link,
    gameFamilies: gameFamilies.link,
    gamePublishers: gamePublishers.link,
    gameCredits: { ...gameCredits.link, role: gameCredits.extra.role as PersonRole[] },
    gameAwards: {
      game: gameAwards.link.game,
      award: gameAwards.link.target,
      year: Int32Array.from(gameAwards.extra.year as number[]),
      result: gameAwards.extra.result as AwardResult[],
      category: gameAwards.extra.category as (string | null)[],
    },
    alternateNames: {
      game: names.link.game,
      name: names.extra.name as string[],
      language: names.extra.language as (string | null)[],
    },
    relationships: await loadRelationships(store, gameRow),
    modifications: await loadModifications(store, gameRow),
    combinations: await loadCombinations(store, gameRow),
  };
}

function indexOf(ids: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  ids.forEach((id, i) => map.set(id, i));
  return map;
}

async function loadTerms(store: Store): Promise<TermInput[]> {
  const c = await store.columns(
    `SELECT t.id, t.kind, t.slug, t.name, t.description, p.slug AS parent_slug, coalesce(a.aliases, []) AS aliases
     FROM terms t
     LEFT JOIN terms p ON p.id = t.parent_id
     LEFT JOIN (SELECT term_id, list(alias ORDER BY alias) AS aliases FROM term_aliases GROUP BY term_id) a ON a.term_id = t.id
     ORDER BY t.kind, t.slug`,
  );
  return (c.id as string[]).map((id, i) => ({
    id,
    kind: c.kind[i] as TaxonomyKind,
    slug: c.slug[i] as string,
    name: c.name[i] as string,
    description: c.description[i] as string | null,
    parent_slug: c.parent_slug[i] as string | null,
    aliases: c.aliases[i] as string[],
  }));
}

/** People, publishers, families or awards ordered by slug; `extra` are fixed column names. */
async function loadNamed<T extends PersonInput>(store: Store, table: string, extra: readonly string[]): Promise<T[]> {
  const names = ['id', 'slug', 'name', 'description', ...extra];
  const c = await store.columns(`SELECT ${names.join(', ')} FROM ${table} ORDER BY slug`);
  return (c.id as string[]).map((_, i) => Object.fromEntries(names.map((n) => [n, c[n][i] ?? null])) as unknown as T);
}

interface LoadedLinks {
  link: LinkInput;
  extra: Record<string, unknown[]>;
}

/**
 * Link rows (game_id, target[, extra columns]) → row/index pairs. Rows whose game or target
 * is not loaded are dropped; `targets` null means the link has no target entity.
 */
async function loadLinks(
  store: Store,
  sql: string,
  games: Map<string, number>,
  targets: Map<string, number> | null,
  extraColumns: readonly string[] = [],
): Promise<LoadedLinks> {
  const c = await store.columns(sql);
  const gameIds = c.game_id as string[];
  const game: number[] = [];
  const target: number[] = [];
  const extra: Record<string, unknown[]> = Object.fromEntries(extraColumns.map((n) => [n, []]));
  for (let i = 0; i < gameIds.length; i++) {
    const row = games.get(gameIds[i]);
    const to = targets === null ? 0 : targets.get(c.target[i] as string);
    if (row === undefined || to === undefined) continue;
    game.push(row);
    target.push(to);
    for (const n of extraColumns) extra[n].push(c[n][i] ?? null);
  }
  return { link: { game: Uint32Array.from(game), target: Uint32Array.from(target) }, extra };
}

async function loadRelationships(store: Store, games: Map<string, number>): Promise<DatasetInput['relationships']> {
  const c = await store.columns(
    'SELECT source_game_id, target_game_id, relationship_type, ordinal FROM relationships ORDER BY relationship_type',
  );
  const rows: { source: number; target: number; type: RelationshipType; ordinal: number }[] = [];
  (c.source_game_id as string[]).forEach((sourceId, i) => {
    const source = games.get(sourceId);
    const target = games.get(c.target_game_id[i] as string);
    if (source === undefined || target === undefined) return;
    rows.push({ source, target, type: c.relationship_type[i] as RelationshipType, ordinal: c.ordinal[i] as number });
  });
  rows.sort((a, b) => a.source - b.source || a.target - b.target || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return {
    source: Uint32Array.from(rows.map((r) => r.source)),
    target: Uint32Array.from(rows.map((r) => r.target)),
    type: rows.map((r) => r.type),
    ordinal: Int32Array.from(rows.map((r) => r.ordinal)),
  };
}

async function loadModifications(store: Store, games: Map<string, number>): Promise<PropertyModificationInput[]> {
  const c = await store.columns(
    `SELECT id, expansion_id, base_game_id, property, operation, value_number, value_list
     FROM property_modifications ORDER BY expansion_id, position, id`,
  );
  const out: PropertyModificationInput[] = [];
  (c.id as string[]).forEach((id, i) => {
    const expansion = games.get(c.expansion_id[i] as string);
    const base = games.get(c.base_game_id[i] as string);
    if (expansion === undefined || base === undefined) return;
    const list = c.value_list[i] as number[] | null;
    out.push({
      id,
      expansion,
      base,
      property: c.property[i] as EffectiveProperty,
      operation: c.operation[i] as ModificationOperation,
      value: list ?? (c.value_number[i] as number),
    });
  });
  return out.sort((a, b) => a.expansion - b.expansion);
}

async function loadCombinations(store: Store, games: Map<string, number>): Promise<ExpansionCombinationInput[]> {
  const c = await store.columns(
    `SELECT id, base_game_id, expansion_ids, min_players, max_players, min_playtime, max_playtime,
            CAST(weight AS DOUBLE) AS weight, min_age, top_at, recommended_at
     FROM expansion_combinations ORDER BY base_game_id, position, id`,
  );
  const out: ExpansionCombinationInput[] = [];
  (c.id as string[]).forEach((id, i) => {
    const base = games.get(c.base_game_id[i] as string);
    const expansions = (c.expansion_ids[i] as string[]).map((e) => games.get(e));
    if (base === undefined || expansions.some((e) => e === undefined)) return;
    const value = (name: string) => (c[name][i] ?? null) as number | null;
    out.push({
      id,
      base,
      expansions: expansions as number[],
      min_players: value('min_players'),
      max_players: value('max_players'),
      min_playtime: value('min_playtime'),
      max_playtime: value('max_playtime'),
      weight: value('weight'),
      min_age: value('min_age'),
      top_at: (c.top_at[i] ?? null) as number[] | null,
      recommended_at: (c.recommended_at[i] ?? null) as number[] | null,
    });
  });
  return out.sort((a, b) => a.base - b.base);
}
