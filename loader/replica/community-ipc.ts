// CommunityInput ⇄ Arrow IPC files, for the replica publication (dataset-ipc.ts): one part per
// section, every column a typed array carried zero-copy as the Arrow type of the same width.

import { makeVector, Table, tableFromIPC, tableToIPC, type Vector } from 'apache-arrow';
import type { CommunityInput } from '../../engine/index.js';

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

/** Encodes every section; the returned bytes are Arrow IPC files, in COMMUNITY_PARTS order. */
export function encodeCommunityInput(input: CommunityInput): Map<CommunityPart, Uint8Array> {
  const out = new Map<CommunityPart, Uint8Array>();
  for (const [part, columns] of Object.entries(sections(input)) as [CommunityPart, Record<string, Column>][]) {
    const vectors: Record<string, Vector> = {};
    for (const [name, values] of Object.entries(columns)) vectors[name] = makeVector(values);
    out.set(part, tableToIPC(new Table(vectors), 'file'));
  }
  return out;
}

class SectionReader {
  private readonly table: Table;

  constructor(
    private readonly part: CommunityPart,
    bytes: Uint8Array | undefined,
  ) {
    if (!bytes) throw new Error(`replica part ${part} is missing`);
    this.table = tableFromIPC(bytes);
  }

  /** The column's values copied into a fresh array of `type` (a file read's buffer is not kept). */
  column<T extends Column>(name: string, type: { from(values: ArrayLike<number>): T }): T {
    const vector = this.table.getChild(name);
    if (!vector) throw new Error(`replica part ${this.part} lacks column ${name}`);
    return type.from(vector.toArray() as ArrayLike<number>);
  }
}

/** Decodes the parts written by encodeCommunityInput; a missing part or column throws. */
export function decodeCommunityInput(files: ReadonlyMap<string, Uint8Array>): CommunityInput {
  const part = (name: CommunityPart) => new SectionReader(name, files.get(name));
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
