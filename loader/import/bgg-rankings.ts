// `ludex import bgg-rankings`: BGG ranking history (dated ranking CSVs, or a series of
// dates in one file) → GameSnapshot rows. The importer lives in bgg-rankings/; this is its
// entry point, next to bgg-xml.ts and bgg-csv.ts. docs/import-bgg-rankings.md describes it.

export { importBggRankings } from './bgg-rankings/import.js';
