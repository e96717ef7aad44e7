// What the tables do and do not show, printed under them.

export const BENCH_NOTES: readonly string[] = [
  'DuckDB runs in the same process through the Store, every value bound, each distinct statement prepared once ' +
    '(Store.prepare) and re-run with fresh values, as a server would cache its query shapes. Both formulations return ' +
    'total and page in one statement; facets are one statement per query (a CTE per dimension).',
  'DuckDB (bitmask): a TEMP table built once from the store, one row per game with the scalar columns, the ' +
    "engine's sort_name (computed in JS and loaded as data, see the name-sort note), an integer rank of the id as tie-break and BIGINT bitmask words per taxonomy kind, " +
    'plus an integer designer link table; taxonomy filters are integer ANDs in one scan, no joins. Awards: a ' +
    'semi-join on game_awards.',
  'DuckDB joins: the store schema as is; semi-/anti-joins on game_terms and game_credits per dimension ' +
    '(GROUP BY ... HAVING count(*) = n for all-of), slugs resolved to ids once; name sorts join the loaded ' +
    'sort_name table (the store has no such column).',
  "Name sorts: every method sorts by the engine's sortName() (NFKC, diacritics stripped, article removed), computed " +
    'in JS and given to DuckDB as a TEMP table. DuckDB and PostgreSQL ("C") compare UTF-8 bytes, the engine UTF-16 ' +
    'code units; the SQL key moves each code unit ≥ U+D800 up by 0x800 (one code point each, order kept), so byte ' +
    "order equals the engine's order, and only keys holding such units change.",
  'PostgreSQL: the bitmask table copied into a scratch schema, btree indexes on the scalar and sort columns, ' +
    'taxonomy/designers/awards as integer arrays with GIN indexes (&& any-of, @> all-of, NOT && none-of), ' +
    'ids and sort names in the "C" collation; named (prepared) statements over one connection; ANALYZEd.',
  'The scan reads the loaded DatasetInput columns row by row and keeps the best rows in a bounded sorted buffer; ' +
    'facets by the scan rerun the filter per dimension without its own part.',
  'Effective mode and text search are engine-only: no other method implements the expansion-set resolution or the ' +
    "trigram ranking, so they have no cross-check here (the engine's own property tests cover them against an oracle).",
  'Real data (BGG): the filter plans again on the store bench/bgg-store.ts builds from ../shared/data (kept under ' +
    'bench/.cache/bgg-store, rebuilt only when the data or the import code changes), with terms chosen from it by ' +
    'popularity. Its data is sparse where the synthetic catalog is dense (player counts for ~12 % of games, weights for ' +
    '~12 %, designers for a few hundred, no awards, community times or expansion links), so its result sizes and ' +
    'ratios differ from the synthetic ones; the budgets are checked on the synthetic figures only.',
  'HTTP figures come from one machine running both autocannon and the server: on 2 cores they compete for CPU, ' +
    'so absolute req/s are lower than on a dedicated client; the ratios to the ceilings are the figures to read.',
];
