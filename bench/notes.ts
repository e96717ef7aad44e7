// What the filter-plan table does and does not show, printed under it.

export const BENCH_NOTES: readonly string[] = [
  'Effective mode (expansion sets) is not measured yet: the generator writes no modifications or combinations.',
  'DuckDB runs in the same process through the Store, every value bound. The Store has no prepared-statement ' +
    'handle, so each call is parsed and planned again: EXPLAIN of the selective statement alone took ~4 ms here, ' +
    'most of that query\'s DuckDB time. SQL-level PREPARE/EXECUTE cannot take bound arguments, so this needs a ' +
    'Store.prepare() in loader/store.ts. Both formulations return total and page in one statement.',
  'DuckDB (bitmask): a TEMP table built once from the store, one row per game with the scalar columns, a ' +
    'precomputed sort_name, an integer rank of the id as tie-break and BIGINT bitmask words per taxonomy kind, ' +
    'plus an integer designer link table; taxonomy filters are integer ANDs in one scan, no joins.',
  'DuckDB joins: the store schema as is; semi-/anti-joins on game_terms and game_credits per dimension ' +
    '(GROUP BY ... HAVING count(*) = n for all-of), slugs resolved to ids once.',
  'The scan reads the loaded DatasetInput columns row by row and keeps the best rows in a bounded sorted buffer.',
  'Every query returned the same ids in the same order and the same total from all four methods ' +
    '(engine, both DuckDB formulations, scan): the run fails otherwise.',
];
