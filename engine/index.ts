// The engine's public surface: build a Dataset from loader input, and the plain types the
// server, loader and benches program against.

export { buildDataset, Dataset, type DatasetOptions } from './dataset.js';
export type {
  AwardEntity,
  CreditRef,
  DatasetApi,
  EffectiveResolution,
  EntityBase,
  EntityRef,
  FamilyEntity,
  GameAwardRef,
  GameRecord,
  GameRelated,
  PersonEntity,
  PublisherEntity,
  ReferenceKind,
  RelationshipRef,
  TermEntity,
  TextHit,
} from './api.js';
export type {
  EffectiveValueKey,
  EffectiveValues,
  FacetDimension,
  Facets,
  Filter,
  MatchedVia,
  Page,
  Position,
  Query,
  SortKey,
  SortOrder,
} from './query.js';
export { FACET_DIMENSIONS, SORT_KEYS } from './query.js';
export type { DatasetInput } from './input.js';
