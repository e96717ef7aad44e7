// Shaping one game's snapshots (D54): buckets of the requested granularity keep their
// earliest snapshot, and the metric picks which snapshot members a point shows.

import type { SnapshotRow } from '../../snapshots/history.js';
import type { HistoryGranularity, HistoryMetric } from '../schemas/responses/analytics.js';

/** The bucket a date (YYYY-MM-DD) falls in. */
export function bucketOf(date: string, granularity: HistoryGranularity): string {
  const year = date.slice(0, 4);
  if (granularity === 'yearly') return year;
  const month = Number(date.slice(5, 7));
  if (granularity === 'quarterly') return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
  return date.slice(0, 7);
}

/** The earliest snapshot of each bucket; `snapshots` come oldest first. */
export function bucketEarliest(snapshots: readonly SnapshotRow[], granularity: HistoryGranularity): SnapshotRow[] {
  const seen = new Set<string>();
  const out: SnapshotRow[] = [];
  for (const snapshot of snapshots) {
    const bucket = bucketOf(snapshot.date, granularity);
    if (seen.has(bucket)) continue;
    seen.add(bucket);
    out.push(snapshot);
  }
  return out;
}

/** Members per metric; `all` shows every one, in this order. */
const METRIC_MEMBERS: Readonly<Record<Exclude<HistoryMetric, 'all'>, readonly string[]>> = {
  rating: ['rating', 'average_rating', 'rating_count', 'bayes_rating'],
  weight: ['weight', 'weight_votes'],
  rank: ['rank_overall', 'rank_by_category'],
  plays: ['total_plays', 'play_count_period'],
  owners: ['owner_count'],
  confidence: ['rating_confidence'],
};

export function projectSnapshot(snapshot: SnapshotRow, metric: HistoryMetric): Record<string, unknown> {
  const members = metric === 'all' ? Object.values(METRIC_MEMBERS).flat() : METRIC_MEMBERS[metric];
  const source: Record<string, unknown> = { ...snapshot, average_rating: snapshot.rating };
  const point: Record<string, unknown> = { date: snapshot.date };
  for (const member of members) point[member] = source[member];
  return point;
}
