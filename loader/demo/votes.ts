// Seeded raw votes of every kind, so the first materialization run after a demo import has
// work to do. Every vote carries a deterministic UUIDv7 id and a fixed timestamp in
// 2025–2026, so importing the catalog again appends nothing.

import type { CatalogRecord } from '../catalog/records.js';
import { EXPERIENCE_LEVELS, LANGUAGE_DEPENDENCE_LEVELS } from '../../engine/index.js';
import { voteId } from './ids.js';
import { rng, round, type Rng } from './prng.js';
import { AGE_STEPS } from './stats.js';
import type { GameFact } from './types.js';

type Of<K extends CatalogRecord['kind']> = Extract<CatalogRecord, { kind: K }>;

export interface VoteSet {
  rating: Of<'rating_vote'>[];
  weight: Of<'weight_vote'>[];
  playerCount: Of<'player_count_vote'>[];
  age: Of<'age_vote'>[];
  language: Of<'language_vote'>[];
  plays: Of<'play_log'>[];
}

const WINDOW_START = Date.UTC(2025, 0, 1);
const WINDOW_END = Date.UTC(2026, 9, 31, 23, 59, 59);

function timeIn(r: Rng): Date {
  // Whole seconds keep the timestamps readable.
  return new Date(Math.floor(r.range(WINDOW_START, WINDOW_END) / 1000) * 1000);
}

/** ISO 8601 with milliseconds, the form the exporter writes, so import → export keeps the bytes. */
function stamp(d: Date): string {
  return d.toISOString();
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Raw votes for the given games, each game seeded by its slug. */
export function generateVotes(games: readonly GameFact[]): VoteSet {
  const set: VoteSet = { rating: [], weight: [], playerCount: [], age: [], language: [], plays: [] };
  for (const g of games) addGameVotes(set, g);
  return set;
}

function addGameVotes(set: VoteSet, g: GameFact): void {
  const r = rng(`ludex-demo:votes:${g.slug}`);
  // Games without printed player counts get no player-count votes and no player numbers in logs.
  const players = g.players;
  const key = (i: number): string => `${g.slug}:${i}`;

  for (let i = 0, n = r.int(5, 14); i < n; i++) {
    const at = timeIn(r);
    const vote: Of<'rating_vote'> = {
      kind: 'rating_vote',
      id: voteId('rating_vote', key(i), at),
      game: g.slug,
      rating: Math.round(clamp(g.hint.rating + r.normal() * 1.4, 1, 10)),
    };
    if (r.next() < 0.3) vote.declared_scale = '1-10';
    if (r.next() < 0.5) vote.play_count = r.int(1, 40);
    if (r.next() < 0.5) vote.experience_level = r.pick(EXPERIENCE_LEVELS);
    vote.created_at = stamp(at);
    set.rating.push(vote);
  }
  for (let i = 0, n = r.int(2, 6); i < n; i++) {
    const at = timeIn(r);
    set.weight.push({
      kind: 'weight_vote',
      id: voteId('weight_vote', key(i), at),
      game: g.slug,
      weight: round(clamp(g.hint.weight + r.normal() * 0.45, 1, 5), 1),
      created_at: stamp(at),
    });
  }
  for (let i = 0, n = players ? r.int(2, 6) : 0; i < n && players; i++) {
    const at = timeIn(r);
    set.playerCount.push({
      kind: 'player_count_vote',
      id: voteId('player_count_vote', key(i), at),
      game: g.slug,
      player_count: r.int(players[0], Math.min(players[1], 12)),
      rating: r.int(2, 5),
      created_at: stamp(at),
    });
  }
  const baseAge = g.age ?? 10;
  for (let i = 0, n = r.int(1, 3); i < n; i++) {
    const at = timeIn(r);
    set.age.push({
      kind: 'age_vote',
      id: voteId('age_vote', key(i), at),
      game: g.slug,
      age: r.pick(AGE_STEPS.filter((step) => Math.abs(step - baseAge) <= 2)),
      created_at: stamp(at),
    });
  }
  const language = LANGUAGE_DEPENDENCE_LEVELS.indexOf(g.hint.language ?? 'some_text');
  for (let i = 0, n = r.int(1, 2); i < n; i++) {
    const at = timeIn(r);
    set.language.push({
      kind: 'language_vote',
      id: voteId('language_vote', key(i), at),
      game: g.slug,
      level: LANGUAGE_DEPENDENCE_LEVELS[clamp(language + r.pick([-1, 0, 0, 1]), 0, 4)] ?? 'some_text',
      created_at: stamp(at),
    });
  }
  const [minTime, maxTime] = g.time ?? [30, 60];
  const typical = (minTime + maxTime) / 2;
  const factor: Readonly<Record<(typeof EXPERIENCE_LEVELS)[number], number>> = {
    first_play: 1.5,
    learning: 1.25,
    experienced: 1,
    expert: 0.85,
  };
  for (let i = 0, n = r.int(3, 9); i < n; i++) {
    const at = timeIn(r);
    const level = r.pick(EXPERIENCE_LEVELS);
    const day = stamp(at).slice(0, 10);
    const minutes = Math.max(5, Math.round(typical * factor[level] * r.range(0.8, 1.25)));
    const count = players ? r.int(players[0], Math.min(players[1], 12)) : undefined;
    set.plays.push({
      kind: 'play_log',
      // Play logs carry a date only, so the id's timestamp is noon of that day; the hash part keeps ids distinct.
      id: voteId('play_log', key(i), new Date(`${day}T12:00:00Z`)),
      game: g.slug,
      minutes,
      ...(count === undefined ? {} : { players: count }),
      experience_level: level,
      played_at: day,
    });
  }
}
