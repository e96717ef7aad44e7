// HTTP throughput: bench/http-server.ts runs in a child process over the bench store (read
// only); autocannon runs here, a second process, against 127.0.0.1, one route at a time for a
// bounded duration. Every route is checked once (status 200, a JSON body) before it is loaded.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  CEILING_JSON_PATH,
  CEILING_ENGINE_PAGE_PATH,
  CEILING_PAGE_PATH,
  CPU_PATH,
  PAGE_100_PATH,
  TYPICAL_GAMES_PATH,
  TYPICAL_QUERY,
  TYPICAL_SEARCH_BODY,
} from './http-paths.js';
import { buildDist, transpile } from '../scripts/build.js';
import { currentLoad } from './machine.js';
import { serverEnv } from './server-env.js';

export interface HttpRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Request headers besides the body's content type (Accept-Encoding for the compressed page). */
  headers?: Record<string, string>;
  /** `bare`: the bare node:http ceiling (bench/http-server.ts), not the app. */
  server?: 'bare';
  /**
   * A revalidation: sent with `If-None-Match` naming the tag of the route's own answer
   * (read once before the load), so every answer is a 304.
   */
  revalidate?: boolean;
}

export interface RouteFigures extends HttpRoute {
  /** Requests answered over the seconds the route ran, all its turns together. */
  requestsPerSecond: number;
  /** Each turn's req/s, in the order they ran (the spread says how steady the machine was). */
  turnsRequestsPerSecond: number[];
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  loadAverage: number;
  /**
   * The server process's CPU time (user + system) per request answered, µs: unlike req/s,
   * it hardly moves with the machine's load (the server shares 2 cores with the load
   * generator and whatever else runs), so its ratios are the steadier figure.
   */
  cpuUsPerRequest: number;
  /**
   * Time inside the engine per request, µs, as the server itself records it
   * (ludex_engine_query_duration_seconds, every operation): the engine's share of a route
   * measured in place, between requests, not in a tight loop.
   */
  engineUsPerRequest: number;
  /** Content-Length of one answer, bytes sent (compressed where the route is). */
  responseBytes: number;
}

export interface HttpFigures {
  connections: number;
  durationS: number;
  /** How long each turn of a route lasted (the routes take turns). */
  turnS: number;
  /** Size of the pre-built page, bytes. */
  pageBytes: number;
  routes: RouteFigures[];
}

export interface HttpOptions {
  durationS: number;
  connections: number;
}

const HERE = dirname(fileURLToPath(import.meta.url));
/** How long each route runs at a turn before the next route's turn. */
const TURN_SECONDS = 2;

/** The measured routes; `gameId` is a game of the store, `text` a word its names contain. */
export function httpRoutes(gameId: string, text: string): HttpRoute[] {
  return [
    // node:http alone sending the bytes ceiling-fixed-json sends: what the edge itself costs
    { name: 'ceiling-bare-node', method: 'GET', path: CEILING_JSON_PATH, server: 'bare' },
    { name: 'ceiling-fixed-json', method: 'GET', path: CEILING_JSON_PATH },
    { name: 'ceiling-prebuilt-page', method: 'GET', path: CEILING_PAGE_PATH },
    // the typical filter's engine call, then the pre-built page: the route without its edge work
    { name: 'ceiling-engine-page', method: 'GET', path: `${CEILING_ENGINE_PAGE_PATH}${TYPICAL_QUERY}` },
    { name: 'games-typical', method: 'GET', path: TYPICAL_GAMES_PATH },
    // the same page revalidated by a client or a shared cache that holds it: a 304
    { name: 'games-typical-revalidate', method: 'GET', path: TYPICAL_GAMES_PATH, revalidate: true },
    { name: 'games-search', method: 'POST', path: '/v1/games/search', body: JSON.stringify(TYPICAL_SEARCH_BODY) },
    { name: 'game-by-id', method: 'GET', path: `/v1/games/${gameId}` },
    { name: 'text-search', method: 'GET', path: `/v1/search?q=${encodeURIComponent(text)}&limit=25` },
    // A 100-game page plain and compressed (brotli, issue 17): what compression costs a request.
    { name: 'games-page-100', method: 'GET', path: PAGE_100_PATH },
    { name: 'games-page-100-br', method: 'GET', path: PAGE_100_PATH, headers: { 'accept-encoding': 'br' } },
  ];
}

interface BenchServer {
  child: ChildProcess;
  port: number;
  /** The bare node:http ceiling's port. */
  barePort: number;
  pageBytes: number;
}

/**
 * The server process's script, built as `npm start` runs the product (scripts/build.ts:
 * esbuild, file by file) into bench/.cache/http-dist, with the bench's own server file beside
 * it. Not through tsx: tsx keeps function names, and the name it gives each closure made per
 * request cost the list route about 15 µs of its ~480 (a CPU profile: __name, set name).
 */
async function buildServer(): Promise<string> {
  const outdir = join(HERE, '.cache', 'http-dist');
  await buildDist(outdir);
  await transpile([join(HERE, 'http-server.ts'), join(HERE, 'http-paths.ts')], outdir);
  return join(outdir, 'bench', 'http-server.js');
}

/**
 * Starts the server process over `storePath`; resolves once it listens. BENCH_SERVER_NODE_ARGS
 * (space-separated) go before the child's script: `--cpu-prof --cpu-prof-dir=DIR` profiles the
 * server (node refuses --cpu-prof in NODE_OPTIONS).
 */
async function startServer(storePath: string): Promise<BenchServer> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const script = await buildServer();
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', script, storePath, TYPICAL_GAMES_PATH], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_ANONYMOUS: '100000000' }),
  });
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (code ${code}) before listening`)));
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+) (\d+) (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]), pageBytes: Number(match[2]), barePort: Number(match[3]) });
    });
  });
}

function requestHeaders(route: HttpRoute): Record<string, string> {
  return { ...(route.body ? { 'content-type': 'application/json' } : {}), ...route.headers };
}

/**
 * Checks one answer (200, JSON, compressed when asked) and answers its size in bytes sent; a
 * revalidation route is given its answer's tag (`If-None-Match`) and must then get a 304.
 */
async function check(base: string, route: HttpRoute): Promise<{ bytes: number; route: HttpRoute }> {
  // fetch asks for compression unless told otherwise; autocannon sends only what the route names.
  const response = await fetch(`${base}${route.path}`, {
    method: route.method,
    body: route.body,
    headers: { 'accept-encoding': 'identity', ...requestHeaders(route) },
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`HTTP bench: ${route.method} ${route.path} answered ${response.status}: ${text.slice(0, 400)}`);
  JSON.parse(text);
  const asked = route.headers?.['accept-encoding'];
  if (asked !== undefined && response.headers.get('content-encoding') !== asked)
    throw new Error(`HTTP bench: ${route.name} asked for ${asked} and got ${response.headers.get('content-encoding')}`);
  const bytes = Number(response.headers.get('content-length') ?? Buffer.byteLength(text));
  if (!route.revalidate) return { bytes, route };
  const etag = response.headers.get('etag');
  if (etag === null) throw new Error(`HTTP bench: ${route.name} answered without an ETag`);
  const revalidating = { ...route, headers: { ...route.headers, 'if-none-match': etag } };
  const again = await fetch(`${base}${route.path}`, {
    method: route.method,
    headers: { 'accept-encoding': 'identity', ...requestHeaders(revalidating) },
  });
  if (again.status !== 304 || (await again.text()) !== '')
    throw new Error(`HTTP bench: ${route.name} with If-None-Match ${etag} answered ${again.status}, not an empty 304`);
  return { bytes: 0, route: revalidating };
}

export async function measureHttp(
  storePath: string,
  routes: readonly HttpRoute[],
  options: HttpOptions,
  log: (line: string) => void,
): Promise<HttpFigures> {
  const { child, port, barePort, pageBytes } = await startServer(storePath);
  const baseOf = (route: HttpRoute): string => `http://127.0.0.1:${route.server === 'bare' ? barePort : port}`;
  try {
    const sizes = new Map<string, number>();
    const checked: HttpRoute[] = [];
    for (const route of routes) {
      const { bytes, route: ready } = await check(baseOf(route), route);
      sizes.set(route.name, bytes);
      checked.push(ready);
    }
    const figures: RouteFigures[] = [];
    const load = (route: HttpRoute, duration: number): Promise<autocannon.Result> =>
      autocannon({
        url: `${baseOf(route)}${route.path}`,
        method: route.method,
        body: route.body,
        headers: requestHeaders(route),
        connections: options.connections,
        duration,
      });
    // warm-up, not recorded: the first route measured would otherwise pay for the JIT
    for (const route of checked) await load(route, Math.max(1, Math.min(2, options.durationS / 5)));
    // BENCH_SERVER_PROFILE (bench/http-server.ts): profile from here on, the warm-up left out
    if (process.env.BENCH_SERVER_PROFILE) child.kill('SIGUSR2');
    const cpu = async (): Promise<number> => {
      const usage = (await (await fetch(`http://127.0.0.1:${barePort}${CPU_PATH}`)).json()) as NodeJS.CpuUsage;
      return usage.user + usage.system;
    };
    // The engine histogram's sum over every operation, seconds (read outside the CPU window).
    const engineSeconds = async (): Promise<number> => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      const text = await response.text();
      if (response.status !== 200) return Number.NaN;
      let sum = 0;
      for (const match of text.matchAll(/^ludex_engine_query_duration_seconds_sum\{[^}]*\} (\S+)$/gm))
        sum += Number(match[1]);
      return sum;
    };
    // The routes take turns, TURN_SECONDS at a time, rather than each its whole duration in
    // one go: on a shared machine the speed drifts over seconds, and a ratio of two routes
    // measured minutes apart would carry the drift; taking turns spreads it over all of them.
    const turnCount = Math.max(1, Math.floor(options.durationS / TURN_SECONDS));
    const turns = new Map<string, RouteTurn[]>(checked.map((route) => [route.name, []]));
    for (let turn = 0; turn < turnCount; turn++)
      for (const route of checked) {
        const engineBefore = await engineSeconds();
        const cpuBefore = await cpu();
        const result = await load(route, options.durationS / turnCount);
        const cpuUs = (await cpu()) - cpuBefore;
        const engineUs = ((await engineSeconds()) - engineBefore) * 1e6;
        // a revalidation's answers are all 304s, every other route's all 2xx
        const unexpected = route.revalidate ? result.requests.total - result['3xx'] : result.non2xx;
        if (unexpected > 0 || result.errors > 0) {
          const statuses = Object.entries(result.statusCodeStats ?? {})
            .map(([status, { count }]) => `${status}: ${count}`)
            .join(', ');
          throw new Error(
            `HTTP bench: ${route.name} had ${unexpected} unexpected answers (${statuses}) and ${result.errors} errors`,
          );
        }
        turns.get(route.name)?.push({ result, cpuUs, engineUs });
      }
    for (const route of checked) {
      const row = routeFigures(route, turns.get(route.name) ?? [], sizes.get(route.name) ?? 0);
      log(
        `http: ${route.name} ${row.requestsPerSecond.toFixed(0)} req/s (${turnCount} turns: ${row.turnsRequestsPerSecond.map((r) => r.toFixed(0)).join(', ')}), ${row.cpuUsPerRequest.toFixed(0)} µs CPU a request (engine ${row.engineUsPerRequest.toFixed(0)}), p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.responseBytes} bytes`,
      );
      figures.push(row);
    }
    return {
      connections: options.connections,
      durationS: options.durationS,
      turnS: options.durationS / turnCount,
      pageBytes,
      routes: figures,
    };
  } finally {
    // SIGTERM: the server exits by process.exit, which writes a --cpu-prof profile
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
    });
  }
}

/** One turn of a route: what autocannon saw, the server's CPU time and engine time over it (µs). */
interface RouteTurn {
  result: autocannon.Result;
  cpuUs: number;
  engineUs: number;
}

/**
 * A route's figures over its turns: requests and CPU time summed, so req/s and CPU per
 * request are over the whole time the route ran; p50 the median of the turns' p50s, p99 the
 * highest turn's p99 (percentiles do not add up; the highest is the cautious one).
 */
function routeFigures(route: HttpRoute, turns: readonly RouteTurn[], responseBytes: number): RouteFigures {
  const requests = turns.reduce((sum, t) => sum + t.result.requests.total, 0);
  const seconds = turns.reduce((sum, t) => sum + t.result.duration, 0);
  const p50s = turns.map((t) => t.result.latency.p50).sort((a, b) => a - b);
  return {
    ...route,
    requestsPerSecond: requests / Math.max(seconds, Number.EPSILON),
    turnsRequestsPerSecond: turns.map((t) => t.result.requests.total / Math.max(t.result.duration, Number.EPSILON)),
    p50Ms: p50s[(p50s.length - 1) >> 1] ?? Number.NaN,
    p99Ms: Math.max(...turns.map((t) => t.result.latency.p99)),
    non2xx: turns.reduce((sum, t) => sum + t.result.non2xx, 0),
    errors: turns.reduce((sum, t) => sum + t.result.errors, 0),
    loadAverage: currentLoad(),
    cpuUsPerRequest: turns.reduce((sum, t) => sum + t.cpuUs, 0) / Math.max(1, requests),
    engineUsPerRequest: turns.reduce((sum, t) => sum + t.engineUs, 0) / Math.max(1, requests),
    responseBytes,
  };
}
