// Relationships between demo games beyond the automatic expansion → base `expands` edges.
// Directions follow the contract: reimplements new → old, contains collection → item,
// requires dependent → dependency, recommends game → companion; integrates_with is stored
// once and the importer adds the reverse edge.

import type { RelationshipType } from '../../engine/index.js';

export interface RelationshipFact {
  source: string;
  target: string;
  type: RelationshipType;
}

export const RELATIONSHIPS: readonly RelationshipFact[] = [
  { source: 'brass-birmingham', target: 'brass-lancashire', type: 'reimplements' },
  { source: 'eclipse-second-dawn-for-the-galaxy', target: 'eclipse', type: 'reimplements' },
  {
    source: 'through-the-ages-a-new-story-of-civilization',
    target: 'through-the-ages-a-story-of-civilization',
    type: 'reimplements',
  },
  { source: 'pandemic-legacy-season-1', target: 'pandemic', type: 'reimplements' },
  { source: 'keltis', target: 'lost-cities', type: 'reimplements' },
  { source: 'carcassonne-big-box', target: 'carcassonne', type: 'contains' },
  { source: 'carcassonne-big-box', target: 'carcassonne-inns-and-cathedrals', type: 'contains' },
  { source: 'carcassonne-big-box', target: 'carcassonne-traders-and-builders', type: 'contains' },
  { source: 'catan-seafarers-5-6-player-extension', target: 'catan-seafarers', type: 'requires' },
  { source: 'catan-seafarers-5-6-player-extension', target: 'catan-5-6-player-extension', type: 'requires' },
  { source: 'catan-cities-and-knights-5-6-player-extension', target: 'catan-cities-and-knights', type: 'requires' },
  { source: 'catan-cities-and-knights-5-6-player-extension', target: 'catan-5-6-player-extension', type: 'requires' },
  { source: 'pandemic-legacy-season-2', target: 'pandemic-legacy-season-1', type: 'recommends' },
  { source: 'spirit-island-horizons', target: 'spirit-island', type: 'recommends' },
  { source: 'spirit-island-horizons', target: 'spirit-island', type: 'integrates_with' },
  { source: 'dominion-intrigue', target: 'dominion', type: 'integrates_with' },
  { source: 'wingspan-asia', target: 'wingspan', type: 'integrates_with' },
  { source: 'codenames-pictures', target: 'codenames', type: 'integrates_with' },
];
