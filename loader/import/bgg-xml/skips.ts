// Collects what an import left out, grouped by reason, with a few examples each.

import type { SkippedItems } from '../report.js';

const EXAMPLES = 5;

export class Skips {
  private readonly byReason = new Map<string, SkippedItems>();

  add(reason: string, example: string): void {
    let entry = this.byReason.get(reason);
    if (!entry) {
      entry = { reason, count: 0, examples: [] };
      this.byReason.set(reason, entry);
    }
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(example);
  }

  list(): SkippedItems[] {
    return [...this.byReason.values()];
  }
}

/** The reasons, named once so the report and the tests agree on them. */
export const SKIP = {
  itemType: 'item is not a board game, expansion or accessory (only those types are imported)',
  superseded: 'item also in a later file of this import: the later copy is imported',
  noName: 'item has no name',
  noParent: 'expansion imported without its parent: the base game is neither in this import nor in the store',
  relationship: 'link not imported as a relationship: the other game is neither in this import nor in the store',
  linkType: 'link type has no counterpart in the catalog (accessory, family-of-items, etc.)',
  placeholder: 'placeholder credit ("(Uncredited)", "(Unknown)") not imported',
  stats:
    'statistics and polls not imported: the catalog stats need both a rating and a weight, and BGG has no votes for one of them',
} as const;
