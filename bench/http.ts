// HTTP throughput: bench/http-server.ts runs in a child process over the bench store (read
// only); autocannon runs here, a second process, against 127.0.0.1, one route at a time for a
// bounded duration. Every route is checked once (status 200, a JSON body) before it is loaded.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CEILING_JSON_PATH, CEILING_PAGE_PATH, TYPICAL_GAMES_PATH, TYPICAL_SEARCH_BODY } from './http-paths.js';
import { currentLoad } from './machine.js';

export interface HttpRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface RouteFigures extends HttpRoute {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  loadAverage: number;
}

export interface HttpFigures {
  connections: number;
  durationS: number;
  /** Size of the pre-built page, bytes. */
  pageBytes: number;
  routes: RouteFigures[];
}

export interface HttpOptions {
  durationS: number;
  connections: number;
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** The measured routes; `gameId` is a game of the store, `text` a word its names contain. */
export function httpRoutes(gameId: string, text: string): HttpRoute[] {
  return [
    { name: 'ceiling-fixed-json', method: 'GET', path: CEILING_JSON_PATH },
    { name: 'ceiling-prebuilt-page', method: 'GET', path: CEILING_PAGE_PATH },
    { name: 'games-typical', method: 'GET', path: TYPICAL_GAMES_PATH },
    { name: 'games-search', method: 'POST', path: '/v1/games/search', body: JSON.stringify(TYPICAL_SEARCH_BODY) },
    { name: 'game-by-id', method: 'GET', path: `/v1/games/${gameId}` },
    { name: 'text-search', method: 'GET', path: `/v1/search?q=${encodeURIComponent(text)}&limit=25` },
  ];
}

/** Starts the server process over `storePath`; resolves once it listens. */
async function startServer(storePath: string): Promise<{ child: ChildProcess; port: number; pageBytes: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(HERE, 'http-server.ts'), storePath, TYPICAL_GAMES_PATH],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_ANONYMOUS: '100000000' },
    },
  );
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (code ${code}) before listening`)));
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+) (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]), pageBytes: Number(match[2]) });
    });
  });
}

async function check(base: string, route: HttpRoute): Promise<void> {
  const response = await fetch(`${base}${route.path}`, {
    method: route.method,
    body: route.body,
    headers: route.body ? { 'content-type': 'application/json' } : undefined,
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`HTTP bench: ${route.method} ${route.path} answered ${response.status}: ${text.slice(0, 400)}`);
  JSON.parse(text);
}

export async function measureHttp(
  storePath: string,
  routes: readonly HttpRoute[],
  options: HttpOptions,
  log: (line: string) => void,
): Promise<HttpFigures> {
  const { child, port, pageBytes } = await startServer(storePath);
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const route of routes) await check(base, route);
    const figures: RouteFigures[] = [];
    const load = (route: HttpRoute, duration: number): Promise<autocannon.Result> =>
      autocannon({
        url: `${base}${route.path}`,
        method: route.method,
        body: route.body,
        headers: route.body ? { 'content-type': 'application/json' } : undefined,
        connections: options.connections,
        duration,
      });
    // warm-up, not recorded: the first route measured would otherwise pay for the JIT
    for (const route of routes) await load(route, Math.max(1, Math.min(2, options.durationS / 5)));
    for (const route of routes) {
      const result = await load(route, options.durationS);
      const row: RouteFigures = {
        ...route,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        loadAverage: currentLoad(),
      };
      if (row.non2xx > 0 || row.errors > 0) {
        throw new Error(`HTTP bench: ${route.name} had ${row.non2xx} non-2xx answers and ${row.errors} errors`);
      }
      log(`http: ${route.name} ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms`);
      figures.push(row);
    }
    return { connections: options.connections, durationS: options.durationS, pageBytes, routes: figures };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
    });
  }
}
