// Slugs for records made from foreign data (BGG names → "spirit-island"). Shared by the
// foreign importers so the same name always yields the same slug, whichever format it came in.

import { SLUG_PATTERN } from '../../engine/index.js';

/** The catalog's slug length limit. */
export const MAX_SLUG_LENGTH = 100;

/**
 * A deterministic slug from a display name: accents stripped (NFKD), lowercase ASCII
 * letters and digits, every other run of characters one hyphen. Names with no Latin
 * letters or digits at all ("カタン") give "" — callers then fall back to an id-based slug.
 */
export function slugify(name: string, maxLength: number = MAX_SLUG_LENGTH): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/&/g, ' and ')
    .toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return trimSlug(slug, maxLength);
}

/** Cuts a slug to `maxLength` without leaving a trailing hyphen. */
export function trimSlug(slug: string, maxLength: number = MAX_SLUG_LENGTH): string {
  return slug.length <= maxLength ? slug : slug.slice(0, maxLength).replace(/-+$/g, '');
}

/**
 * The slug for a new record: `slugify(name)`, or `<slug>-<id>` when that is already taken
 * (or the name gives no slug at all: `<prefix>-<id>`). Deterministic for a given name, id
 * and set of taken slugs, so re-running an import over the same store picks the same slug.
 */
export function uniqueSlug(
  name: string,
  id: string | number,
  taken: (slug: string) => boolean,
  prefix = 'item',
): string {
  const suffix = `-${String(id)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`;
  const base = slugify(name, MAX_SLUG_LENGTH);
  if (base !== '' && !taken(base)) return base;
  const stem = base === '' ? prefix : trimSlug(base, MAX_SLUG_LENGTH - suffix.length);
  return `${stem}${suffix}`;
}

export function isSlug(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}
