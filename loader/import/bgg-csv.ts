// `ludex import bgg-csv`: BGG's CSV files (the boardgames_ranks dump, the 2021
// bgg_dataset.csv layout) → the store. The importer lives in bgg-csv/; this is its entry
// point, next to bgg-xml.ts. docs/import-bgg-csv.md describes the mapping and its limits.

export { importBggCsv } from './bgg-csv/import.js';
