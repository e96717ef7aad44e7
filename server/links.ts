// Hypermedia links: server-absolute paths with the /v1 prefix (SPEC-NOTES D43, D57).

export const API_PREFIX = '/v1';

export interface Link {
  href: string;
}

export function link(href: string): Link {
  return { href };
}

export function gamePath(slug: string): string {
  return `${API_PREFIX}/games/${encodeURIComponent(slug)}`;
}

/** The Game `_links` of the contract, plus `parent` on games that have a base game. */
export function gameLinks(slug: string, parentSlug: string | null): Record<string, Link> {
  const self = gamePath(slug);
  const links: Record<string, Link> = {
    self: link(self),
    expansions: link(`${self}/expansions`),
    effective_properties: link(`${self}/effective-properties`),
    player_count_ratings: link(`${self}/player-count-ratings`),
    relationships: link(`${self}/relationships`),
    experience_playtime: link(`${self}/experience-playtime`),
  };
  if (parentSlug !== null) links.parent = link(gamePath(parentSlug));
  return links;
}

/** A list URL: the endpoint path plus the given query parameters, in the given order. */
export function listHref(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
