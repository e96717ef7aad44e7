// The one BGG term map: BGG mechanics, categories and the 2021 dataset's domains → our
// taxonomy terms, used by every BGG importer (the XML importer by BGG id, the CSV importer by
// name), so one BGG term is one term whichever file it came from.
//
// bgg-terms.json lists one entry per BGG term: its BGG id where BGG's own data shows it
// (every `(type, id, value)` link triple in the XML samples of ../shared/data is ground
// truth; bgg_id null when no BGG file names the id), its current BGG name, earlier BGG names
// (aliases: BGG renamed "Co-operative Play" to "Cooperative Game" under the same id), and
// the term(s) it becomes. Target slugs follow OpenTabletop's vocabulary (data/mappings,
// CC BY 4.0, see NOTICE) where its name means the same thing, else the slug of the BGG name.
// A BGG term the map does not know becomes a term of its own named after it — never a guess.

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TaxonomyKind } from '../../../engine/index.js';
import { slugify } from '../slugs.js';

export type BggTermType = 'mechanic' | 'category' | 'domain';

const entrySchema = z.strictObject({
  type: z.enum(['mechanic', 'category', 'domain']),
  bgg_id: z.number().int().positive().nullable(),
  name: z.string().min(1),
  aliases: z.array(z.string().min(1)),
  terms: z.array(z.strictObject({ kind: z.enum(['mechanic', 'category', 'theme']), slug: z.string().min(1) })).min(1),
});
export type BggTermEntry = z.infer<typeof entrySchema>;

/** One of our terms a BGG term becomes, with the name to give it when the store lacks it. */
export interface BggTermTarget {
  kind: TaxonomyKind;
  slug: string;
  name: string;
}

interface TermMap {
  entries: BggTermEntry[];
  byId: Map<string, BggTermEntry>;
  byName: Map<string, BggTermEntry>;
}

let cached: TermMap | undefined;

/** Names compared without case and punctuation: "Deck Bag and Pool Building" = "Deck, Bag, and Pool Building". */
export function termNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function termMap(): TermMap {
  if (cached) return cached;
  const text = readFileSync(new URL('./bgg-terms.json', import.meta.url), 'utf8');
  const entries = z.array(entrySchema).parse(JSON.parse(text));
  const byId = new Map<string, BggTermEntry>();
  const byName = new Map<string, BggTermEntry>();
  for (const entry of entries) {
    if (entry.bgg_id !== null) byId.set(`${entry.type}:${entry.bgg_id}`, entry);
    for (const name of [entry.name, ...entry.aliases]) {
      const key = `${entry.type}:${termNameKey(name)}`;
      if (!byName.has(key)) byName.set(key, entry);
    }
  }
  cached = { entries, byId, byName };
  return cached;
}

/** Every entry of the map (for tests and documentation). */
export function bggTermEntries(): readonly BggTermEntry[] {
  return termMap().entries;
}

function targets(entry: BggTermEntry): BggTermTarget[] {
  return entry.terms.map((t) => ({ kind: t.kind, slug: t.slug, name: entry.name }));
}

/** A BGG term the map lacks: a term of its own, slugged and named after BGG's name. */
function ownTerm(type: BggTermType, name: string, id?: number): BggTermTarget[] {
  const kind: TaxonomyKind = type === 'mechanic' ? 'mechanic' : 'category';
  const trimmed = name.trim().slice(0, 200);
  const slug = slugify(trimmed) || (id === undefined ? '' : `bgg-${type}-${id}`);
  if (slug === '') return [];
  return [{ kind, slug, name: trimmed || `BGG ${type} ${id}` }];
}

/** The terms of a BGG term known by name (the CSV files name mechanics and domains, no ids). */
export function bggTermsByName(type: BggTermType, name: string): BggTermTarget[] {
  const entry = termMap().byName.get(`${type}:${termNameKey(name)}`);
  return entry ? targets(entry) : ownTerm(type, name);
}

/**
 * The terms of a BGG link (XML `<link type="boardgamemechanic" id value>`): by BGG id, which
 * BGG keeps when it renames a term; an id the map lacks by its name; else a term of its own.
 */
export function bggTermsByLink(type: 'mechanic' | 'category', id: number, value: string): BggTermTarget[] {
  const entry = termMap().byId.get(`${type}:${id}`) ?? termMap().byName.get(`${type}:${termNameKey(value)}`);
  return entry ? targets(entry) : ownTerm(type, value, id);
}
