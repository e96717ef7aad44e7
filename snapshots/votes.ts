// Raw votes in: append-only rows (contract, Vote records). A vote never touches the Game's
// aggregates; materialization folds it in later. Each insert commits on its own, so an
// acknowledged vote is in DuckDB's write-ahead log before the caller hears of it.

import type { ExperienceLevel } from '../engine/index.js';
import type { Queryable } from '../loader/store.js';

export interface RatingVote {
  id: string;
  game_id: string;
  rating: number;
  declared_scale: string | null;
  play_count: number | null;
  experience_level: ExperienceLevel | null;
  created_at: string;
}

export interface WeightVote {
  id: string;
  game_id: string;
  weight: number;
  created_at: string;
}

export async function insertRatingVote(db: Queryable, vote: RatingVote): Promise<void> {
  await db.run(
    `INSERT INTO rating_votes (id, game_id, rating, declared_scale, play_count, experience_level, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::TIMESTAMPTZ)`,
    [vote.id, vote.game_id, vote.rating, vote.declared_scale, vote.play_count, vote.experience_level, vote.created_at],
  );
}

export async function insertWeightVote(db: Queryable, vote: WeightVote): Promise<void> {
  await db.run('INSERT INTO weight_votes (id, game_id, weight, created_at) VALUES ($1, $2, $3, $4::TIMESTAMPTZ)', [
    vote.id,
    vote.game_id,
    vote.weight,
    vote.created_at,
  ]);
}
