// JSON of the catalog entities: contract fields, game_count and `_links` that point at the
// entity itself and at the games list filtered to it (SPEC-NOTES §1, §12).

import type {
  AwardEntity,
  EntityBase,
  FamilyEntity,
  PersonEntity,
  PublisherEntity,
  TaxonomyKind,
  TermEntity,
} from '../../engine/index.js';
import { API_PREFIX, link, listHref, type Link } from '../links.js';

/** Per taxonomy kind: its collection path segment and the games filter that selects by it. */
export const TAXONOMY_PATHS: Readonly<Record<TaxonomyKind, { segment: string; filter: string }>> = {
  mechanic: { segment: 'mechanics', filter: 'mechanics' },
  category: { segment: 'categories', filter: 'category' },
  theme: { segment: 'themes', filter: 'theme' },
};

export function entityPath(segment: string, slug: string): string {
  return `${API_PREFIX}/${segment}/${encodeURIComponent(slug)}`;
}

/** The games list filtered by one parameter (designer=…, award.slug=…). */
export function gamesLink(filter: string, slug: string): Link {
  return link(listHref(`${API_PREFIX}/games`, { [filter]: slug }));
}

function head(e: EntityBase): { id: string; slug: string; name: string } {
  return { id: e.id, slug: e.slug, name: e.name };
}

export function termObject(t: TermEntity): Record<string, unknown> {
  const { segment, filter } = TAXONOMY_PATHS[t.kind];
  return {
    ...head(t),
    kind: t.kind,
    description: t.description,
    parent: t.parent,
    aliases: t.aliases,
    game_count: t.game_count,
    _links: { self: link(entityPath(segment, t.slug)), games: gamesLink(filter, t.slug) },
  };
}

/** A designer: the role view of a person (game_count counts designed games). */
export function designerObject(p: PersonEntity): Record<string, unknown> {
  return {
    ...head(p),
    description: p.description,
    game_count: p.game_count,
    _links: {
      self: link(entityPath('designers', p.slug)),
      games: gamesLink('designer', p.slug),
      person: link(entityPath('people', p.slug)),
    },
  };
}

/** An artist: like a designer, without description (contract: "artist has none"). */
export function artistObject(p: PersonEntity): Record<string, unknown> {
  return {
    ...head(p),
    game_count: p.game_count,
    _links: {
      self: link(entityPath('artists', p.slug)),
      games: gamesLink('artist', p.slug),
      person: link(entityPath('people', p.slug)),
    },
  };
}

/** A person with every role; links to the role views that exist for them. */
export function personObject(p: PersonEntity): Record<string, unknown> {
  const links: Record<string, Link> = { self: link(entityPath('people', p.slug)) };
  if (p.roles.designer !== undefined) links.designer = link(entityPath('designers', p.slug));
  if (p.roles.artist !== undefined) links.artist = link(entityPath('artists', p.slug));
  return {
    ...head(p),
    description: p.description,
    game_count: p.game_count,
    roles: p.roles,
    _links: links,
  };
}

export function publisherObject(p: PublisherEntity): Record<string, unknown> {
  return {
    ...head(p),
    description: p.description,
    country: p.country,
    website: p.website,
    game_count: p.game_count,
    _links: { self: link(entityPath('publishers', p.slug)), games: gamesLink('publisher', p.slug) },
  };
}

export function awardObject(a: AwardEntity): Record<string, unknown> {
  return {
    ...head(a),
    description: a.description,
    organization: a.organization,
    website: a.website,
    game_count: a.game_count,
    _links: { self: link(entityPath('awards', a.slug)), games: gamesLink('award.slug', a.slug) },
  };
}

/** A family as listed (the detail view adds a page of its games). */
export function familyObject(f: FamilyEntity): Record<string, unknown> {
  return {
    ...head(f),
    description: f.description,
    game_count: f.game_count,
    _links: { self: link(entityPath('families', f.slug)), games: gamesLink('family', f.slug) },
  };
}
