// The codes a text match is recorded with: its relevance tier (best first) and the field it
// matched in (MATCHED_FIELDS order, so a code indexes that list). One place for both, read by
// the index that records matches (text-index.ts) and the bitsets that keep them (tier-bits.ts).

import type { MatchedField } from '../domain.js';

export const TIER_NAME = 0;
export const TIER_ALTERNATE = 1;
export const TIER_FUZZY = 2;
export const TIER_PEOPLE = 3;
export const TIER_FAMILY = 4;
export const TIER_DESCRIPTION = 5;
/** Number of relevance tiers. */
export const TIERS = 6;

export const FIELD_CODE: Readonly<Record<MatchedField, number>> = {
  name: 0,
  alternate_name: 1,
  designer: 2,
  artist: 3,
  publisher: 4,
  family: 5,
  description: 6,
};
/** Number of field codes. */
export const FIELDS = 7;
