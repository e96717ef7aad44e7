// Latency sampling: warm-up calls first (JIT, lazily built orders, DuckDB caches), then timed
// calls until both a minimum count and a time budget are reached (or a maximum count), so
// fast methods get many samples and slow ones stay within the run's time limit: a method
// still short of the minimum count after 5 budgets stops there (at least 5 samples).

export interface Timing {
  samples: number;
  medianUs: number;
  p99Us: number;
}

export interface MeasureOptions {
  warmup?: number;
  minIterations?: number;
  maxIterations?: number;
  budgetMs?: number;
}

export const DEFAULT_MEASURE_OPTIONS: Required<MeasureOptions> = {
  warmup: 5,
  minIterations: 20,
  maxIterations: 2000,
  budgetMs: 1000,
};

/** Warm-up beyond the fixed count: calls continue until this share of the budget is spent. */
const WARMUP_SHARE = 0.1;

export async function measure(run: () => unknown, options: MeasureOptions = {}): Promise<Timing> {
  const { warmup, minIterations, maxIterations, budgetMs } = { ...DEFAULT_MEASURE_OPTIONS, ...options };
  // Each series starts from a collected heap (when node runs with --expose-gc, as `npm run
  // bench` does): garbage left by the previous method is not charged to this one.
  (globalThis as { gc?: () => void }).gc?.();
  const warmStarted = performance.now();
  for (let i = 0; i < warmup || (i < maxIterations && performance.now() - warmStarted < budgetMs * WARMUP_SHARE); i++) {
    await settle(run());
  }
  const samples: number[] = [];
  const started = performance.now();
  const enough = (): boolean => {
    const elapsed = performance.now() - started;
    if (samples.length >= maxIterations) return true;
    if (samples.length < minIterations) return samples.length >= 5 && elapsed > 5 * budgetMs;
    return elapsed >= budgetMs;
  };
  while (!enough()) {
    const t0 = performance.now();
    const result = run();
    // only promises are awaited, so a sync method's time holds no microtask hop
    if (result instanceof Promise) await result;
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((a, b) => a - b);
  return { samples: samples.length, medianUs: quantile(samples, 0.5), p99Us: quantile(samples, 0.99) };
}

async function settle(value: unknown): Promise<void> {
  if (value instanceof Promise) await value;
}

/** Nearest-rank quantile of sorted samples. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
