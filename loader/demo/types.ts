// Shapes of the hand-written fact tables. Facts are what a box, a rulebook or a publisher
// states; `hint` holds the illustrative inputs the seeded statistics are generated from.

import type {
  CreditRole,
  EffectiveProperty,
  FundingSource,
  GameMode,
  GameType,
  LanguageDependence,
  ModificationOperation,
} from '../../engine/index.js';

export interface StatsHint {
  /** Illustrative complexity, 1–5. */
  weight: number;
  /** Illustrative average rating, 1–10. */
  rating: number;
  /** Illustrative number of rating votes (drives every other count). */
  votes: number;
  language?: LanguageDependence;
}

export interface GameFact {
  slug: string;
  name: string;
  type?: GameType;
  year?: number;
  parent?: string;
  /** [min, max] players as printed on the box. */
  players?: readonly [number, number];
  /** [min, max] minutes as printed on the box. */
  time?: readonly [number, number];
  age?: number;
  mode?: GameMode;
  funding?: FundingSource;
  bgg?: number;
  /** Full names; person slugs are derived from them. */
  designers?: readonly string[];
  artists?: readonly string[];
  credits?: readonly { person: string; role: CreditRole }[];
  /** Publisher slugs from publishers.ts. */
  publishers?: readonly string[];
  mechanics?: readonly string[];
  categories?: readonly string[];
  themes?: readonly string[];
  families?: readonly string[];
  description: string;
  hint: StatsHint;
}

export interface PublisherFact {
  slug: string;
  name: string;
  country?: string;
  website?: string;
}

export interface ModificationFact {
  expansion: string;
  property: EffectiveProperty;
  operation: ModificationOperation;
  value: number | readonly number[];
}

export interface CombinationFact {
  base: string;
  expansions: readonly string[];
  min_players?: number;
  max_players?: number;
  min_playtime?: number;
  max_playtime?: number;
  weight?: number;
  min_age?: number;
  top_at?: readonly number[];
  recommended_at?: readonly number[];
}
