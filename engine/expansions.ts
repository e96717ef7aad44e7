// Expansions per base game (D17), their release order (D15), their modifications and the
// explicit combination records; and the three-tier choice for a requested set (D11-D14).

import type { EffectiveResolution } from './api.js';
import { applyCombination, applyModifications, baseValues, copyValues } from './effective.js';
import type { Games } from './games.js';
import type { DatasetInput, ExpansionCombinationInput, PropertyModificationInput } from './input.js';

/** Expansion membership, release order, modifications and records per base game. */
export class ExpansionModel {
  private readonly expansions = new Map<number, number[]>();
  private readonly mods = new Map<number, PropertyModificationInput[]>();
  private readonly modBases = new Set<number>();
  readonly combinations = new Map<number, { record: ExpansionCombinationInput; index: number }[]>();

  constructor(
    private readonly games: Games,
    input: DatasetInput,
  ) {
    // D17: parent_game_id, or an `expands` edge from the expansion to the base.
    const add = (base: number, expansion: number): void => {
      if (base === expansion) return;
      const list = this.expansions.get(base);
      if (!list) this.expansions.set(base, [expansion]);
      else if (!list.includes(expansion)) list.push(expansion);
    };
    const parents = games.parentRows;
    for (let row = 0; row < games.size; row++) if (parents[row] >= 0) add(parents[row], row);
    const rel = input.relationships;
    for (let e = 0; e < rel.source.length; e++) if (rel.type[e] === 'expands') add(rel.target[e], rel.source[e]);

    for (const mod of input.modifications) {
      const key = this.pairKey(mod.base, mod.expansion);
      const list = this.mods.get(key);
      if (list) list.push(mod);
      else this.mods.set(key, [mod]);
      this.modBases.add(mod.base);
    }
    input.combinations.forEach((record, index) => {
      const list = this.combinations.get(record.base);
      if (list) list.push({ record, index });
      else this.combinations.set(record.base, [{ record, index }]);
    });
  }

  /** Bases that may have variants (a record or a modification names them). */
  bases(): number[] {
    return [...new Set([...this.combinations.keys(), ...this.modBases])].sort((a, b) => a - b);
  }

  expansionsOf(base: number): readonly number[] {
    return this.expansions.get(base) ?? [];
  }

  modsFor(base: number, expansion: number): readonly PropertyModificationInput[] {
    return this.mods.get(this.pairKey(base, expansion)) ?? [];
  }

  private pairKey(base: number, expansion: number): number {
    return base * this.games.size + expansion;
  }

  /** Release order (D15): year (unknown last), then release date (unknown last), then id. */
  releaseCompare = (a: number, b: number): number => {
    const g = this.games;
    const ya = g.numbers.year_published[a];
    const yb = g.numbers.year_published[b];
    const na = Number.isNaN(ya);
    const nb = Number.isNaN(yb);
    if (na !== nb) return na ? 1 : -1;
    if (!na && ya !== yb) return ya - yb;
    const da = g.releaseDates[a];
    const db = g.releaseDates[b];
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? -1 : 1;
    }
    const ia = g.ids[a];
    const ib = g.ids[b];
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };

  /** Distinct rows in release order. */
  inReleaseOrder(rows: readonly number[]): number[] {
    return [...new Set(rows)].sort(this.releaseCompare);
  }

  /** The first record of `base` whose set equals `rows` (already distinct). */
  explicit(base: number, rows: readonly number[]): ExpansionCombinationInput | undefined {
    const want = [...rows].sort((a, b) => a - b).join(',');
    for (const { record } of this.combinations.get(base) ?? []) {
      if ([...new Set(record.expansions)].sort((a, b) => a - b).join(',') === want) return record;
    }
    return undefined;
  }

  /** Modifications of the given expansions (release order) for `base`, in evaluation order. */
  evaluationOrder(base: number, ordered: readonly number[]): PropertyModificationInput[] {
    return ordered.flatMap((e) => this.modsFor(base, e));
  }

  resolve(base: number, requested: readonly number[]): EffectiveResolution {
    const ordered = this.inReleaseOrder(requested);
    const baseVals = baseValues(this.games, base);
    const individual_effects = ordered.map((expansion) => ({
      expansion,
      modifications: this.modsFor(base, expansion).map((m) => ({
        property: m.property,
        operation: m.operation,
        value: Array.isArray(m.value) ? [...m.value] : m.value,
      })),
    }));
    const record = ordered.length > 0 ? this.explicit(base, ordered) : undefined;
    if (record) {
      return {
        combination_source: 'explicit',
        resolution_tier: 1,
        base: baseVals,
        effective: applyCombination(baseVals, record),
        individual_effects,
      };
    }
    const mods = this.evaluationOrder(base, ordered);
    if (mods.length > 0) {
      return {
        combination_source: 'computed',
        resolution_tier: 2,
        base: baseVals,
        effective: applyModifications(baseVals, mods),
        individual_effects,
      };
    }
    return {
      combination_source: 'base_only',
      resolution_tier: 3,
      base: baseVals,
      effective: copyValues(baseVals),
      individual_effects,
    };
  }
}
