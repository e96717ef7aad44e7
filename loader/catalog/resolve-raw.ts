// Raw community records (votes, play logs) and snapshots. Raw records are append-only: an
// id from the file that is already stored means "already imported" and the record is
// skipped; without an id the record is new. Snapshots upsert on (game, date).

import { canonicalLine } from './canonical.js';
import { newId } from './ids.js';
import type { RawItem, ResolveContext, SnapshotItem } from './items.js';
import type { RawKind } from './read-raw.js';
import { findGame } from './resolve-links.js';
import type { RecordOf } from './schemas.js';

/** Timestamps travel at millisecond precision, the precision export writes. */
function isoMillis(value: string): string {
  return new Date(value).toISOString();
}

export function resolveRaw(record: RecordOf<RawKind>, ctx: ResolveContext): RawItem {
  const game = findGame(ctx.registry, record.game, 'game');
  const id = record.id ?? newId();
  const base = { id, game_id: game.id };
  const created_at = record.kind === 'play_log' ? ctx.now : isoMillis(record.created_at ?? ctx.now);
  const item = (row: Record<string, unknown>): RawItem => ({
    kind: record.kind,
    id,
    givenId: record.id !== undefined,
    row: { ...base, ...row, created_at },
  });
  switch (record.kind) {
    case 'rating_vote':
      return item({
        rating: record.rating,
        declared_scale: record.declared_scale ?? null,
        play_count: record.play_count ?? null,
        experience_level: record.experience_level ?? null,
      });
    case 'weight_vote':
      return item({ weight: record.weight });
    case 'player_count_vote':
      return item({ player_count: record.player_count, rating: record.rating });
    case 'age_vote':
      return item({ age: record.age });
    case 'language_vote':
      return item({ level: record.level });
    case 'play_log':
      return item({
        minutes: record.minutes,
        players: record.players ?? null,
        experience_level: record.experience_level ?? null,
        played_at: record.played_at ?? null,
      });
  }
}

export function resolveSnapshot(record: RecordOf<'snapshot'>, ctx: ResolveContext): SnapshotItem {
  const game = findGame(ctx.registry, record.game, 'game');
  const canonical = canonicalLine('snapshot', record);
  const ranks = record.rank_by_category;
  return {
    game_id: game.id,
    date: record.date,
    canonical,
    row: {
      game_id: game.id,
      snapshot_date: record.date,
      rating: record.rating ?? null,
      rating_count: record.rating_count ?? null,
      bayes_rating: record.bayes_rating ?? null,
      weight: record.weight ?? null,
      weight_votes: record.weight_votes ?? null,
      rank_overall: record.rank_overall ?? null,
      // Keys sorted so the stored JSON text is stable.
      rank_by_category: ranks === undefined ? null : JSON.stringify(sortedKeys(ranks)),
      owner_count: record.owner_count ?? null,
      total_plays: record.total_plays ?? null,
    },
  };
}

function sortedKeys(value: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(value).sort()) out[key] = value[key];
  return out;
}
