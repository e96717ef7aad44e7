// Checks that every slug a record mentions names a record on an earlier line, so the file
// imports in one pass, and that slugs are unique per kind.

import type { CatalogRecord } from '../catalog/records.js';

type Ref = readonly [kind: string, slug: string, field: string];

export function referencesOf(r: CatalogRecord): Ref[] {
  switch (r.kind) {
    case 'mechanic':
    case 'category':
    case 'theme':
      return r.parent ? [[r.kind, r.parent, 'parent']] : [];
    case 'game':
      return [
        ...(r.parent ? [['game', r.parent, 'parent'] as const] : []),
        ...(r.mechanics ?? []).map((s) => ['mechanic', s, 'mechanics'] as const),
        ...(r.categories ?? []).map((s) => ['category', s, 'categories'] as const),
        ...(r.themes ?? []).map((s) => ['theme', s, 'themes'] as const),
        ...(r.families ?? []).map((s) => ['family', s, 'families'] as const),
        ...(r.designers ?? []).map((s) => ['person', s, 'designers'] as const),
        ...(r.artists ?? []).map((s) => ['person', s, 'artists'] as const),
        ...(r.publishers ?? []).map((s) => ['publisher', s, 'publishers'] as const),
        ...(r.credits ?? []).map((c) => ['person', c.person, 'credits.person'] as const),
        ...(r.awards ?? []).map((a) => ['award', a.award, 'awards.award'] as const),
      ];
    case 'relationship':
      return [
        ['game', r.source, 'source'],
        ['game', r.target, 'target'],
      ];
    case 'property_modification':
      return [['game', r.expansion, 'expansion']];
    case 'expansion_combination':
      return [['game', r.base, 'base'], ...r.expansions.map((s) => ['game', s, 'expansions'] as const)];
    case 'person':
    case 'publisher':
    case 'family':
    case 'award':
      return [];
    default:
      return [['game', r.game, 'game']];
  }
}

const DEFINING = new Set(['mechanic', 'category', 'theme', 'person', 'publisher', 'family', 'award', 'game']);

export function checkReferences(records: readonly CatalogRecord[]): void {
  const defined = new Map<string, Set<string>>();
  records.forEach((r, i) => {
    for (const [kind, slug, field] of referencesOf(r)) {
      if (!defined.get(kind)?.has(slug)) {
        throw new Error(`demo record ${i + 1} (${r.kind}) refers in ${field} to ${kind} "${slug}" not defined earlier`);
      }
    }
    if (DEFINING.has(r.kind) && 'slug' in r) {
      const slugs = defined.get(r.kind) ?? new Set<string>();
      if (slugs.has(r.slug)) throw new Error(`demo record ${i + 1}: duplicate ${r.kind} slug "${r.slug}"`);
      slugs.add(r.slug);
      defined.set(r.kind, slugs);
    }
  });
}
