// Taxonomy terms, people, publishers, families and awards: reference checks, ids, and the
// rows each record becomes. Upsert key: (kind, slug) for terms, slug for the others.

import type { TaxonomyKind } from '../../engine/index.js';
import { canonicalLine } from './canonical.js';
import { RecordError } from './errors.js';
import { newId, termId } from './ids.js';
import { notFound, resolveId, type EntityItem, type ResolveContext } from './items.js';
import type { NamedKind } from './read-entities.js';
import type { Registry } from './registry.js';
import type { RecordOf } from './schemas.js';

/** A term slug or alias of `kind` → the term's id and canonical slug. */
export function findTerm(
  registry: Registry,
  kind: TaxonomyKind,
  slug: string,
): { id: string; slug: string } | undefined {
  const direct = registry.terms[kind].bySlug.get(slug);
  if (direct) return { id: direct.id, slug };
  const aliased = registry.aliases[kind].get(slug);
  if (aliased === undefined) return undefined;
  const term = registry.termsById.get(aliased);
  return term ? { id: aliased, slug: term.slug } : undefined;
}

export function resolveTerm(record: RecordOf<TaxonomyKind>, ctx: ResolveContext): EntityItem {
  const { registry } = ctx;
  const { kind, slug } = record;
  const index = registry.terms[kind];
  const existing = index.bySlug.get(slug);
  const aliasOwner = registry.aliases[kind].get(slug);
  if (aliasOwner !== undefined) {
    throw new RecordError(
      'slug',
      `'${slug}' is already an alias of ${kind} '${registry.termsById.get(aliasOwner)?.slug}'`,
    );
  }
  const id = resolveId(
    record.id,
    existing?.id,
    (candidate) => {
      const owner = registry.termsById.get(candidate);
      return owner ? `${owner.kind} '${owner.slug}'` : undefined;
    },
    `${kind} '${slug}'`,
    () => termId(kind, slug),
  );

  let parent: { id: string; slug: string } | undefined;
  if (record.parent !== undefined) {
    parent = findTerm(registry, kind, record.parent);
    if (!parent) throw new RecordError('parent', notFound(kind, record.parent));
    if (parent.id === id) throw new RecordError('parent', 'a term cannot be its own parent');
    for (let at: string | null = parent.id, steps = 0; at !== null; steps++) {
      if (at === id || steps > index.bySlug.size)
        throw new RecordError('parent', `'${record.parent}' descends from '${slug}'; parents cannot form a cycle`);
      const above = registry.termsById.get(at);
      at = above ? (index.bySlug.get(above.slug)?.parentId ?? null) : null;
    }
  }

  const aliases = record.aliases ?? [];
  const seen = new Set<string>();
  aliases.forEach((alias, i) => {
    const field = `aliases.${i}`;
    if (alias === slug) throw new RecordError(field, "an alias cannot repeat the term's own slug");
    if (seen.has(alias)) throw new RecordError(field, `'${alias}' is listed twice`);
    seen.add(alias);
    const term = index.bySlug.get(alias);
    if (term && term.id !== id) throw new RecordError(field, `'${alias}' is the slug of another ${kind}`);
    const owner = registry.aliases[kind].get(alias);
    if (owner !== undefined && owner !== id) {
      throw new RecordError(
        field,
        `'${alias}' is already an alias of ${kind} '${registry.termsById.get(owner)?.slug}'`,
      );
    }
  });
  const sortedAliases = [...aliases].sort();

  index.set(slug, { id, parentId: parent?.id ?? null });
  registry.termsById.set(id, { kind, slug });
  registry.replaceAliases(kind, id, sortedAliases);

  return {
    kind,
    id,
    slug,
    existed: existing !== undefined,
    canonical: existing ? canonicalLine(kind, { ...record, id, parent: parent?.slug, aliases: sortedAliases }) : '',
    main: {
      id,
      kind,
      slug,
      name: record.name,
      description: record.description ?? null,
      parent_id: parent?.id ?? null,
    },
    children: { term_aliases: sortedAliases.map((alias) => ({ kind, alias, term_id: id })) },
  };
}

export function resolveNamed(record: RecordOf<NamedKind>, ctx: ResolveContext): EntityItem {
  const { kind, slug } = record;
  const index = ctx.registry.named[kind];
  const existing = index.bySlug.get(slug);
  const id = resolveId(
    record.id,
    existing?.id,
    (candidate) => {
      const owner = index.slugById.get(candidate);
      return owner === undefined ? undefined : `${kind} '${owner}'`;
    },
    `${kind} '${slug}'`,
    newId,
  );
  index.set(slug, { id });
  const main: Record<string, unknown> = { id, slug, name: record.name, description: record.description ?? null };
  if (record.kind === 'publisher') {
    main.country = record.country ?? null;
    main.website = record.website ?? null;
  } else if (record.kind === 'award') {
    main.organization = record.organization ?? null;
    main.website = record.website ?? null;
  }
  return {
    kind,
    id,
    slug,
    existed: existing !== undefined,
    canonical: existing ? canonicalLine(kind, { ...record, id }) : '',
    main,
    children: {},
  };
}
