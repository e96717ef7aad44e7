// One zod schema per record kind, looked up by the record's `kind` before parsing: faster
// than the discriminated union on big files, and an unknown kind gets a plain message.

import type { z } from 'zod';
import {
  CATALOG_KIND_ORDER,
  ageVoteRecord,
  awardRecord,
  categoryRecord,
  expansionCombinationRecord,
  familyRecord,
  gameRecord,
  languageVoteRecord,
  mechanicRecord,
  personRecord,
  playLogRecord,
  playerCountVoteRecord,
  propertyModificationRecord,
  publisherRecord,
  ratingVoteRecord,
  relationshipRecord,
  snapshotRecord,
  themeRecord,
  weightVoteRecord,
  type CatalogKind,
  type CatalogRecord,
} from './records.js';
import { RecordError, fromZodIssues } from './errors.js';

export type RecordOf<K extends CatalogKind> = Extract<CatalogRecord, { kind: K }>;

/** Every kind's schema; each is a zod object (refinements keep the object's shape). */
export const RECORD_SCHEMAS = {
  mechanic: mechanicRecord,
  category: categoryRecord,
  theme: themeRecord,
  person: personRecord,
  publisher: publisherRecord,
  family: familyRecord,
  award: awardRecord,
  game: gameRecord,
  relationship: relationshipRecord,
  property_modification: propertyModificationRecord,
  expansion_combination: expansionCombinationRecord,
  rating_vote: ratingVoteRecord,
  weight_vote: weightVoteRecord,
  player_count_vote: playerCountVoteRecord,
  age_vote: ageVoteRecord,
  language_vote: languageVoteRecord,
  play_log: playLogRecord,
  snapshot: snapshotRecord,
} as const satisfies { [K in CatalogKind]: z.ZodType<RecordOf<K>, unknown> };

const KINDS: ReadonlySet<string> = new Set(CATALOG_KIND_ORDER);

export function isCatalogKind(value: unknown): value is CatalogKind {
  return typeof value === 'string' && KINDS.has(value);
}

/** Validates one parsed JSON value as a catalog record; throws RecordError on the first problem. */
export function parseRecord(value: unknown): CatalogRecord {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RecordError('', 'must be a JSON object with a "kind"');
  }
  const kind = (value as { kind?: unknown }).kind;
  if (kind === undefined) throw new RecordError('kind', 'is required');
  if (!isCatalogKind(kind)) {
    throw new RecordError(
      'kind',
      `unknown kind ${JSON.stringify(kind)}; expected one of ${CATALOG_KIND_ORDER.join(', ')}`,
    );
  }
  const result = (RECORD_SCHEMAS[kind] as z.ZodType<CatalogRecord, unknown>).safeParse(value);
  if (!result.success) throw fromZodIssues(result.error.issues);
  return result.data;
}
