// The reasons the BGG XML importer leaves something out, named once so the report and the
// tests agree on them.

export { Skips } from '../skips.js';

/** The reasons, named once so the report and the tests agree on them. */
export const SKIP = {
  itemType: 'item is not a board game, expansion or accessory (only those types are imported)',
  superseded: 'item also in a later file of this import: the later copy is imported',
  noName: 'item has no name',
  noParent: 'expansion imported without its parent: the base game is neither in this import nor in the store',
  relationship: 'link not imported as a relationship: the other game is neither in this import nor in the store',
  linkType: 'link type has no counterpart in the catalog (accessory, family-of-items, etc.)',
  placeholder: 'placeholder credit ("(Uncredited)", "(Unknown)") not imported',
} as const;
