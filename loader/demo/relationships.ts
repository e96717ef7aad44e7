// Relationships between demo games beyond the automatic expansion → base `expands` edges.

import type { RelationshipType } from '../../engine/domain.js';

export interface RelationshipFact {
  source: string;
  target: string;
  type: RelationshipType;
}

export const RELATIONSHIPS: readonly RelationshipFact[] = [];
