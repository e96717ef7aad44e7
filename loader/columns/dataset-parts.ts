// DatasetInput ⇄ Arrow tables: the input half of a column file (column-file.ts), which is
// what `serve` starts from and what read replicas receive. The games table travels as it
// is; every other part is a small table of its own (typed arrays zero-copy, strings as
// Utf8, nested values as JSON text). One table per part: an Arrow IPC file holds one schema.

import {
  Bool,
  type Data,
  Int32,
  Table,
  Uint8,
  Uint32,
  type Utf8,
  makeData,
  makeVector,
  Vector,
  vectorFromArray,
} from 'apache-arrow';
import {
  GAME_FIELDS,
  GAME_LIST_COLUMNS,
  IntListColumn,
  intListColumn,
  intListColumnOf,
  intListVector,
  PERSON_ROLES,
  jsonListColumn,
  repeatedUtf8Values,
  utf8Values,
  utf8Vector,
  utf8VectorOfParts,
  utf8VectorSteps,
  arrayListColumn,
  type DatasetInput,
  type GameListColumns,
  type PersonRole,
} from '../../engine/index.js';
import { COMMUNITY_PARTS, type CommunityPart, decodeCommunityInput, encodeCommunityInput } from './community-parts.js';
import { typedColumn } from './typed-column.js';

type Column = Uint8Array | Uint32Array | Int32Array | IntListColumn | Vector | (string | null)[] | boolean[];
type Section = Record<string, Column>;

/** The parts of a DatasetInput, each encoded as one Arrow table. */
export const DATASET_PARTS = [
  'games',
  'lists',
  'terms',
  'people',
  'publishers',
  'families',
  'awards',
  'game_terms',
  'game_families',
  'game_publishers',
  'game_credits',
  'game_awards',
  'alternate_names',
  'relationships',
  'modifications',
  'combinations',
  ...COMMUNITY_PARTS,
] as const;
export type DatasetPart = (typeof DATASET_PARTS)[number];

/**
 * The list columns carried as Arrow List<Int32> (offsets and values, read zero-copy) rather
 * than JSON text: the required integer lists, which a start reads whole (player-count postings).
 */
const INTEGER_LISTS: ReadonlySet<string> = new Set(
  GAME_FIELDS.filter((f) => f.storage === 'list' && f.kind === 'integer-list' && !f.nullable).map((f) => f.name),
);

const json = (values: readonly unknown[]): string[] => values.map((v) => JSON.stringify(v));
const texts = <T extends object, K extends keyof T>(rows: readonly T[], key: K) =>
  rows.map((r) => r[key] as string | null);

/**
 * A section as one Arrow table, a column per step and a text column in steps of its own: on a
 * serving thread (a reload's column file) the alternate names' text of 150,000 games held it
 * 60 ms and more in one call.
 */
function* toTableSteps(section: Section): Generator<void, Table> {
  const vectors: Record<string, Vector> = {};
  for (const [name, values] of Object.entries(section)) {
    if (values instanceof Vector) vectors[name] = values;
    else if (values instanceof IntListColumn) vectors[name] = intListVector(values);
    else if (values instanceof Uint8Array)
      vectors[name] = makeVector(makeData({ type: new Uint8(), length: values.length, data: values }));
    else if (values instanceof Uint32Array)
      vectors[name] = makeVector(makeData({ type: new Uint32(), length: values.length, data: values }));
    else if (values instanceof Int32Array)
      vectors[name] = makeVector(makeData({ type: new Int32(), length: values.length, data: values }));
    else if (values.length > 0 && typeof values[0] === 'boolean') vectors[name] = vectorFromArray(values, new Bool());
    else vectors[name] = yield* utf8VectorSteps(values as (string | null)[]);
    yield;
  }
  return new Table(vectors);
}

/** Encodes every part as an Arrow table, in DATASET_PARTS order. */
export function encodeDatasetInput(input: DatasetInput): Map<DatasetPart, Table> {
  const steps = encodeDatasetInputSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** encodeDatasetInput in steps of tens of milliseconds at most (a list column, a part). */
export function* encodeDatasetInputSteps(input: DatasetInput): Generator<void, Map<DatasetPart, Table>> {
  // Every list column as JSON text, in GameListColumns order (the Game field registry's).
  const lists: Section = {};
  for (const name of GAME_LIST_COLUMNS) {
    const column = name === 'legacy_id_numeric' ? undefined : input.lists[name];
    if (column !== undefined && INTEGER_LISTS.has(name))
      lists[name] =
        column instanceof IntListColumn ? column : intListColumn(listValues(input.lists, name) as number[][]);
    else lists[name] = yield* jsonTextSteps(input.lists, name);
    yield;
  }
  // Each section made in its own step (the text and JSON columns of 150,000 games take tens of ms).
  const sections: Record<Exclude<DatasetPart, 'games' | CommunityPart>, () => Section> = {
    lists: () => lists,
    terms: () => ({
      id: texts(input.terms, 'id'),
      kind: texts(input.terms, 'kind'),
      slug: texts(input.terms, 'slug'),
      name: texts(input.terms, 'name'),
      description: texts(input.terms, 'description'),
      parent_slug: texts(input.terms, 'parent_slug'),
      aliases: json(input.terms.map((t) => t.aliases)),
    }),
    people: () => ({
      id: texts(input.people, 'id'),
      slug: texts(input.people, 'slug'),
      name: texts(input.people, 'name'),
      description: texts(input.people, 'description'),
    }),
    publishers: () => ({
      id: texts(input.publishers, 'id'),
      slug: texts(input.publishers, 'slug'),
      name: texts(input.publishers, 'name'),
      description: texts(input.publishers, 'description'),
      country: texts(input.publishers, 'country'),
      website: texts(input.publishers, 'website'),
    }),
    families: () => ({
      id: texts(input.families, 'id'),
      slug: texts(input.families, 'slug'),
      name: texts(input.families, 'name'),
      description: texts(input.families, 'description'),
    }),
    awards: () => ({
      id: texts(input.awards, 'id'),
      slug: texts(input.awards, 'slug'),
      name: texts(input.awards, 'name'),
      description: texts(input.awards, 'description'),
      organization: texts(input.awards, 'organization'),
      website: texts(input.awards, 'website'),
    }),
    game_terms: () => ({ game: input.gameTerms.game, target: input.gameTerms.target }),
    game_families: () => ({ game: input.gameFamilies.game, target: input.gameFamilies.target }),
    game_publishers: () => ({ game: input.gamePublishers.game, target: input.gamePublishers.target }),
    // Roles as their PERSON_ROLES position: a byte a credit instead of a string and its offset.
    game_credits: () => ({
      game: input.gameCredits.game,
      target: input.gameCredits.target,
      role: creditRoles,
    }),
    game_awards: () => ({
      game: input.gameAwards.game,
      award: input.gameAwards.award,
      year: input.gameAwards.year,
      result: input.gameAwards.result,
      category: input.gameAwards.category,
    }),
    alternate_names: () => ({
      game: input.alternateNames.game,
      name: input.alternateNames.name,
      language: input.alternateNames.language,
    }),
    relationships: () => ({
      source: input.relationships.source,
      target: input.relationships.target,
      type: input.relationships.type,
      ordinal: input.relationships.ordinal,
    }),
    modifications: () => ({ json: json(input.modifications) }),
    combinations: () => ({ json: json(input.combinations) }),
  };
  yield;
  const creditRoles = yield* rolePositionsSteps(input.gameCredits.role);
  yield;
  const out = new Map<DatasetPart, Table>([['games', input.games]]);
  for (const [part, section] of Object.entries(sections) as [Exclude<DatasetPart, 'games'>, () => Section][]) {
    out.set(part, yield* toTableSteps(section()));
    yield;
  }
  for (const [part, table] of encodeCommunityInput(input.community)) out.set(part, table);
  return out;
}

class PartReader {
  constructor(
    private readonly part: DatasetPart,
    private readonly table: Table,
  ) {}

  vector(name: string): Vector {
    const vector = this.table.getChild(name);
    if (!vector) throw new Error(`part ${this.part} lacks column ${name}`);
    return vector;
  }

  uint8(name: string): Uint8Array {
    return typedColumn(this.vector(name), Uint8Array);
  }

  uint32(name: string): Uint32Array {
    return typedColumn(this.vector(name), Uint32Array);
  }

  int32(name: string): Int32Array {
    return typedColumn(this.vector(name), Int32Array);
  }

  strings<T extends string | null = string | null>(name: string): T[] {
    return utf8Values(this.vector(name)) as T[];
  }

  /** A column of few distinct values, each decoded once (roles, kinds, languages). */
  repeated<T extends string | null = string | null>(name: string): T[] {
    return repeatedUtf8Values(this.vector(name)) as T[];
  }

  /** A List<Int32> column as integer lists: views of the file's bytes (list-column.ts). */
  intLists(name: string): IntListColumn {
    return intListColumnOf(this.vector(name));
  }

  parsed<T>(name: string): T[] {
    return this.strings<string>(name).map((text) => JSON.parse(text) as T);
  }
}

/** Rows a step of jsonTextSteps writes: a few ms for the largest list column. */
const JSON_ROWS_PER_STEP = 4096;

/**
 * A list column as JSON text, one Utf8 value per row (what json() and utf8Vector give), made
 * JSON_ROWS_PER_STEP rows per step: a whole column of 150,000 games is 100 ms and more.
 */
function* jsonTextSteps(lists: GameListColumns, name: (typeof GAME_LIST_COLUMNS)[number]): Generator<void, Vector> {
  const column = name === 'legacy_id_numeric' ? arrayListColumn(lists.legacy_id_numeric) : lists[name];
  const pieces: Vector[] = [];
  for (let start = 0; start < column.length || pieces.length === 0; start += JSON_ROWS_PER_STEP) {
    const end = Math.min(column.length, start + JSON_ROWS_PER_STEP);
    const text = new Array<string>(end - start);
    for (let row = start; row < end; row++) text[row - start] = JSON.stringify(column.get(row));
    pieces.push(utf8Vector(text));
    if (end < column.length) yield;
  }
  return pieces.length === 1 ? pieces[0] : joinedUtf8(pieces);
}

/** Utf8 vectors without nulls (one chunk each) as one vector of one chunk. */
function joinedUtf8(pieces: readonly Vector[]): Vector {
  const chunks = pieces.map((piece) => piece.data[0] as Data<Utf8>);
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const offsets = new Int32Array(length + 1);
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.valueOffsets[chunk.length], 0));
  let row = 0;
  let at = 0;
  for (const chunk of chunks) {
    for (let i = 1; i <= chunk.length; i++) offsets[row + i] = at + chunk.valueOffsets[i];
    bytes.set(chunk.values.subarray(0, chunk.valueOffsets[chunk.length]), at);
    row += chunk.length;
    at += chunk.valueOffsets[chunk.length];
  }
  return utf8VectorOfParts({ offsets, validity: new Uint8Array(0), nulls: 0, bytes });
}

/** Every value of one list column, in row order. */
function listValues(lists: GameListColumns, name: (typeof GAME_LIST_COLUMNS)[number]): unknown[] {
  if (name === 'legacy_id_numeric') return lists.legacy_id_numeric;
  const column = lists[name];
  return Array.from({ length: column.length }, (_, row) => column.get(row));
}

/** The list columns over the JSON the writer encoded, parsed when a row is read (legacy_id_numeric now). */
function readLists(part: PartReader): GameListColumns {
  return {
    rating_distribution: jsonListColumn(part.vector('rating_distribution')),
    rank_by_category: jsonListColumn(part.vector('rank_by_category')),
    top_player_counts: part.intLists('top_player_counts'),
    recommended_player_counts: part.intLists('recommended_player_counts'),
    legacy_id_numeric: part.repeated<string>('legacy_id_numeric').map((text) => text === 'true'),
  };
}

/** Credits rolePositionsSteps reads between two yields. */
const ROLES_PER_STEP = 65_536;

/**
 * The credits' roles as their PERSON_ROLES positions, by a plain loop as personRoles, in
 * steps (all the credits of 150,000 games in one call held a serving thread ~30 ms).
 */
function* rolePositionsSteps(roles: readonly PersonRole[]): Generator<void, Uint8Array> {
  const out = new Uint8Array(roles.length);
  for (let e = 0; e < roles.length; e++) {
    if (e > 0 && e % ROLES_PER_STEP === 0) yield;
    out[e] = PERSON_ROLES.indexOf(roles[e]);
  }
  return out;
}

/** The role a credit's code names; a code no role has throws (the file is not one this build wrote). */
function personRole(code: number): PersonRole {
  const role = PERSON_ROLES[code];
  if (role === undefined) throw new RangeError(`credit role code ${code} names no role`);
  return role;
}

/** The roles of the credits' codes, by a plain loop (Array.from(typed, fn) makes garbage per element). */
function personRoles(codes: Uint8Array): PersonRole[] {
  const out = new Array<PersonRole>(codes.length);
  for (let e = 0; e < codes.length; e++) out[e] = personRole(codes[e]);
  return out;
}

/** Decodes the parts written by encodeDatasetInput; a missing part or column throws. */
export function decodeDatasetInput(tables: ReadonlyMap<string, Table>): DatasetInput {
  const part = (name: DatasetPart): PartReader => {
    const table = tables.get(name);
    if (!table) throw new Error(`part ${name} is missing`);
    return new PartReader(name, table);
  };
  const games = tables.get('games');
  if (!games) throw new Error('part games is missing');
  const lists = part('lists');
  const entity = (name: DatasetPart) => {
    const r = part(name);
    const id = r.strings<string>('id');
    const slug = r.strings<string>('slug');
    const name_ = r.strings<string>('name');
    const description = r.strings('description');
    return { r, rows: id.map((_, i) => ({ id: id[i], slug: slug[i], name: name_[i], description: description[i] })) };
  };
  const terms = part('terms');
  const termKinds = terms.strings<DatasetInput['terms'][number]['kind']>('kind');
  const termIds = terms.strings<string>('id');
  const termSlugs = terms.strings<string>('slug');
  const termNames = terms.strings<string>('name');
  const termDescriptions = terms.strings('description');
  const termParents = terms.strings('parent_slug');
  const termAliases = terms.parsed<string[]>('aliases');
  const publishers = entity('publishers');
  const publisherCountry = publishers.r.strings('country');
  const publisherWebsite = publishers.r.strings('website');
  const awards = entity('awards');
  const awardOrganization = awards.r.strings('organization');
  const awardWebsite = awards.r.strings('website');
  const link = (name: DatasetPart) => {
    const r = part(name);
    return { game: r.uint32('game'), target: r.uint32('target') };
  };
  const credits = part('game_credits');
  const gameAwards = part('game_awards');
  const alternate = part('alternate_names');
  const relationships = part('relationships');
  return {
    games,
    lists: readLists(lists),
    terms: termIds.map((id, i) => ({
      id,
      kind: termKinds[i],
      slug: termSlugs[i],
      name: termNames[i],
      description: termDescriptions[i],
      parent_slug: termParents[i],
      aliases: termAliases[i],
    })),
    people: entity('people').rows,
    publishers: publishers.rows.map((p, i) => ({ ...p, country: publisherCountry[i], website: publisherWebsite[i] })),
    families: entity('families').rows,
    awards: awards.rows.map((a, i) => ({ ...a, organization: awardOrganization[i], website: awardWebsite[i] })),
    gameTerms: link('game_terms'),
    gameFamilies: link('game_families'),
    gamePublishers: link('game_publishers'),
    gameCredits: {
      game: credits.uint32('game'),
      target: credits.uint32('target'),
      role: personRoles(credits.uint8('role')),
    },
    gameAwards: {
      game: gameAwards.uint32('game'),
      award: gameAwards.uint32('award'),
      year: gameAwards.int32('year'),
      result: gameAwards.repeated('result') as DatasetInput['gameAwards']['result'],
      category: gameAwards.repeated('category'),
    },
    alternateNames: {
      game: alternate.uint32('game'),
      name: alternate.strings<string>('name'),
      language: alternate.repeated('language'),
    },
    relationships: {
      source: relationships.uint32('source'),
      target: relationships.uint32('target'),
      type: relationships.repeated('type') as DatasetInput['relationships']['type'],
      ordinal: relationships.int32('ordinal'),
    },
    modifications: part('modifications').parsed('json'),
    combinations: part('combinations').parsed('json'),
    community: decodeCommunityInput(tables),
  };
}
