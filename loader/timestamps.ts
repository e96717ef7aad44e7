// Timestamps cross from DuckDB as epoch milliseconds (numbers are far cheaper than strings)
// and become the engine's ISO 8601 strings here.

/** Epoch milliseconds (NaN for null) as ISO strings; imports stamp whole batches at once, so consecutive rows repeat a timestamp and the last string is reused. */
export function isoTimestamps(values: Float64Array): (string | null)[] {
  let lastMs = Number.NaN;
  let last: string | null = null;
  return Array.from(values, (ms) => {
    if (Number.isNaN(ms)) return null;
    if (ms !== lastMs) [lastMs, last] = [ms, new Date(ms).toISOString()];
    return last;
  });
}
