// The members `include=` adds to a Game (contract rule 2; shapes of SPEC-NOTES D27–D29).

import type { DatasetApi, EntityRef } from '../../engine/api.js';
import type { PollsRecord } from '../../loader/polls.js';
import { API_PREFIX, gamePath, link } from '../links.js';
import type { GameInclude } from '../schemas/includes.js';

export interface EmbedSources {
  /** Polls per game id, read from the store only when `polls` is included. */
  polls?: ReadonlyMap<string, PollsRecord>;
}

function refs(items: EntityRef[], path: string): unknown[] {
  return items.map((r) => ({ id: r.id, slug: r.slug, name: r.name, _links: { self: link(`${API_PREFIX}/${path}/${r.slug}`) } }));
}

function terms(items: EntityRef[], filterName: string): unknown[] {
  return items.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    _links: { games: link(`${API_PREFIX}/games?${filterName}=${encodeURIComponent(r.slug)}`) },
  }));
}

export function embedsFor(
  dataset: DatasetApi,
  row: number,
  include: readonly GameInclude[],
  sources: EmbedSources = {},
): [string, unknown][] {
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
            return { id: e.id, slug: e.slug, name: e.name, type: e.type, year_published: e.year_published, _links: { self: link(gamePath(e.slug)) } };
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
        out.push([
          name,
          related.credits.map((c) => ({
            game_id: game.id,
            person_id: c.person_id,
            role: c.role,
            person_name: c.person_name,
            person_slug: c.person_slug,
            _links: { person: link(`${API_PREFIX}/people/${c.person_slug}`), game: link(gamePath(game.slug)) },
          })),
        ]);
        break;
      case 'awards':
        out.push([
          name,
          related.awards.map((a) => ({
            game_id: game.id,
            award_id: a.award_id,
            award_slug: a.award_slug,
            award_name: a.award_name,
            year: a.year,
            result: a.result,
            category: a.category,
            _links: { award: link(`${API_PREFIX}/awards/${a.award_slug}`), game: link(gamePath(game.slug)) },
          })),
        ]);
        break;
      case 'alternate_names':
        out.push([name, related.alternate_names]);
        break;
      case 'stats':
        out.push([
          name,
          {
            rating: game.rating,
            rating_votes: game.rating_votes,
            bayes_rating: game.bayes_rating,
            rating_distribution: game.rating_distribution,
            rating_stddev: game.rating_stddev,
            rating_confidence: game.rating_confidence,
            weight: game.weight,
            weight_votes: game.weight_votes,
            rank_overall: game.rank_overall,
            rank_by_category: game.rank_by_category,
            owner_count: game.owner_count,
            wishlist_count: game.wishlist_count,
            total_plays: game.total_plays,
            updated_at: game.updated_at,
          },
        ]);
        break;
      case 'polls':
        out.push([name, sources.polls?.get(game.id) ?? null]);
        break;
    }
  }
  return out;
}
