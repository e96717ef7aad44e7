// BGG mechanic *names* → our mechanics. The 2021 dataset names mechanics (no ids), while
// the shared mapping (loader/import/mappings/, OpenTabletop's bgg-mechanics, CC BY 4.0) is
// keyed by BGG id; its rows carry the BGG name, so a name index leads to the id. Names are
// compared without case and punctuation: the dataset writes "Deck Bag and Pool Building"
// and "I Cut You Choose" where BGG writes "Deck, Bag, and Pool Building", "I Cut, You Choose".

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { bggMappings, nameFromSlug } from '../mappings/bgg-mappings.js';
import { slugify } from '../slugs.js';

export interface MechanicTerm {
  slug: string;
  name: string;
}

const rows = z.array(z.object({ bgg_id: z.number().int(), bgg_name: z.string() }));

let byName: Map<string, number> | undefined;

function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function idsByName(): Map<string, number> {
  if (byName) return byName;
  const text = readFileSync(new URL('../mappings/bgg-mechanics.json', import.meta.url), 'utf8');
  byName = new Map(rows.parse(JSON.parse(text)).map((r) => [nameKey(r.bgg_name), r.bgg_id]));
  return byName;
}

/**
 * Our mechanics for one BGG mechanic name: the mapped terms (a split gives several), or,
 * unmapped, a term of its own named and slugged after the BGG name — the same slug the XML
 * importer gives an unmapped mechanic, so both formats meet on one term.
 */
export function mechanicTerms(bggName: string): MechanicTerm[] {
  const maps = bggMappings();
  const id = idsByName().get(nameKey(bggName));
  const mapped = id === undefined ? [] : (maps.mechanics.get(id) ?? []);
  if (mapped.length > 0) {
    return mapped.map((t) => ({ slug: t.slug, name: maps.names.get(`mechanic:${t.slug}`) ?? nameFromSlug(t.slug) }));
  }
  const slug = slugify(bggName);
  return slug === '' ? [] : [{ slug, name: bggName.slice(0, 200) }];
}
