// The three OpenTabletop vocabularies (CC-BY-4.0, see NOTICE) converted to catalog term
// records: `definition` becomes `description`, synonyms become aliases (SPEC-NOTES §3.1),
// and terms are ordered so that a parent always precedes its children.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { TaxonomyKind } from '../../engine/index.js';
import { slugify } from './slug.js';
import { entityId } from './ids.js';

const yamlTerm = z.object({
  slug: z.string(),
  name: z.string(),
  definition: z.string().nullish(),
  ancestor_slugs: z.array(z.string()).nullish(),
  parent_slug: z.string().nullish(),
  synonyms: z.array(z.string()).nullish(),
  deprecated_slugs: z.array(z.string()).nullish(),
});
type YamlTerm = z.infer<typeof yamlTerm>;

export interface TermRecord {
  kind: TaxonomyKind;
  id: string;
  slug: string;
  name: string;
  description?: string;
  parent?: string;
  aliases?: string[];
}

const FILES: Readonly<Record<TaxonomyKind, string>> = {
  mechanic: 'mechanics.yaml',
  category: 'categories.yaml',
  theme: 'themes.yaml',
};

const MAX_DESCRIPTION = 5000;
const MAX_ALIASES = 50;

export function readVocabulary(dir: string, kind: TaxonomyKind): YamlTerm[] {
  const file = join(dir, FILES[kind]);
  if (!existsSync(file)) {
    throw new Error(
      `taxonomy file ${file} not found: the demo build needs the OpenTabletop reference copy in ../shared/reference/opentabletop/data/taxonomy/`,
    );
  }
  const parsed = z.array(yamlTerm).safeParse(parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: unexpected shape: ${parsed.error.message}`);
  return parsed.data;
}

/** Term records of one vocabulary, parents first, otherwise in file order. */
export function termRecords(kind: TaxonomyKind, terms: readonly YamlTerm[]): TermRecord[] {
  const canonical = new Set(terms.map((t) => t.slug));
  // An alias used twice in one vocabulary (e.g. "role-selection") would resolve ambiguously;
  // the first term in file order keeps it.
  const taken = new Set<string>();
  const records = terms.map((t): TermRecord => {
    const aliases: string[] = [];
    for (const raw of [...(t.synonyms ?? []), ...(t.deprecated_slugs ?? [])]) {
      const alias = slugify(raw);
      if (!alias || canonical.has(alias) || taken.has(alias) || aliases.length >= MAX_ALIASES) continue;
      taken.add(alias);
      aliases.push(alias);
    }
    const description = t.definition ? t.definition.replace(/\s+/g, ' ').trim().slice(0, MAX_DESCRIPTION) : '';
    const parent = parentOf(t, canonical);
    return {
      kind,
      id: entityId(kind, t.slug),
      slug: t.slug,
      name: t.name,
      ...(description ? { description } : {}),
      ...(parent ? { parent } : {}),
      // Sorted, as the exporter writes them, so import → export keeps the bytes.
      ...(aliases.length ? { aliases: aliases.sort() } : {}),
    };
  });
  return parentsFirst(records);
}

function parentOf(t: YamlTerm, canonical: ReadonlySet<string>): string | undefined {
  const candidates = t.parent_slug ? [t.parent_slug] : (t.ancestor_slugs ?? []);
  return candidates.find((s) => s !== t.slug && canonical.has(s));
}

/** Depth-first: emit a term after its parent chain; cycles would be a data bug, so fail. */
function parentsFirst(records: readonly TermRecord[]): TermRecord[] {
  const bySlug = new Map(records.map((r) => [r.slug, r]));
  const done = new Set<string>();
  const out: TermRecord[] = [];
  const visit = (r: TermRecord, path: readonly string[]): void => {
    if (done.has(r.slug)) return;
    if (path.includes(r.slug)) throw new Error(`taxonomy parent cycle: ${[...path, r.slug].join(' -> ')}`);
    const parent = r.parent ? bySlug.get(r.parent) : undefined;
    if (parent) visit(parent, [...path, r.slug]);
    done.add(r.slug);
    out.push(r);
  };
  for (const r of records) visit(r, []);
  return out;
}
