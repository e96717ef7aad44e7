// Fact tables → catalog records. Keys are written in the field order of the zod schemas in
// loader/catalog/records.ts, and absent optional fields are left out entirely.

import type { CatalogRecord } from '../catalog/records.js';
import type { AwardFact, AwardResultFact } from './awards.js';
import type { AlternateNameFact } from './names.js';
import type { FamilyFact } from './families.js';
import { entityId } from './ids.js';
import { slugify } from './slug.js';
import type { StatsOverride } from './stats.js';
import { generateStats } from './stats.js';
import type { CombinationFact, GameFact, ModificationFact, PublisherFact } from './types.js';

type Of<K extends CatalogRecord['kind']> = Extract<CatalogRecord, { kind: K }>;

/** Drops undefined fields and empty lists so they do not appear in the JSON line. */
function compact<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as T;
}

export function personRecord(name: string): Of<'person'> {
  const slug = slugify(name);
  return { kind: 'person', id: entityId('person', slug), slug, name };
}

export function publisherRecord(p: PublisherFact): Of<'publisher'> {
  return compact({
    kind: 'publisher',
    id: entityId('publisher', p.slug),
    slug: p.slug,
    name: p.name,
    country: p.country,
    website: p.website,
  });
}

export function familyRecord(f: FamilyFact): Of<'family'> {
  return compact({
    kind: 'family',
    id: entityId('family', f.slug),
    slug: f.slug,
    name: f.name,
    description: f.description,
  });
}

export function awardRecord(a: AwardFact): Of<'award'> {
  return compact({
    kind: 'award',
    id: entityId('award', a.slug),
    slug: a.slug,
    name: a.name,
    description: a.description,
    organization: a.organization,
    website: a.website,
  });
}

export interface GameExtras {
  names: readonly AlternateNameFact[];
  awards: readonly AwardResultFact[];
  override?: StatsOverride;
}

export function gameRecord(g: GameFact, extras: GameExtras): Of<'game'> {
  return compact({
    kind: 'game',
    id: entityId('game', g.slug),
    slug: g.slug,
    name: g.name,
    type: g.type ?? 'base_game',
    year_published: g.year,
    parent: g.parent,
    min_players: g.players?.[0],
    max_players: g.players?.[1],
    min_playtime: g.time?.[0],
    max_playtime: g.time?.[1],
    min_age: g.age,
    mode: g.mode,
    funding_source: g.funding,
    legacy_id: g.bgg,
    description: g.description,
    mechanics: g.mechanics ? [...g.mechanics] : undefined,
    categories: g.categories ? [...g.categories] : undefined,
    themes: g.themes ? [...g.themes] : undefined,
    families: g.families ? [...g.families] : undefined,
    designers: g.designers?.map(slugify),
    artists: g.artists?.map(slugify),
    publishers: g.publishers ? [...g.publishers] : undefined,
    credits: g.credits?.map((c) => ({ person: slugify(c.person), role: c.role })),
    alternate_names: extras.names.map((n) => ({ name: n.name, language: n.language })),
    awards: [...extras.awards]
      .sort((a, b) => a.year - b.year || a.award.localeCompare(b.award))
      .map((a) => compact({ award: a.award, year: a.year, result: a.result, category: a.category })),
    stats: generateStats(g, extras.override),
  });
}

export function modificationRecord(m: ModificationFact, index: number): Of<'property_modification'> {
  return {
    kind: 'property_modification',
    id: entityId('property_modification', `${m.expansion}:${m.property}:${m.operation}:${index}`),
    expansion: m.expansion,
    property: m.property,
    operation: m.operation,
    value: typeof m.value === 'number' ? m.value : [...m.value],
  };
}

export function combinationRecord(c: CombinationFact): Of<'expansion_combination'> {
  const expansions = [...c.expansions].sort();
  return compact({
    kind: 'expansion_combination',
    id: entityId('expansion_combination', `${c.base}:${expansions.join('+')}`),
    base: c.base,
    expansions,
    min_players: c.min_players,
    max_players: c.max_players,
    min_playtime: c.min_playtime,
    max_playtime: c.max_playtime,
    weight: c.weight,
    min_age: c.min_age,
    top_at: c.top_at ? [...c.top_at] : undefined,
    recommended_at: c.recommended_at ? [...c.recommended_at] : undefined,
  });
}
