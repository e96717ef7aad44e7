// Effective-mode variants, precomputed at build (D11): per base game, one row per explicit
// combination record (tier 1) and per single expansion with modifications but no singleton
// record (tier 2). Variants are stored grouped by base game, each group in D12 order (the
// order in which `matched_via` picks the first passing variant), and indexed like games.

import { bitmapOf, type Bitmap } from './bitmap.js';
import type { ExperienceLevel } from './domain.js';
import {
  applyCombination,
  applyModifications,
  baseValues,
  NUMBER_PROPERTIES,
  type NumberProperty,
} from './effective.js';
import type { ExpansionModel } from './expansions.js';
import type { Games } from './games.js';
import { postingsByListValue } from './links.js';
import { arrayListColumn, type IntListColumn, intListColumn } from './list-column.js';
import type { EffectiveValues } from './query.js';
import { NumberTable } from './table.js';

interface Candidate {
  tier: 1 | 2;
  /** Distinct expansion rows in release order. */
  expansions: number[];
  values: EffectiveValues;
  sortedIds: string[];
  sequence: number;
}

/**
 * Base games whose candidates one build step computes: 2,000 took 13–24 ms a step at 150,000
 * games (8,478 bases; 83 ms the first time in a process), a stall on a serving thread when a
 * reload rebuilds its Dataset in the background; 500 take 3–4 ms (10–30 ms with a collection).
 */
const BASES_PER_STEP = 500;

/**
 * The variants as a column file carries them (prebuilt.ts): per variant its base row, tier,
 * expansion rows and values (NaN for a null number). A start takes them back (fromColumns)
 * instead of resolving every base game's candidates: ~100 ms at 150,000 games.
 */
export interface VariantColumns {
  base: Uint32Array;
  tier: Uint8Array;
  expansions: IntListColumn;
  numbers: Record<NumberProperty, Float64Array>;
  top_at: IntListColumn;
  recommended_at: IntListColumn;
}

/** The variants in D12 order per base, before they are indexed. */
interface VariantRows {
  base: number[];
  tier: number[];
  expansions: number[][];
  values: EffectiveValues[];
  groups: Map<number, [number, number]>;
}

export class Variants {
  readonly count: number;
  /** Variant -> base row; non-decreasing. */
  readonly base: Uint32Array;
  readonly tier: Uint8Array;
  readonly expansions: number[][];
  readonly values: EffectiveValues[];
  readonly numbers: NumberTable<NumberProperty>;
  readonly topAt: Map<number, Bitmap>;
  readonly recommendedAt: Map<number, Bitmap>;
  /** Base row -> [first, end) of its variants. */
  private readonly groups: Map<number, [number, number]>;

  /** The variants built in steps: a block of base games per step, then the indexes. */
  static *build(games: Games, model: ExpansionModel, interval: number, thresholds = true): Generator<void, Variants> {
    const rows: VariantRows = { base: [], tier: [], expansions: [], values: [], groups: new Map() };
    const bases = model.bases();
    for (let i = 0; i < bases.length; i++) {
      const row = bases[i];
      const candidates = candidatesOf(games, model, row);
      if (i % BASES_PER_STEP === BASES_PER_STEP - 1) yield;
      if (candidates.length === 0) continue;
      candidates.sort(d12Compare(model));
      rows.groups.set(row, [rows.base.length, rows.base.length + candidates.length]);
      for (const c of candidates) {
        rows.base.push(row);
        rows.tier.push(c.tier);
        rows.expansions.push(c.expansions);
        rows.values.push(c.values);
      }
    }
    yield;
    return new Variants(games, rows, interval, thresholds);
  }

  /**
   * The variants a Variants over the same games exported (columns()), checked to fit these
   * games (a RangeError when not: the caller then builds them).
   */
  static fromColumns(games: Games, columns: VariantColumns, interval: number, thresholds = true): Variants {
    const { base, tier, expansions, numbers, top_at, recommended_at } = columns;
    const count = base.length;
    const lengths = [tier.length, expansions.length, top_at.length, recommended_at.length];
    for (const p of NUMBER_PROPERTIES) lengths.push(numbers[p].length);
    if (lengths.some((length) => length !== count)) throw new RangeError('variant columns of different lengths');
    for (const row of expansions.values.subarray(0, expansions.offsets[count]))
      if (!(row >= 0 && row < games.size)) throw new RangeError(`a variant names row ${row} of ${games.size}`);
    const rows: VariantRows = { base: [], tier: [], expansions: [], values: [], groups: new Map() };
    const nullable = (value: number): number | null => (Number.isNaN(value) ? null : value);
    let first = 0;
    for (let v = 0; v < count; v++) {
      const row = base[v];
      if (row >= games.size || (v > 0 && row < base[v - 1])) throw new RangeError(`variant ${v} has base row ${row}`);
      if (tier[v] !== 1 && tier[v] !== 2) throw new RangeError(`variant ${v} has tier ${tier[v]}`);
      rows.base.push(row);
      rows.tier.push(tier[v]);
      rows.expansions.push(expansions.get(v));
      // The key order of values resolved at build (baseValues): matched_via shows them as they are.
      rows.values.push({
        min_players: nullable(numbers.min_players[v]),
        max_players: nullable(numbers.max_players[v]),
        min_playtime: nullable(numbers.min_playtime[v]),
        max_playtime: nullable(numbers.max_playtime[v]),
        weight: nullable(numbers.weight[v]),
        min_age: nullable(numbers.min_age[v]),
        top_at: top_at.get(v),
        recommended_at: recommended_at.get(v),
      });
      if (v === count - 1 || base[v + 1] !== row) {
        rows.groups.set(row, [first, v + 1]);
        first = v + 1;
      }
    }
    return new Variants(games, rows, interval, thresholds);
  }

  /** These variants as columns, for a column file (fromColumns takes them back). */
  columns(): VariantColumns {
    const numbers = {} as Record<NumberProperty, Float64Array>;
    for (const p of NUMBER_PROPERTIES) numbers[p] = this.numbers.column(p);
    return {
      base: this.base,
      tier: this.tier,
      expansions: intListColumn(this.expansions),
      numbers,
      top_at: intListColumn(this.values.map((v) => v.top_at)),
      recommended_at: intListColumn(this.values.map((v) => v.recommended_at)),
    };
  }

  private constructor(games: Games, rows: VariantRows, interval: number, thresholds: boolean) {
    const { base, tier } = rows;
    this.expansions = rows.expansions;
    this.values = rows.values;
    this.groups = rows.groups;
    this.count = base.length;
    this.base = Uint32Array.from(base);
    this.tier = Uint8Array.from(tier);
    const columns = {} as Record<NumberProperty, Float64Array>;
    // Plain loops rather than TypedArray.from(values, fn), which makes garbage per element.
    for (const p of NUMBER_PROPERTIES) {
      const column = new Float64Array(this.count);
      for (let v = 0; v < column.length; v++) column[v] = this.values[v][p] ?? Number.NaN;
      columns[p] = column;
    }
    const baseRows = this.base;
    // Variant play times are scaled by the base game's multiplier (SPEC-NOTES §7.2).
    const multiplier = (level: ExperienceLevel): Float64Array => {
      const perGame = games.multiplier(level);
      const out = new Float64Array(baseRows.length);
      for (let v = 0; v < out.length; v++) out[v] = perGame[baseRows[v]];
      return out;
    };
    this.numbers = new NumberTable(this.count, columns, multiplier, interval, thresholds);
    this.topAt = postingsByListValue(arrayListColumn(this.values.map((v) => v.top_at)));
    this.recommendedAt = postingsByListValue(arrayListColumn(this.values.map((v) => v.recommended_at)));
  }

  /** Variants of a base row, [first, end) in D12 order; empty when none. */
  of(row: number): [number, number] {
    return this.groups.get(row) ?? [0, 0];
  }

  /** The base rows of a set of variants. */
  basesOf(variants: Bitmap): Bitmap {
    const ids = variants.toUint32Array();
    const rows: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const row = this.base[ids[i]];
      if (rows[rows.length - 1] !== row) rows.push(row);
    }
    return bitmapOf(rows);
  }
}

function candidatesOf(games: Games, model: ExpansionModel, row: number): Candidate[] {
  const out: Candidate[] = [];
  const base = baseValues(games, row);
  const singletons = new Set<number>();
  for (const { record, index } of model.combinations.get(row) ?? []) {
    const expansions = model.inReleaseOrder(record.expansions);
    if (expansions.length === 1) singletons.add(expansions[0]);
    out.push({
      tier: 1,
      expansions,
      values: applyCombination(base, record),
      sortedIds: idsOf(games, expansions),
      sequence: index,
    });
  }
  for (const expansion of model.expansionsOf(row)) {
    const mods = model.modsFor(row, expansion);
    if (mods.length === 0 || singletons.has(expansion)) continue;
    out.push({
      tier: 2,
      expansions: [expansion],
      values: applyModifications(base, mods),
      sortedIds: idsOf(games, [expansion]),
      sequence: expansion,
    });
  }
  return out;
}

function idsOf(games: Games, rows: readonly number[]): string[] {
  return rows.map((r) => games.ids[r]).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** D12: tier, fewest expansions, latest member's release ascending, sorted ids, then input order. */
function d12Compare(model: ExpansionModel): (a: Candidate, b: Candidate) => number {
  return (a, b) => {
    if (a.tier !== b.tier) return a.tier - b.tier;
    if (a.expansions.length !== b.expansions.length) return a.expansions.length - b.expansions.length;
    const la = a.expansions[a.expansions.length - 1];
    const lb = b.expansions[b.expansions.length - 1];
    if (la !== undefined && lb !== undefined) {
      const c = model.releaseCompare(la, lb);
      if (c !== 0) return c;
    }
    for (let i = 0; i < Math.min(a.sortedIds.length, b.sortedIds.length); i++) {
      if (a.sortedIds[i] !== b.sortedIds[i]) return a.sortedIds[i] < b.sortedIds[i] ? -1 : 1;
    }
    return a.sortedIds.length - b.sortedIds.length || a.sequence - b.sequence;
  };
}
