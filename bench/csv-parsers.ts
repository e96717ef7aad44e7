// `npm run bench:csv`: the BGG CSV reader measured against its library candidates on the
// same file, in one run (issue 17: "measure the candidates on the dump and keep the faster").
// Each method turns every record of the file into an array of strings (what the importer
// consumes); the figures are medians of a few rounds, so compare ratios, not times.

import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { csvRecords } from '../loader/import/bgg-csv/split.js';
import { Store } from '../loader/store.js';

const DEFAULT_FILE = resolve(import.meta.dirname, '../../shared/data/bgg-csv/boardgames_ranks_2025-12-10.csv');
const ROUNDS = 3;

type Method = { name: string; run: (file: string, separator: string) => Promise<number> };

const methods: Method[] = [
  {
    name: 'Ludex splitter (readline + splitCsvRecord)',
    run: async (file, separator) => {
      let fields = 0;
      const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const record of csvRecords(lines, separator)) fields += record.fields.length;
      return fields;
    },
  },
  {
    name: 'csv-parse 7 (stream, arrays)',
    run: async (file, separator) => {
      let fields = 0;
      // relax_quotes: the 2021 dataset has quotes inside unquoted names, as the splitter allows.
      const parser = createReadStream(file).pipe(
        parse({ bom: true, delimiter: separator, relax_column_count: true, relax_quotes: true }),
      );
      for await (const record of parser as AsyncIterable<string[]>) fields += record.length;
      return fields;
    },
  },
  {
    name: 'DuckDB read_csv (all VARCHAR, rows to JS)',
    run: async (file, separator) => {
      const store = await Store.open(':memory:');
      try {
        const rows = await store.all<Record<string, string>>(
          "SELECT * FROM read_csv($1, all_varchar = true, header = false, delim = $2, quote = '\"')",
          [file, separator],
        );
        let fields = 0;
        for (const row of rows) fields += Object.keys(row).length;
        return fields;
      } finally {
        await store.close();
      }
    },
  },
];

async function main(): Promise<void> {
  const file = process.argv[2] ?? DEFAULT_FILE;
  if (!existsSync(file)) {
    console.log(`bench:csv skipped: ${file} is absent (the BGG dump lives in ../shared/data)`);
    return;
  }
  const header = readFileSync(file, 'utf8').slice(0, 4096).split('\n')[0];
  const separator = header.includes(';') ? ';' : ',';
  console.log(`file: ${file} (separator ${JSON.stringify(separator)})`);
  for (const method of methods) {
    const times: number[] = [];
    let fields = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      fields = await method.run(file, separator);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${method.name.padEnd(44)} median ${times[1].toFixed(0).padStart(6)} ms   fields ${fields}`);
  }
}

await main();
