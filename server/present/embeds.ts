// The members `include=` adds to a Game (contract rule 2; shapes of SPEC-NOTES D27–D29).
// `effective_properties` embeds the base-only resolution (D13 object, tier 3): without an
// expansion set there is nothing else to resolve, and the sub-resource link resolves others.

import { GAME_STATS_FIELDS, type DatasetApi, type EntityRef, type GameRecord } from '../../engine/index.js';
import { API_PREFIX, gamePath, link } from '../links.js';
import type { GameInclude } from '../schemas/includes.js';
import { effectivePropertiesJson } from './game-effective.js';
import { experienceProfileJson } from './game-experience.js';
import { creditJson, gameAwardJson } from './game-records.js';

function refs(items: EntityRef[], path: string): unknown[] {
  return items.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    _links: { self: link(`${API_PREFIX}/${path}/${r.slug}`) },
  }));
}

function terms(items: EntityRef[], filterName: string): unknown[] {
  return items.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    _links: { games: link(`${API_PREFIX}/games?${filterName}=${encodeURIComponent(r.slug)}`) },
  }));
}

const STATS_MEMBERS = GAME_STATS_FIELDS.map((field) => field.name);

/** The `stats` embed (D28): the registry's stats fields, in its order. */
function statsJson(game: GameRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const member of STATS_MEMBERS) out[member] = game[member];
  return out;
}

export function embedsFor(dataset: DatasetApi, row: number, include: readonly GameInclude[]): [string, unknown][] {
  if (include.length === 0) return [];
  const game = dataset.game(row);
  const related = dataset.related(row);
  const out: [string, unknown][] = [];
  for (const name of include) {
    switch (name) {
      case 'expansions':
        out.push([
          name,
          related.expansions.map((r) => {
            const e = dataset.game(r);
            return {
              id: e.id,
              slug: e.slug,
              name: e.name,
              type: e.type,
              year_published: e.year_published,
              _links: { self: link(gamePath(e.slug)) },
            };
          }),
        ]);
        break;
      case 'mechanics':
        out.push([name, terms(related.mechanics, 'mechanics')]);
        break;
      case 'categories':
        out.push([name, terms(related.categories, 'category')]);
        break;
      case 'themes':
        out.push([name, terms(related.themes, 'theme')]);
        break;
      case 'families':
        out.push([name, refs(related.families, 'families')]);
        break;
      case 'designers':
        out.push([name, refs(related.designers, 'designers')]);
        break;
      case 'artists':
        out.push([name, refs(related.artists, 'artists')]);
        break;
      case 'publishers':
        out.push([name, refs(related.publishers, 'publishers')]);
        break;
      case 'credits':
        out.push([name, related.credits.map((c) => creditJson(game, c))]);
        break;
      case 'awards':
        out.push([name, related.awards.map((a) => gameAwardJson(game, a))]);
        break;
      case 'alternate_names':
        out.push([name, related.alternate_names]);
        break;
      case 'stats':
        out.push([name, statsJson(game)]);
        break;
      case 'polls':
        out.push([name, dataset.polls(row)]);
        break;
      case 'effective_properties':
        out.push([name, effectivePropertiesJson(dataset, row, dataset.resolveEffective(row, []))]);
        break;
      case 'experience_playtime':
        out.push([name, experienceProfileJson(game, dataset.experience(row))]);
        break;
      default: {
        // Every include value must have an embed: a new value without one fails to compile.
        const missing: never = name;
        throw new Error(`no embed for include ${String(missing)}`);
      }
    }
  }
  return out;
}
