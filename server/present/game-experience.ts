// The experience play-time profile of a game (SPEC-NOTES §7, D25, D26): always four level
// rows — observed ones as stored, missing ones estimated from an anchor time times the
// level's multiplier — and the multipliers a filter would use, with where they came from.

import {
  DEFAULT_EXPERIENCE_MULTIPLIERS,
  EXPERIENCE_LEVELS,
  type ExperienceLevel,
  type GameExperience,
  type GameRecord,
} from '../../engine/index.js';
import { gamePath, link, type Link } from '../links.js';

export interface ExperienceLevelJson {
  experience_level: ExperienceLevel;
  median_minutes: number | null;
  min_minutes: number | null;
  max_minutes: number | null;
  total_reports: number;
  /** True when no reports exist for the level and the times are anchor × multiplier. */
  estimated: boolean;
}

export interface ExperienceProfileJson {
  game_id: string;
  levels: ExperienceLevelJson[];
  multipliers: Record<ExperienceLevel, number>;
  multiplier_source: 'game' | 'global';
  sufficient_data: boolean;
  total_reports: number;
  _links: { self: Link; game: Link };
}

interface Times {
  median: number | null;
  min: number | null;
  max: number | null;
}

/**
 * Times of an experienced play (multiplier 1.0): the observed experienced row; else another
 * observed level scaled back by its multiplier; else the publisher-stated box time, which
 * describes a play by people who know the game.
 */
function anchorTimes(game: GameRecord, record: GameExperience | undefined, m: Record<ExperienceLevel, number>): Times {
  const rows = record?.rows ?? [];
  const row = rows.find((r) => r.experience_level === 'experienced') ?? rows[0];
  if (row) {
    const f = m[row.experience_level];
    const scale = (v: number | null): number | null => (v === null ? null : v / f);
    return { median: scale(row.median_minutes), min: scale(row.min_minutes), max: scale(row.max_minutes) };
  }
  const { min_playtime: min, max_playtime: max } = game;
  const median = min !== null && max !== null ? (min + max) / 2 : (min ?? max);
  return { median, min, max };
}

export function experienceProfileJson(game: GameRecord, record: GameExperience | undefined): ExperienceProfileJson {
  const own = record?.sufficient_data === true ? record.multipliers : null;
  const multipliers = { ...(own ?? DEFAULT_EXPERIENCE_MULTIPLIERS) };
  const observed = new Map((record?.rows ?? []).map((r) => [r.experience_level, r]));
  const anchor = anchorTimes(game, record, multipliers);
  const estimate = (v: number | null, level: ExperienceLevel): number | null =>
    v === null ? null : Math.round(v * multipliers[level]);
  const levels = EXPERIENCE_LEVELS.map((level): ExperienceLevelJson => {
    const row = observed.get(level);
    if (row) return { ...row, estimated: false };
    return {
      experience_level: level,
      median_minutes: estimate(anchor.median, level),
      min_minutes: estimate(anchor.min, level),
      max_minutes: estimate(anchor.max, level),
      total_reports: 0,
      estimated: true,
    };
  });
  const self = gamePath(game.slug);
  return {
    game_id: game.id,
    levels,
    multipliers,
    multiplier_source: own ? 'game' : 'global',
    sufficient_data: own !== null,
    total_reports: [...observed.values()].reduce((sum, r) => sum + r.total_reports, 0),
    _links: { self: link(`${self}/experience-playtime`), game: link(self) },
  };
}
