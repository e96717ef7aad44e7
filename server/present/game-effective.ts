// The effective-properties object (SPEC-NOTES D13): one superset carrying both shapes of
// the contract — (a) base_game / expansions / effective_properties and (b) base /
// applied_expansions / effective — plus resolution_tier and each expansion's own effects.

import type { DatasetApi, EffectiveResolution, EffectiveValues } from '../../engine/index.js';
import { gamePath, link, type Link } from '../links.js';

export interface IndividualEffectJson {
  expansion_id: string;
  name: string;
  /** This expansion's modifications of the base game, in evaluation order. */
  modifications: { property: string; operation: string; value: number | number[] }[];
}

export interface EffectivePropertiesJson {
  base_game: string;
  base_game_id: string;
  expansions: string[];
  base: EffectiveValues;
  applied_expansions: string[];
  effective: EffectiveValues;
  effective_properties: EffectiveValues;
  combination_source: EffectiveResolution['combination_source'];
  resolution_tier: EffectiveResolution['resolution_tier'];
  /** Keyed by expansion slug, in release order (upstream's map shape). */
  individual_effects: Record<string, IndividualEffectJson>;
  _links: { self: Link; base_game: Link; expansions: Link };
}

function copy(v: EffectiveValues): EffectiveValues {
  return { ...v, top_at: [...v.top_at], recommended_at: [...v.recommended_at] };
}

export function effectivePropertiesJson(
  dataset: DatasetApi,
  base: number,
  resolution: EffectiveResolution,
): EffectivePropertiesJson {
  const game = dataset.game(base);
  // individual_effects lists every requested expansion in release order (engine contract).
  const applied = resolution.individual_effects.map((e) => dataset.game(e.expansion));
  const slugs = applied.map((g) => g.slug);
  const individual: Record<string, IndividualEffectJson> = {};
  resolution.individual_effects.forEach((effect, i) => {
    individual[applied[i].slug] = {
      expansion_id: applied[i].id,
      name: applied[i].name,
      modifications: effect.modifications.map((m) => ({
        property: m.property,
        operation: m.operation,
        value: Array.isArray(m.value) ? [...m.value] : m.value,
      })),
    };
  });
  const self = `${gamePath(game.slug)}/effective-properties`;
  return {
    base_game: game.slug,
    base_game_id: game.id,
    expansions: slugs,
    base: copy(resolution.base),
    applied_expansions: [...slugs],
    effective: copy(resolution.effective),
    effective_properties: copy(resolution.effective),
    combination_source: resolution.combination_source,
    resolution_tier: resolution.resolution_tier,
    individual_effects: individual,
    _links: {
      self: link(slugs.length > 0 ? `${self}?with=${slugs.map(encodeURIComponent).join(',')}` : self),
      base_game: link(gamePath(game.slug)),
      expansions: link(`${gamePath(game.slug)}/expansions`),
    },
  };
}
