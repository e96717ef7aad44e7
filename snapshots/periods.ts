// Snapshot periods (SPEC-NOTES D47): a run's snapshot is dated the first day (UTC) of the
// month, quarter or year the run falls in. Quarter and year starts are month starts, so a
// history imported monthly lines up with any cadence.

export type SnapshotCadence = 'monthly' | 'quarterly' | 'yearly';

const MONTHS: Record<SnapshotCadence, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** First day (UTC, YYYY-MM-DD) of the period that contains `at`. */
export function periodStart(at: Date, cadence: SnapshotCadence): string {
  const step = MONTHS[cadence];
  const month = Math.floor(at.getUTCMonth() / step) * step;
  return isoDate(at.getUTCFullYear(), month);
}

/** First day of the period before the one starting on `start` (a periodStart result). */
export function previousPeriodStart(start: string, cadence: SnapshotCadence): string {
  const [year, month] = start.split('-').map(Number);
  return isoDate(year, month - 1 - MONTHS[cadence]);
}

function isoDate(year: number, monthIndex: number): string {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
