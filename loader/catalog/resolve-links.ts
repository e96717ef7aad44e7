// Relationships, property modifications and expansion combinations: reference checks and
// upsert keys. Relationships upsert on (source, target, type); modifications on their id,
// else (expansion, property, operation); combinations on (base, expansion set).

import { canonicalLine } from './canonical.js';
import { RecordError } from './errors.js';
import { newId } from './ids.js';
import { notFound, resolveId, type RelationshipItem, type ResolveContext, type RewriteItem } from './items.js';
import { combinationKey, modificationKey, type GameEntry, type Registry } from './registry.js';
import type { RecordOf } from './schemas.js';

export function findGame(registry: Registry, slug: string, field: string): GameEntry {
  const game = registry.games.bySlug.get(slug);
  if (!game) throw new RecordError(field, notFound('game', slug));
  return game;
}

export function resolveRelationship(record: RecordOf<'relationship'>, ctx: ResolveContext): RelationshipItem {
  const { registry } = ctx;
  const source = findGame(registry, record.source, 'source');
  const target = findGame(registry, record.target, 'target');
  const type = record.relationship_type;
  const ordinal = record.ordinal ?? 0;
  const rows = [{ source_game_id: source.id, target_game_id: target.id, relationship_type: type, ordinal }];
  // The contract stores integrates_with both ways so queries work from either side.
  if (type === 'integrates_with') {
    rows.push({ source_game_id: target.id, target_game_id: source.id, relationship_type: type, ordinal });
  }
  if (type === 'expands') registry.expands.add(`${source.id}>${target.id}`);
  return { rows };
}

/** Returns the row to write, or undefined when the stored modification is identical. */
export function resolveModification(
  record: RecordOf<'property_modification'>,
  ctx: ResolveContext,
): RewriteItem | undefined {
  const { registry, counts } = ctx;
  const expansion = findGame(registry, record.expansion, 'expansion');
  if (expansion.parentId === null) {
    throw new RecordError('expansion', `game '${record.expansion}' is not an expansion with a parent game`);
  }
  const id =
    record.id ??
    registry.modificationByKey.get(modificationKey(expansion.id, record.property, record.operation)) ??
    newId();
  const previous = registry.modifications.get(id);
  const line = canonicalLine('property_modification', { ...record, id });
  if (previous && previous.line === line && previous.base_game_id === expansion.parentId) {
    counts.property_modification.unchanged++;
    return undefined;
  }
  counts.property_modification[previous ? 'updated' : 'inserted']++;
  const position = previous?.position ?? (registry.modificationPositions.get(expansion.id) ?? -1) + 1;
  registry.setModification({
    id,
    expansion_id: expansion.id,
    base_game_id: expansion.parentId,
    property: record.property,
    operation: record.operation,
    position,
    line,
  });
  const list = Array.isArray(record.value);
  return {
    id,
    row: {
      id,
      expansion_id: expansion.id,
      base_game_id: expansion.parentId,
      property: record.property,
      operation: record.operation,
      value_number: list ? null : record.value,
      value_list: list ? record.value : null,
      position,
    },
  };
}

/** Returns the row to write, or undefined when the stored combination is identical. */
export function resolveCombination(
  record: RecordOf<'expansion_combination'>,
  ctx: ResolveContext,
): RewriteItem | undefined {
  const { registry, counts } = ctx;
  const base = findGame(registry, record.base, 'base');
  const expansions = record.expansions.map((slug, i) => {
    const game = findGame(registry, slug, `expansions.${i}`);
    if (!registry.isExpansionOf(game.id, base.id)) {
      throw new RecordError(`expansions.${i}`, `game '${slug}' is not an expansion of '${record.base}'`);
    }
    return { slug, id: game.id };
  });
  if (record.min_players !== undefined && record.max_players !== undefined && record.min_players > record.max_players) {
    throw new RecordError('min_players', 'must not exceed max_players');
  }
  if (
    record.min_playtime !== undefined &&
    record.max_playtime !== undefined &&
    record.min_playtime > record.max_playtime
  ) {
    throw new RecordError('min_playtime', 'must not exceed max_playtime');
  }
  const expansionIds = expansions.map((e) => e.id).sort();
  const stored = registry.combinationByKey.get(combinationKey(base.id, expansionIds));
  const id = resolveId(
    record.id,
    stored,
    (candidate) => {
      const other = registry.combinations.get(candidate);
      return other
        ? `the expansion combination of '${registry.games.slugById.get(other.base_game_id)}' with another set`
        : undefined;
    },
    'this expansion combination',
    newId,
  );
  const line = canonicalLine('expansion_combination', {
    ...record,
    id,
    expansions: expansions.map((e) => e.slug).sort(),
  });
  const previous = registry.combinations.get(id);
  if (previous && previous.line === line) {
    counts.expansion_combination.unchanged++;
    return undefined;
  }
  counts.expansion_combination[previous ? 'updated' : 'inserted']++;
  const position = previous?.position ?? (registry.combinationPositions.get(base.id) ?? -1) + 1;
  registry.setCombination({ id, base_game_id: base.id, expansion_ids: expansionIds, position, line });
  return {
    id,
    row: {
      id,
      base_game_id: base.id,
      expansion_ids: expansionIds,
      min_players: record.min_players ?? null,
      max_players: record.max_players ?? null,
      min_playtime: record.min_playtime ?? null,
      max_playtime: record.max_playtime ?? null,
      weight: record.weight ?? null,
      min_age: record.min_age ?? null,
      top_at: record.top_at?.length ? record.top_at : null,
      recommended_at: record.recommended_at?.length ? record.recommended_at : null,
      position,
    },
  };
}
