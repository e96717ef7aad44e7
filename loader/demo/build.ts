// `npm run demo:build`: regenerates loader/demo/catalog.jsonl from the fact tables and the
// OpenTabletop vocabularies in ../shared, and prints how many records of each kind it wrote.

import { writeFileSync } from 'node:fs';
import { CATALOG_PATH, produceCatalogRecords } from './catalog.js';

function main(): void {
  const records = produceCatalogRecords();
  writeFileSync(CATALOG_PATH, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  for (const [kind, n] of counts) console.log(`${kind.padEnd(22)} ${n}`);
  console.log(`${'total'.padEnd(22)} ${records.length} → ${CATALOG_PATH}`);
}

try {
  main();
} catch (error) {
  console.error(`demo:build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
