// CommunityInput ⇄ Arrow tables, for the column file (dataset-parts.ts): one part per
// section, every column a typed array carried zero-copy as the Arrow type of the same width.

import { makeVector, Table, type Vector } from 'apache-arrow';
import type { CommunityInput } from '../../engine/index.js';
import { type TypedArrayType, typedColumn } from './typed-column.js';

/** The parts of a CommunityInput, each encoded as one Arrow table. */
export const COMMUNITY_PARTS = [
  'player_count_ratings',
  'age_polls',
  'language_polls',
  'experience_playtime',
  'experience_sufficient',
] as const;
export type CommunityPart = (typeof COMMUNITY_PARTS)[number];

type Column = Uint32Array | Int32Array | Uint8Array | Float64Array;

function sections(input: CommunityInput): Record<CommunityPart, Record<string, Column>> {
  return {
    player_count_ratings: { ...input.playerCountRatings },
    age_polls: { ...input.agePolls },
    language_polls: { ...input.languagePolls },
    experience_playtime: { ...input.experience },
    experience_sufficient: { game: input.experienceSufficient },
  };
}

/** Encodes every section as an Arrow table, in COMMUNITY_PARTS order. */
export function encodeCommunityInput(input: CommunityInput): Map<CommunityPart, Table> {
  const out = new Map<CommunityPart, Table>();
  for (const [part, columns] of Object.entries(sections(input)) as [CommunityPart, Record<string, Column>][]) {
    const vectors: Record<string, Vector> = {};
    for (const [name, values] of Object.entries(columns)) vectors[name] = makeVector(values);
    out.set(part, new Table(vectors));
  }
  return out;
}

class SectionReader {
  private readonly table: Table;

  constructor(
    private readonly part: CommunityPart,
    table: Table | undefined,
  ) {
    if (!table) throw new Error(`part ${part} is missing`);
    this.table = table;
  }

  /** The column's values as an array of `type`: a view of the file's bytes when they fit. */
  column<T extends Column>(name: string, type: TypedArrayType<T>): T {
    const vector = this.table.getChild(name);
    if (!vector) throw new Error(`part ${this.part} lacks column ${name}`);
    return typedColumn(vector, type);
  }
}

/** Decodes the parts written by encodeCommunityInput; a missing part or column throws. */
export function decodeCommunityInput(tables: ReadonlyMap<string, Table>): CommunityInput {
  const part = (name: CommunityPart) => new SectionReader(name, tables.get(name));
  const ratings = part('player_count_ratings');
  const ages = part('age_polls');
  const languages = part('language_polls');
  const experience = part('experience_playtime');
  return {
    playerCountRatings: {
      game: ratings.column('game', Uint32Array),
      player_count: ratings.column('player_count', Int32Array),
      average_rating: ratings.column('average_rating', Float64Array),
      rating_count: ratings.column('rating_count', Int32Array),
      rating_stddev: ratings.column('rating_stddev', Float64Array),
    },
    agePolls: {
      game: ages.column('game', Uint32Array),
      suggested_age: ages.column('suggested_age', Int32Array),
      vote_count: ages.column('vote_count', Int32Array),
    },
    languagePolls: {
      game: languages.column('game', Uint32Array),
      level: languages.column('level', Uint8Array),
      vote_count: languages.column('vote_count', Int32Array),
    },
    experience: {
      game: experience.column('game', Uint32Array),
      level: experience.column('level', Uint8Array),
      median_minutes: experience.column('median_minutes', Int32Array),
      min_minutes: experience.column('min_minutes', Float64Array),
      max_minutes: experience.column('max_minutes', Float64Array),
      total_reports: experience.column('total_reports', Int32Array),
    },
    experienceSufficient: part('experience_sufficient').column('game', Uint32Array),
  };
}
