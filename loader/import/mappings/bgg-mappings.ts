// BGG mechanic and category ids → our taxonomy slugs. The data files next to this one are
// OpenTabletop's data/mappings/bgg-{mechanics,categories,themes}.yaml (CC BY 4.0, see
// NOTICE) converted to JSON, so the product needs no YAML parser at run time.

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TaxonomyKind } from '../../../engine/index.js';

const mappingRow = z.object({
  bgg_id: z.number().int(),
  bgg_name: z.string(),
  mapping_type: z.string(),
  ot_slugs: z.array(z.string()),
});
export type BggMappingRow = z.infer<typeof mappingRow>;

/** One of our terms a BGG term maps to. */
export interface MappedTerm {
  kind: TaxonomyKind;
  slug: string;
}

function loadRows(file: string): BggMappingRow[] {
  const text = readFileSync(new URL(file, import.meta.url), 'utf8');
  return z.array(mappingRow).parse(JSON.parse(text));
}

function index(rows: readonly BggMappingRow[], kind: TaxonomyKind, into: Map<number, MappedTerm[]>): void {
  for (const row of rows) {
    const terms = into.get(row.bgg_id) ?? [];
    for (const slug of row.ot_slugs) terms.push({ kind, slug });
    into.set(row.bgg_id, terms);
  }
}

export interface BggMappings {
  /** BGG mechanic id → our mechanics (absent: unmapped). */
  mechanics: Map<number, MappedTerm[]>;
  /** BGG category id → our categories and themes (a BGG category may map to both). */
  categories: Map<number, MappedTerm[]>;
  /** BGG name of every mapped term, by `${kind}:${slug}`, used to name terms the store lacks. */
  names: Map<string, string>;
}

let cached: BggMappings | undefined;

export function bggMappings(): BggMappings {
  if (cached) return cached;
  const mechanicRows = loadRows('./bgg-mechanics.json');
  const categoryRows = loadRows('./bgg-categories.json');
  const themeRows = loadRows('./bgg-themes.json');
  const mechanics = new Map<number, MappedTerm[]>();
  const categories = new Map<number, MappedTerm[]>();
  index(mechanicRows, 'mechanic', mechanics);
  index(categoryRows, 'category', categories);
  index(themeRows, 'theme', categories);
  const names = new Map<string, string>();
  const name = (rows: readonly BggMappingRow[], kind: TaxonomyKind) => {
    for (const row of rows) {
      // A direct mapping's BGG name is the term's name; split targets get a name from the slug.
      for (const slug of row.ot_slugs) {
        const key = `${kind}:${slug}`;
        if (!names.has(key) && row.ot_slugs.length === 1) names.set(key, row.bgg_name);
      }
    }
  };
  name(mechanicRows, 'mechanic');
  name(categoryRows, 'category');
  name(themeRows, 'theme');
  cached = { mechanics, categories, names };
  return cached;
}

/** "worker-placement" → "Worker Placement": a readable name for a term known only by slug. */
export function nameFromSlug(slug: string): string {
  return slug
    .split('-')
    .map((w) => (w === '' ? w : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}
