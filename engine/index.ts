// The engine's public surface, and the only import path into engine/ from outside it (the
// boundary rules in .dependency-cruiser.cjs enforce it): build a Dataset from column input,
// the plain types the server, loader, snapshots and benches program against, and the
// contract's shared enums (domain.ts).

export * from './domain.js';
export { buildDataset, buildDatasetSteps, Dataset, type DatasetOptions } from './dataset.js';
export type { GameColumnsUpdate } from './column-update.js';
export { reorderedInputSteps } from './reorder.js';
export { runSteps } from './steps.js';
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
  TextMatches,
  TextRanking,
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
  QuerySort,
  RankedQuery,
  SortKey,
  SortOrder,
} from './query.js';
export { FACET_DIMENSIONS, RELEVANCE, SORT_KEYS } from './query.js';
export { MAX_FACET_PLAYERS } from './indexes.js';
// A prepared Dataset's orders and sort names as Arrow tables (a column file carries them).
export { INDEX_PARTS, type IndexPart, type IndexTables } from './prebuilt.js';
// A game's community polls and experience data, as the Dataset answers and takes them.
export {
  emptyCommunityInput,
  type AgePollVote,
  type CommunityInput,
  type ExperienceRow,
  type GameExperience,
  type GamePolls,
  type LanguagePollVote,
  type PlayerCountRating,
} from './community-data.js';
// The Game field registry: what each Game field is, and which columns, stores, JSON, CSV and
// schemas carry it. Everything that lists Game fields derives from it.
export {
  GAME_FIELDS,
  GAME_JSON_FIELDS,
  GAME_STATS_FIELDS,
  type GameField,
  type GameFieldKind,
  type GameFieldName,
  type GameFieldSpec,
  type GameFieldStorage,
  type GameFieldStore,
  type GameFieldValue,
  type GameJsonField,
  type GameStatsField,
} from './fields.js';
// What a Dataset is built from: the games as Arrow columns plus the linked records.
export {
  GAME_ENUM_FIELDS,
  GAME_LIST_COLUMNS,
  GAME_NUMBER_COLUMNS,
  GAME_STRING_COLUMNS,
  type AwardInput,
  type DatasetInput,
  type ExpansionCombinationInput,
  type FamilyInput,
  type GameEnumColumn,
  type GameEnumField,
  type GameListColumns,
  type GameListValues,
  type GameNumberColumn,
  type GameStringColumn,
  type LinkInput,
  type PersonInput,
  type PropertyModificationInput,
  type PublisherInput,
  type TermInput,
} from './input.js';
export {
  arrayListColumn,
  IntListColumn,
  intListColumn,
  intListColumnOf,
  intListVector,
  jsonListColumn,
  type ListColumn,
} from './list-column.js';
export {
  emptyNumberArrays,
  enumVectorOfPositions,
  makeGamesTable,
  makeGamesTableSteps,
  numberColumn,
  stringColumn,
  utf8Vector,
  utf8VectorOfParts,
  utf8VectorSteps,
  type GameNumberArrays,
  type GameStringArrays,
  type GameStringValues,
  type StringValues,
} from './columns.js';
export { repeatedUtf8Values, utf8Values } from './strings.js';
// The name folding every `name` sort and every search shares (D1).
export { foldText, sortName } from './normalize.js';
export { TIER_NAMES, TIER_SCORES } from './text/text-index.js';
