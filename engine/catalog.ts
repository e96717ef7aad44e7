// Slug, alias and id lookups for the entities games link to (taxonomy terms, people,
// publishers, families, awards). Filters name entities by canonical slug; `resolve` turns
// what a client typed into that slug.

import type { ReferenceKind } from './api.js';
import type { TaxonomyKind } from './domain.js';
import type { DatasetInput, PersonInput, TermInput } from './input.js';

/** slug and id lookup over one entity list. */
export class EntityIndex<T extends { id: string; slug: string }> {
  private readonly bySlug = new Map<string, number>();
  private readonly byId = new Map<string, number>();

  constructor(readonly items: readonly T[]) {
    items.forEach((item, index) => {
      if (!this.bySlug.has(item.slug)) this.bySlug.set(item.slug, index);
      this.byId.set(item.id.toLowerCase(), index);
    });
  }

  /** Index of the entity with this canonical slug. */
  slug(slug: string): number | undefined {
    return this.bySlug.get(slug);
  }

  /** Index by slug, else by id (any case). */
  find(slugOrId: string): number | undefined {
    return this.bySlug.get(slugOrId) ?? this.byId.get(slugOrId.toLowerCase());
  }
}

/** Terms of one taxonomy kind: canonical slugs first, then aliases. */
export class TermIndex {
  /** Indexes into the input term list, in input order. */
  readonly terms: number[] = [];
  private readonly bySlug = new Map<string, number>();
  private readonly byAlias = new Map<string, number>();

  constructor(all: readonly TermInput[], kind: TaxonomyKind) {
    all.forEach((term, index) => {
      if (term.kind !== kind) return;
      this.terms.push(index);
      if (!this.bySlug.has(term.slug)) this.bySlug.set(term.slug, index);
    });
    for (const index of this.terms) {
      for (const alias of all[index].aliases) if (!this.byAlias.has(alias)) this.byAlias.set(alias, index);
    }
  }

  slug(slug: string): number | undefined {
    return this.bySlug.get(slug);
  }

  find(slugOrAlias: string): number | undefined {
    return this.bySlug.get(slugOrAlias) ?? this.byAlias.get(slugOrAlias);
  }
}

export class Catalog {
  readonly terms: readonly TermInput[];
  readonly mechanics: TermIndex;
  readonly categories: TermIndex;
  readonly themes: TermIndex;
  readonly people: EntityIndex<PersonInput>;
  readonly publishers: EntityIndex<DatasetInput['publishers'][number]>;
  readonly families: EntityIndex<DatasetInput['families'][number]>;
  readonly awards: EntityIndex<DatasetInput['awards'][number]>;

  constructor(input: DatasetInput) {
    this.terms = input.terms;
    this.mechanics = new TermIndex(input.terms, 'mechanic');
    this.categories = new TermIndex(input.terms, 'category');
    this.themes = new TermIndex(input.terms, 'theme');
    this.people = new EntityIndex(input.people);
    this.publishers = new EntityIndex(input.publishers);
    this.families = new EntityIndex(input.families);
    this.awards = new EntityIndex(input.awards);
  }

  taxonomy(kind: TaxonomyKind): TermIndex {
    return kind === 'mechanic' ? this.mechanics : kind === 'category' ? this.categories : this.themes;
  }

  resolve(kind: ReferenceKind, slugOrId: string): string | undefined {
    switch (kind) {
      case 'mechanic':
      case 'category':
      case 'theme': {
        const index = this.taxonomy(kind).find(slugOrId);
        return index === undefined ? undefined : this.terms[index].slug;
      }
      case 'designer':
      case 'artist':
        return slugOf(this.people, slugOrId);
      case 'publisher':
        return slugOf(this.publishers, slugOrId);
      case 'family':
        return slugOf(this.families, slugOrId);
      case 'award':
        return slugOf(this.awards, slugOrId);
    }
  }
}

function slugOf<T extends { id: string; slug: string }>(index: EntityIndex<T>, slugOrId: string): string | undefined {
  const found = index.find(slugOrId);
  return found === undefined ? undefined : index.items[found].slug;
}
