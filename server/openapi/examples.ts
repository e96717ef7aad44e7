// Examples in the OpenAPI document, taken from the demo catalog: each is the answer the demo
// app gives to `request`, stored in examples/<file> by `npm run generate` and checked to be
// current by test/server/openapi-examples.test.ts (so they never drift from real answers).

import { existsSync, readFileSync } from 'node:fs';
import type { Json } from './json.js';

export interface ExampleSource {
  /** The operation, as registered: `GET /v1/games/:id`. */
  operation: string;
  status: number;
  /** What the demo app is asked to get the example. */
  request: string;
  file: string;
}

export const EXAMPLE_SOURCES: readonly ExampleSource[] = [
  {
    operation: 'GET /v1/games',
    status: 200,
    request: '/v1/games?mode=cooperative&type=base_game&sort=rating&order=desc&limit=2',
    file: 'games-page.json',
  },
  { operation: 'GET /v1/games', status: 400, request: '/v1/games?themez=space', file: 'unknown-parameter.json' },
  { operation: 'GET /v1/games/:id', status: 200, request: '/v1/games/spirit-island', file: 'game.json' },
  { operation: 'GET /v1/games/:id', status: 404, request: '/v1/games/no-such-game', file: 'not-found.json' },
  { operation: 'GET /v1/mechanics', status: 200, request: '/v1/mechanics?limit=3', file: 'mechanics-page.json' },
];

const cache = new Map<string, Json | undefined>();

export function examplePath(file: string): URL {
  return new URL(`./examples/${file}`, import.meta.url);
}

/** The stored example of one operation's answer, if there is one. */
export function exampleFor(method: string, path: string, status: number): Json | undefined {
  const source = EXAMPLE_SOURCES.find((s) => s.operation === `${method} ${path}` && s.status === status);
  if (source === undefined) return undefined;
  if (!cache.has(source.file)) {
    // Missing only while `npm run generate` writes them for the first time.
    const path = examplePath(source.file);
    cache.set(source.file, existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Json) : undefined);
  }
  return cache.get(source.file);
}
