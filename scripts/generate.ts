// `npm run generate`: the files generated from the running API and committed — the OpenAPI
// document's examples (answers of the demo catalog, server/openapi/examples/) and the typed
// client's types (clients/typescript/src/schema.ts, from /v1/openapi.json by
// openapi-typescript). Tests fail when either is stale and name this command.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { EXAMPLE_SOURCES, examplePath } from '../server/openapi/examples.js';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from './client-types.js';
import { demoCatalogApp } from './demo-app.js';

export async function generate(): Promise<string[]> {
  const written: string[] = [];
  const demo = await demoCatalogApp();
  try {
    for (const source of EXAMPLE_SOURCES) {
      const response = await demo.app.fetch(new Request(`http://ludex.test${source.request}`));
      if (response.status !== source.status)
        throw new Error(`${source.request} answered ${response.status}, not ${source.status}`);
      const path = fileURLToPath(examplePath(source.file));
      // The import time would change every run; a fixed one keeps the files stable.
      const text = JSON.stringify(await response.json(), null, 2).replace(
        /"(updated_at|created_at)": "[^"]*"/g,
        '"$1": "2025-01-01T00:00:00.000Z"',
      );
      writeFileSync(path, `${text}\n`);
      written.push(path);
    }
  } finally {
    await demo.close();
  }
  // In the layout `npm run format:check` expects.
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  execFileSync(process.execPath, [biome, 'format', '--write', ...written], { stdio: 'ignore' });
  // A fresh app: the document is built once, so it must see the examples just written.
  const again = await demoCatalogApp();
  try {
    const document = await (await again.app.fetch(new Request('http://ludex.test/v1/openapi.json'))).json();
    writeFileSync(CLIENT_SCHEMA_PATH, await clientSchemaSource(document));
    written.push(CLIENT_SCHEMA_PATH);
  } finally {
    await again.close();
  }
  return written;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  for (const path of await generate()) console.error(`wrote ${path}`);
}
