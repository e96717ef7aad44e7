// One batch of synthetic games at a time: the rows of games, game_terms, game_credits,
// game_publishers and external_identifiers, drawn from distributions shaped after real
// catalogs (recent years, a long tail of vote counts, many unrated games, popular and rare
// mechanics, prolific designers), then appended. The exact numbers are illustrative.

import type { Queryable } from '../loader/store.js';
import { TableAppender, type RowObject } from './append.js';
import { gameName, slugify } from './names.js';
import { Zipf, type Random } from './random.js';
import { CATEGORIES, MECHANICS, THEMES } from './vocabulary.js';

const TIMESTAMP = '2026-01-01T00:00:00.000Z';
/** Bayesian prior: this many phantom votes at the prior mean (what the materializer does). */
const PRIOR_VOTES = 100;
const PRIOR_MEAN = 5.5;

export interface TermIds {
  mechanic: string[];
  category: string[];
  theme: string[];
}

/** Rows of one batch of games, per table. */
type Batch = Record<'games' | 'game_terms' | 'game_credits' | 'game_publishers' | 'external_identifiers', RowObject[]>;

export class GameWriter {
  /** Ids of base games written so far: expansions pick their parent among them. */
  private readonly baseIds: string[] = [];
  private readonly mechanics = new Zipf(MECHANICS.length, 0.9);
  private readonly categories = new Zipf(CATEGORIES.length, 0.8);
  private readonly themes = new Zipf(THEMES.length, 0.8);
  private readonly designers: Zipf;
  private readonly publishers: Zipf;

  private constructor(
    private readonly appenders: Record<keyof Batch, TableAppender>,
    private readonly random: Random,
    private readonly termIds: TermIds,
    private readonly personIds: string[],
    private readonly publisherIds: string[],
  ) {
    // offset 20: the most prolific designer gets ~0.4 % of credits (Knizia-like), not 2 %
    this.designers = new Zipf(personIds.length, 0.7, 20);
    this.publishers = new Zipf(publisherIds.length, 0.8, 5);
  }

  static async open(
    tx: Queryable,
    random: Random,
    termIds: TermIds,
    personIds: string[],
    publisherIds: string[],
  ): Promise<GameWriter> {
    const tables = ['games', 'game_terms', 'game_credits', 'game_publishers', 'external_identifiers'] as const;
    const appenders = {} as Record<keyof Batch, TableAppender>;
    for (const table of tables) appenders[table] = await TableAppender.open(tx, table);
    return new GameWriter(appenders, random, termIds, personIds, publisherIds);
  }

  async batch(from: number, to: number): Promise<Record<string, number>> {
    const batch: Batch = { games: [], game_terms: [], game_credits: [], game_publishers: [], external_identifiers: [] };
    for (let i = from; i < to; i++) this.game(i, batch);
    const written: Record<string, number> = {};
    for (const table of Object.keys(batch) as (keyof Batch)[]) {
      await this.appenders[table].append(batch[table]);
      written[table] = batch[table].length;
    }
    return written;
  }

  private game(i: number, out: Batch): void {
    const r = this.random;
    const id = r.uuid();
    const name = gameName(r);
    const type = this.type();
    const parent = type === 'expansion' ? this.baseIds[r.int(0, this.baseIds.length - 1)] : null;
    if (type === 'base_game') this.baseIds.push(id);
    const year = r.chance(0.03) ? null : 2026 - Math.floor(77 * r.next() ** 2);
    const players = this.players();
    const playtime = this.playtime();
    out.games.push({
      id,
      slug: `${slugify(name)}-${i + 1}`,
      name,
      type,
      year_published: year,
      release_date: year !== null && r.chance(0.2) ? `${year}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}` : null,
      parent_game_id: parent,
      min_players: players[0],
      max_players: players[1],
      min_playtime: playtime[0],
      max_playtime: playtime[1],
      min_age: r.chance(0.1) ? null : [6, 8, 8, 10, 10, 12, 12, 14, 14, 16][r.int(0, 9)],
      mode: this.mode(),
      funding_source: r.chance(0.15)
        ? null
        : r.chance(0.8)
          ? 'retail'
          : r.chance(0.7)
            ? 'crowdfunding_a'
            : 'self_published',
      status: 'active',
      ...this.community(),
      ...this.experience(),
      created_at: TIMESTAMP,
      updated_at: TIMESTAMP,
    });
    this.links(id, out);
    out.external_identifiers.push({ game_id: id, source: 'legacy', external_id: String(i + 1), is_numeric: true });
  }

  private type(): string {
    const u = this.random.next();
    if (u < 0.8 || this.baseIds.length === 0) return 'base_game';
    if (u < 0.95) return 'expansion';
    if (u < 0.97) return 'standalone_expansion';
    if (u < 0.99) return 'promo';
    return 'accessory';
  }

  /** [min, max] players, 1..8, mostly 2–4 or 2–5; 2 % unknown. */
  private players(): [number | null, number | null] {
    const r = this.random;
    if (r.chance(0.02)) return [null, null];
    const u = r.next();
    const min = u < 0.15 ? 1 : u < 0.8 ? 2 : u < 0.92 ? 3 : 4;
    const spread = [0, 1, 2, 2, 3, 3, 3, 4, 5, 6][r.int(0, 9)];
    return [min, Math.min(8, min + spread)];
  }

  /** [min, max] minutes in 10..240, skewed short; 3 % unknown. */
  private playtime(): [number | null, number | null] {
    const r = this.random;
    if (r.chance(0.03)) return [null, null];
    const steps = [10, 15, 20, 30, 30, 45, 45, 60, 60, 60, 90, 90, 120, 150, 180, 240];
    const min = steps[Math.floor(steps.length * r.next() ** 1.4)];
    const max = r.chance(0.5) ? min : Math.min(240, min + 15 * r.int(1, 6));
    return [min, max];
  }

  private mode(): string | null {
    const u = this.random.next();
    if (u < 0.1) return null;
    if (u < 0.25) return 'cooperative';
    if (u < 0.85) return 'competitive';
    if (u < 0.9) return 'solo';
    if (u < 0.95) return 'team';
    return 'mixed';
  }

  /**
   * Rating aggregates: 40 % of games are unrated (all null); vote counts follow a Pareto tail
   * (median a few votes, a few hundred games above 10k); bayes_rating shrinks toward the prior.
   * Values are rounded so that ties occur and the id tie-break is exercised.
   */
  private community(): RowObject {
    const r = this.random;
    const rated = r.chance(0.6);
    const votes = rated ? Math.min(150_000, Math.floor(1 / (1 - r.next()) ** (1 / 0.65))) : null;
    const rating = votes === null ? null : round(clamp(6.4 + r.normal() * (0.7 + 2 / Math.sqrt(votes)), 1, 10), 3);
    const bayes =
      votes === null || rating === null
        ? null
        : round((PRIOR_VOTES * PRIOR_MEAN + votes * rating) / (PRIOR_VOTES + votes), 3);
    const weighted = r.chance(votes === null ? 0.3 : 0.85);
    const community = votes !== null && votes >= 20 && r.chance(0.5);
    const median = community ? 15 * r.int(1, 10) : null;
    return {
      rating,
      rating_votes: votes,
      rating_stddev: votes === null ? null : round(1.1 + r.next() * 0.7, 3),
      bayes_rating: bayes,
      weight: weighted ? round(clamp(2.3 + r.normal() * 0.8, 1, 5), 2) : null,
      weight_votes: weighted ? Math.max(1, Math.floor((votes ?? 5) * 0.12)) : null,
      owner_count: votes === null ? null : votes * r.int(2, 6),
      wishlist_count: votes === null ? null : Math.floor(votes * r.next()),
      total_plays: votes === null ? null : votes * r.int(1, 8),
      community_min_playtime: median === null ? null : Math.max(5, median - 15),
      community_max_playtime: median === null ? null : median + 30,
      community_median_playtime: median,
      community_suggested_age: community ? r.int(6, 14) : null,
      language_dependence: r.chance(0.5)
        ? null
        : ['no_text', 'some_text', 'moderate_text', 'extensive_text'][r.int(0, 3)],
    };
  }

  /**
   * Game-specific experience multipliers for ~10 % of games; ~1 % more have three of the four,
   * which must fall back to the global defaults (the filter needs all four).
   */
  private experience(): RowObject {
    const r = this.random;
    const u = r.next();
    if (u >= 0.11) return { experience_sufficient_data: false };
    const values = {
      experience_first_play: round(1.3 + r.next() * 0.5, 2),
      experience_learning: round(1.1 + r.next() * 0.3, 2),
      experience_experienced: round(0.95 + r.next() * 0.1, 2),
      experience_expert: round(0.75 + r.next() * 0.2, 2),
    };
    if (u < 0.1) return { experience_sufficient_data: true, ...values };
    return { experience_sufficient_data: false, ...values, experience_expert: null };
  }

  /** 0–6 mechanics, 0–3 categories, 0–2 themes, 1–3 designers, 0–2 artists, 1–2 publishers. */
  private links(gameId: string, out: Batch): void {
    const r = this.random;
    let position = 0;
    const terms = (zipf: Zipf, ids: string[], n: number): void => {
      for (const k of zipf.distinct(r, n))
        out.game_terms.push({ game_id: gameId, term_id: ids[k], position: position++ });
    };
    terms(this.mechanics, this.termIds.mechanic, [0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6][r.int(0, 10)]);
    terms(this.categories, this.termIds.category, [0, 1, 1, 2, 2, 3][r.int(0, 5)]);
    terms(this.themes, this.termIds.theme, [0, 1, 1, 1, 2][r.int(0, 4)]);
    position = 0;
    const credit = (zipf: Zipf, role: string, n: number): void => {
      for (const k of zipf.distinct(r, n)) {
        out.game_credits.push({ game_id: gameId, person_id: this.personIds[k], role, position: position++ });
      }
    };
    credit(this.designers, 'designer', [1, 1, 1, 2, 2, 3][r.int(0, 5)]);
    credit(this.designers, 'artist', [0, 1, 1, 2][r.int(0, 3)]);
    position = 0;
    for (const k of this.publishers.distinct(r, r.chance(0.7) ? 1 : 2)) {
      out.game_publishers.push({ game_id: gameId, publisher_id: this.publisherIds[k], position: position++ });
    }
  }
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, value));
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
