// Experience play-time data of a set of games, read from the store (SPEC-NOTES §7, D25):
// the observed per-level rows and the multipliers the last materialization stored on the
// game. Like the polls they are not part of the Dataset; only the experience view needs them.

import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../engine/index.js';
import type { Store } from './store.js';

export interface ExperienceRow {
  experience_level: ExperienceLevel;
  median_minutes: number;
  /** p10 of the level's reported durations. */
  min_minutes: number | null;
  /** p90 of the level's reported durations. */
  max_minutes: number | null;
  total_reports: number;
}

export interface ExperienceRecord {
  game_id: string;
  /** Observed rows, in level order; levels without data are absent. */
  rows: ExperienceRow[];
  /** Materialized D25 flag (false when the game has no statistics at all). */
  sufficient_data: boolean;
  /** The game's own materialized multipliers; null unless sufficient_data. */
  multipliers: Record<ExperienceLevel, number> | null;
}

interface GameColumns {
  id: string;
  experience_sufficient_data: boolean | null;
  experience_first_play: number | null;
  experience_learning: number | null;
  experience_experienced: number | null;
  experience_expert: number | null;
}

export async function readExperience(store: Store, gameIds: readonly string[]): Promise<Map<string, ExperienceRecord>> {
  const out = new Map<string, ExperienceRecord>();
  if (gameIds.length === 0) return out;
  const ids = [...new Set(gameIds)];
  const games = await store.all<GameColumns>(
    `SELECT id, experience_sufficient_data, experience_first_play, experience_learning,
            experience_experienced, experience_expert
       FROM games WHERE id IN (SELECT unnest($1::VARCHAR[]))`,
    [ids],
  );
  for (const g of games) {
    const values = [g.experience_first_play, g.experience_learning, g.experience_experienced, g.experience_expert];
    // Multipliers count only when the run marked the data sufficient and wrote all four.
    const complete = g.experience_sufficient_data === true && values.every((v) => v !== null);
    out.set(g.id, {
      game_id: g.id,
      rows: [],
      sufficient_data: complete,
      multipliers: complete
        ? (Object.fromEntries(EXPERIENCE_LEVELS.map((level, i) => [level, Number(values[i])])) as Record<
            ExperienceLevel,
            number
          >)
        : null,
    });
  }
  const rows = await store.all<ExperienceRow & { game_id: string }>(
    `SELECT game_id, level AS experience_level, median_minutes, min_minutes, max_minutes, total_reports
       FROM baseline_experience_playtime WHERE game_id IN (SELECT unnest($1::VARCHAR[]))
      ORDER BY game_id, list_position($2::VARCHAR[], level)`,
    [ids, [...EXPERIENCE_LEVELS]],
  );
  for (const { game_id, ...row } of rows) out.get(game_id)?.rows.push(row);
  return out;
}
