// Store → DatasetInput: one SELECT per table, columns read columnar (store.columns), games
// (load-games.ts, by the Game field registry) in the engine's default order (bayes_rating
// desc, nulls last, id) so row ids follow the default sort. Only active games are visible
// (SPEC-NOTES D5); links to anything else are dropped here so the engine never sees a
// dangling row index.

import {
  type AwardInput,
  type AwardResult,
  type DatasetInput,
  type EffectiveProperty,
  type ExpansionCombinationInput,
  type FamilyInput,
  type LinkInput,
  type ModificationOperation,
  PERSON_ROLES,
  type PersonRole,
  type PersonInput,
  type PropertyModificationInput,
  type PublisherInput,
  type RelationshipType,
  type TaxonomyKind,
  type TermInput,
} from '../engine/index.js';
import { loadCommunityInput } from './community.js';
import { loadGames, VISIBLE_GAMES } from './load-games.js';
import { loadPackedStrings } from './packed-utf8.js';
import type { SqlParams, Store } from './store.js';

/**
 * Visible games with their row index in the engine's row order (the default sort: bayes
 * rating desc, nulls last, ids breaking ties, so it is total), computed once per load into a
 * TEMP table (connection-local; allowed on a read-only store) that every other statement
 * joins: links come over as small integers instead of UUID strings (each value crossing into
 * JS costs microseconds), and the window sort over the catalog runs once instead of once per
 * statement. The legacy id rides along, so its aggregation runs once too, and the game's
 * rowid, which places the games read by a plain scan (load-games.ts).
 */
const ROWS_SQL = `SELECT g.id, CAST(row_number() OVER (ORDER BY g.bayes_rating DESC NULLS LAST, g.id) - 1 AS INTEGER) AS row,
    CAST(g.rowid AS DOUBLE) AS game_rowid, l.external_id AS legacy_id, coalesce(l.is_numeric, false) AS legacy_id_numeric
  FROM games g
  LEFT JOIN (
    SELECT game_id, min(external_id) AS external_id, arg_min(is_numeric, external_id) AS is_numeric
    FROM external_identifiers WHERE source = 'legacy' GROUP BY game_id
  ) l ON l.game_id = g.id
  WHERE ${VISIBLE_GAMES}`;
let loads = 0;
const TERM_ORDER = 'kind, slug';
/** An entity table with each row's index in `order`, the order its input array is built in. */
const entityIndex = (table: string, order: string) =>
  `(SELECT *, CAST(row_number() OVER (ORDER BY ${order}) - 1 AS INTEGER) AS idx FROM ${table})`;

export async function loadDatasetInput(store: Store): Promise<DatasetInput> {
  // a name of its own: two loads may interleave their statements on one connection
  const rows = `ludex_load_rows_${process.pid}_${++loads}`;
  await store.run(`CREATE TEMP TABLE ${rows} AS ${ROWS_SQL}`);
  try {
    return await loadWithRows(store, rows);
  } finally {
    await store.run(`DROP TABLE IF EXISTS ${rows}`);
  }
}

async function loadWithRows(store: Store, rows: string): Promise<DatasetInput> {
  const { games, lists } = await loadGames(store, rows);
  const terms = await loadTerms(store);
  const people = await loadNamed<PersonInput>(store, 'people', []);
  const publishers = await loadNamed<PublisherInput>(store, 'publishers', ['country', 'website']);
  const families = await loadNamed<FamilyInput>(store, 'families', []);
  const awards = await loadNamed<AwardInput>(store, 'awards', ['organization', 'website']);

  const gameTerms = await loadNumberLinks(
    store,
    `SELECT r.row AS game, e.idx AS target FROM game_terms x JOIN ${rows} r ON r.id = x.game_id
     JOIN ${entityIndex('terms', TERM_ORDER)} e ON e.id = x.term_id ORDER BY r.row, e.kind, x.position`,
  );
  const gameFamilies = await loadNumberLinks(
    store,
    `SELECT r.row AS game, e.idx AS target FROM game_families x JOIN ${rows} r ON r.id = x.game_id
     JOIN ${entityIndex('families', 'slug')} e ON e.id = x.family_id ORDER BY r.row, x.position`,
  );
  const gamePublishers = await loadNumberLinks(
    store,
    `SELECT r.row AS game, e.idx AS target FROM game_publishers x JOIN ${rows} r ON r.id = x.game_id
     JOIN ${entityIndex('publishers', 'slug')} e ON e.id = x.publisher_id ORDER BY r.row, x.position`,
  );
  const gameCredits = await loadNumberLinks(
    store,
    `SELECT r.row AS game, e.idx AS target, list_position($1::VARCHAR[], x.role) AS role
     FROM game_credits x JOIN ${rows} r ON r.id = x.game_id
     JOIN ${entityIndex('people', 'slug')} e ON e.id = x.person_id
     ORDER BY r.row, CASE x.role WHEN 'designer' THEN 0 WHEN 'artist' THEN 1 ELSE 2 END, x.position`,
    [[...PERSON_ROLES]],
  );
  const gameAwards = await loadLinks(
    store,
    `SELECT r.row AS game, e.idx AS target, x.year, x.result, x.category FROM game_awards x JOIN ${rows} r ON r.id = x.game_id
     JOIN ${entityIndex('awards', 'slug')} e ON e.id = x.award_id ORDER BY r.row, x.position`,
  );
  const names = await loadLinks(
    store,
    `SELECT r.row AS game, 0 AS target, x.name, x.language FROM alternate_names x JOIN ${rows} r ON r.id = x.game_id
     ORDER BY r.row, x.position`,
  );

  return {
    games,
    lists,
    terms,
    people,
    publishers,
    families,
    awards,
    gameTerms: gameTerms.link,
    gameFamilies: gameFamilies.link,
    gamePublishers: gamePublishers.link,
    gameCredits: {
      ...gameCredits.link,
      role: rolesOfPositions(gameCredits.columns.role),
    },
    gameAwards: {
      game: gameAwards.link.game,
      award: gameAwards.link.target,
      year: Int32Array.from(gameAwards.columns.year as number[]),
      result: gameAwards.columns.result as AwardResult[],
      category: gameAwards.columns.category as (string | null)[],
    },
    alternateNames: {
      game: names.link.game,
      name: names.columns.name as string[],
      language: names.columns.language as (string | null)[],
    },
    relationships: await loadRelationships(store, rows),
    modifications: await loadModifications(store, rows),
    combinations: await loadCombinations(store, rows),
    community: await loadCommunityInput(store, rows),
  };
}

/**
 * Credit roles from their 1-based PERSON_ROLES positions. A loop: `Array.from(typed, mapFn)`
 * takes V8's slow generic path (400,000 credits: 40–75 ms against 11–16 ms).
 */
function rolesOfPositions(positions: Float64Array): PersonRole[] {
  const out = new Array<PersonRole>(positions.length);
  for (let i = 0; i < positions.length; i++) {
    const role = PERSON_ROLES[positions[i] - 1];
    if (role === undefined) throw new Error(`unknown credit role at position ${positions[i]}`);
    out[i] = role;
  }
  return out;
}

async function loadTerms(store: Store): Promise<TermInput[]> {
  const c = await store.columns(
    `SELECT t.id, t.kind, t.slug, t.name, t.description, p.slug AS parent_slug, coalesce(a.aliases, []) AS aliases
     FROM terms t
     LEFT JOIN terms p ON p.id = t.parent_id
     LEFT JOIN (SELECT term_id, list(alias ORDER BY alias) AS aliases FROM term_aliases GROUP BY term_id) a ON a.term_id = t.id
     ORDER BY ${TERM_ORDER}`,
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
  const c = await loadPackedStrings(
    store,
    table,
    names.map((n) => [n, n] as const),
    'slug',
  );
  return (c.id as string[]).map((_, i) => Object.fromEntries(names.map((n) => [n, c[n][i] ?? null])) as unknown as T);
}

interface LoadedLinks {
  link: LinkInput;
  /** Every selected column, for the extra ones (role, year, name, ...). */
  columns: Record<string, unknown[]>;
}

/** A link query of numbers only: `game` rows, `target` indexes, numeric extras (read as typed arrays). */
async function loadNumberLinks(
  store: Store,
  sql: string,
  params: SqlParams = [],
): Promise<{ link: LinkInput; columns: Record<string, Float64Array> }> {
  const { columns } = await store.numberColumns(sql, params);
  return { link: { game: Uint32Array.from(columns.game), target: Uint32Array.from(columns.target) }, columns };
}

/** A link query selecting integer `game` rows and `target` indexes (plus extra columns). */
async function loadLinks(store: Store, sql: string): Promise<LoadedLinks> {
  const columns = await store.columns(sql);
  return {
    link: { game: Uint32Array.from(columns.game as number[]), target: Uint32Array.from(columns.target as number[]) },
    columns,
  };
}

async function loadRelationships(store: Store, rows: string): Promise<DatasetInput['relationships']> {
  const c = await store.columns(
    `SELECT s.row AS source, t.row AS target, x.relationship_type AS type, x.ordinal FROM relationships x
     JOIN ${rows} s ON s.id = x.source_game_id JOIN ${rows} t ON t.id = x.target_game_id
     ORDER BY s.row, t.row, x.relationship_type`,
  );
  return {
    source: Uint32Array.from(c.source as number[]),
    target: Uint32Array.from(c.target as number[]),
    type: c.type as RelationshipType[],
    ordinal: Int32Array.from(c.ordinal as number[]),
  };
}

async function loadModifications(store: Store, rows: string): Promise<PropertyModificationInput[]> {
  const c = await store.columns(
    `SELECT x.id, e.row AS expansion, b.row AS base, x.property, x.operation, x.value_number, x.value_list
     FROM property_modifications x JOIN ${rows} e ON e.id = x.expansion_id JOIN ${rows} b ON b.id = x.base_game_id
     ORDER BY e.row, x.position, x.id`,
  );
  return (c.id as string[]).map((id, i) => ({
    id,
    expansion: c.expansion[i] as number,
    base: c.base[i] as number,
    property: c.property[i] as EffectiveProperty,
    operation: c.operation[i] as ModificationOperation,
    value: (c.value_list[i] as number[] | null) ?? (c.value_number[i] as number),
  }));
}

async function loadCombinations(store: Store, rows: string): Promise<ExpansionCombinationInput[]> {
  // Expansion rows in one list per combination; a combination with a hidden member is dropped.
  const c = await store.columns(
    `SELECT x.id, b.row AS base, list(e.row ORDER BY e.row) AS expansions, count(e.row) = len(x.expansion_ids) AS complete,
            any_value(x.min_players) AS min_players, any_value(x.max_players) AS max_players,
            any_value(x.min_playtime) AS min_playtime, any_value(x.max_playtime) AS max_playtime,
            any_value(CAST(x.weight AS DOUBLE)) AS weight, any_value(x.min_age) AS min_age,
            any_value(x.top_at) AS top_at, any_value(x.recommended_at) AS recommended_at
     FROM expansion_combinations x
     JOIN ${rows} b ON b.id = x.base_game_id
     LEFT JOIN ${rows} e ON list_contains(x.expansion_ids, e.id)
     GROUP BY x.id, b.row, x.expansion_ids, x.position
     ORDER BY b.row, x.position, x.id`,
  );
  const out: ExpansionCombinationInput[] = [];
  (c.id as string[]).forEach((id, i) => {
    if (!c.complete[i]) return;
    const value = (name: string) => (c[name][i] ?? null) as number | null;
    out.push({
      id,
      base: c.base[i] as number,
      expansions: c.expansions[i] as number[],
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
  return out;
}
