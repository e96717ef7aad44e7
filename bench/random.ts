// Seeded randomness for the synthetic catalog: one mulberry32 stream per generator run, so a
// given (seed, size) always yields the same store, ids included, on every machine.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A UUIDv7-shaped id (random bits from this stream, a fixed timestamp prefix). */
  uuid(): string;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (digits: number): string => {
    let out = '';
    for (let i = 0; i < digits; i++) out += ((next() * 16) | 0).toString(16);
    return out;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    chance: (p) => next() < p,
    // 0x0191 prefix: a 2024-era UUIDv7 timestamp; the rest random, so id order is unrelated
    // to every sort key and the id tie-break is exercised for real.
    uuid: () => `0191${hex(4)}-${hex(4)}-7${hex(3)}-${'89ab'[(next() * 4) | 0]}${hex(3)}-${hex(12)}`,
  };
}

/**
 * Samples indexes 0..n-1 with probability ∝ 1 / (k + offset)^s: a few popular items
 * (mechanics, prolific designers) and a long tail, like real catalogs. A larger offset
 * flattens the head.
 */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(n: number, s: number, offset = 1) {
    this.cumulative = new Float64Array(n);
    let sum = 0;
    for (let k = 0; k < n; k++) this.cumulative[k] = sum += 1 / (k + offset) ** s;
    for (let k = 0; k < n; k++) this.cumulative[k] /= sum;
  }

  sample(random: Random): number {
    const u = random.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** `count` distinct indexes (count ≤ n), in draw order. */
  distinct(random: Random, count: number): number[] {
    const out: number[] = [];
    while (out.length < count) {
      const k = this.sample(random);
      if (!out.includes(k)) out.push(k);
    }
    return out;
  }
}
