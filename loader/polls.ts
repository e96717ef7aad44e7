// The three community poll kinds of a set of games, read from the store (SPEC-NOTES D27).
// They are not part of the Dataset: only detail views and `include=polls` need them.

import type { LanguageDependence } from '../engine/index.js';
import type { Store } from './store.js';

export interface PlayerCountRatingRow {
  player_count: number;
  average_rating: number;
  rating_count: number;
  rating_stddev: number | null;
}

export interface PollsRecord {
  game_id: string;
  player_count_ratings: PlayerCountRatingRow[];
  community_age: {
    community_suggested_age: number | null;
    total_votes: number;
    votes: { game_id: string; suggested_age: number; vote_count: number }[];
  };
  language_dependence: {
    level: LanguageDependence | null;
    total_votes: number;
    votes: { game_id: string; level: LanguageDependence; vote_count: number }[];
  };
}

export async function readPolls(store: Store, gameIds: readonly string[]): Promise<Map<string, PollsRecord>> {
  const out = new Map<string, PollsRecord>();
  if (gameIds.length === 0) return out;
  const ids = [...new Set(gameIds)];
  const games = await store.all<{
    id: string;
    community_suggested_age: number | null;
    language_dependence: LanguageDependence | null;
  }>('SELECT id, community_suggested_age, language_dependence FROM games WHERE id IN (SELECT unnest($1::VARCHAR[]))', [
    ids,
  ]);
  for (const g of games) {
    out.set(g.id, {
      game_id: g.id,
      player_count_ratings: [],
      community_age: { community_suggested_age: g.community_suggested_age, total_votes: 0, votes: [] },
      language_dependence: { level: g.language_dependence, total_votes: 0, votes: [] },
    });
  }
  const counts = await store.all<PlayerCountRatingRow & { game_id: string }>(
    `SELECT game_id, player_count, average_rating, rating_count, rating_stddev
       FROM baseline_player_count_ratings WHERE game_id IN (SELECT unnest($1::VARCHAR[]))
      ORDER BY game_id, player_count`,
    [ids],
  );
  for (const { game_id, ...row } of counts) out.get(game_id)?.player_count_ratings.push(row);
  const ages = await store.all<{ game_id: string; suggested_age: number; vote_count: number }>(
    `SELECT game_id, suggested_age, vote_count FROM baseline_age_poll
      WHERE game_id IN (SELECT unnest($1::VARCHAR[])) ORDER BY game_id, suggested_age`,
    [ids],
  );
  for (const row of ages) {
    const poll = out.get(row.game_id)?.community_age;
    if (!poll) continue;
    poll.votes.push(row);
    poll.total_votes += row.vote_count;
  }
  const levels = await store.all<{ game_id: string; level: LanguageDependence; vote_count: number }>(
    `SELECT game_id, level, vote_count FROM baseline_language_poll
      WHERE game_id IN (SELECT unnest($1::VARCHAR[]))
      ORDER BY game_id, array_position(['no_text', 'some_text', 'moderate_text', 'extensive_text', 'unplayable_without_text'], level)`,
    [ids],
  );
  for (const row of levels) {
    const poll = out.get(row.game_id)?.language_dependence;
    if (!poll) continue;
    poll.votes.push(row);
    poll.total_votes += row.vote_count;
  }
  return out;
}
