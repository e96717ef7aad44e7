// BGG links between items → candidate relationships, as BGG ids. Which end is which follows
// BGG's convention: a link is stored on the item that "owns" it (the base game lists its
// expansions, the original its reimplementations, the compilation what it contains), and
// the other item shows the same link with inbound="true".

import type { RelationshipType } from '../../../engine/index.js';
import type { BggItem } from './parse.js';

export interface RelationshipCandidate {
  source: number;
  target: number;
  type: RelationshipType;
}

/** Link types handled by relationships (expansion links also set the parent). */
export const RELATIONSHIP_LINKS = new Set([
  'boardgameexpansion',
  'boardgameimplementation',
  'boardgameintegration',
  'boardgamecompilation',
]);

export function relationshipCandidates(item: BggItem): RelationshipCandidate[] {
  const out: RelationshipCandidate[] = [];
  for (const link of item.links) {
    // owner: the item the link belongs to on BGG; other: the item it points at.
    const [owner, other] = link.inbound ? [link.id, item.id] : [item.id, link.id];
    if (owner === other) continue;
    switch (link.type) {
      case 'boardgameexpansion': // owner = base game, other = its expansion
        out.push({ source: other, target: owner, type: 'expands' });
        break;
      case 'boardgameimplementation': // owner = the original, other = its reimplementation
        out.push({ source: other, target: owner, type: 'reimplements' });
        break;
      case 'boardgamecompilation': // owner = a contained game, other = the compilation
        out.push({ source: other, target: owner, type: 'contains' });
        break;
      case 'boardgameintegration': // symmetric: stored once, smaller id first
        out.push({ source: Math.min(owner, other), target: Math.max(owner, other), type: 'integrates_with' });
        break;
    }
  }
  return out;
}
