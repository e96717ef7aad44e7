// A seeded generator of hostile requests across every registered route, and a runner that
// holds each answer to the house rules: never a 5xx, every error an RFC 9457 problem, no
// answer slower than MAX_ANSWER_MS. Used by the cheap fuzz in `npm test` (a few hundred
// requests) and the chaos suite (`npm run test:chaos`, thousands over a real listener).

import type { H3 } from 'h3';
import { registeredRoutes } from '../../server/http.js';

/** The longest any answer may take, in milliseconds: longer is a hang. */
export const MAX_ANSWER_MS = 5_000;

export interface FuzzRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const SEGMENTS = [
  'catan',
  'spirit-island',
  'azul',
  'no-such-game',
  '00000000-0000-0000-0000-000000000000',
  '-1',
  '0',
  '%00',
  '..%2F..%2Fetc',
  '%E3%82',
  '%F0%9F%8E%B2',
  'x'.repeat(300),
  'CATAN',
  'a%20b',
  'null',
];
const VALUES = [
  '',
  '-1',
  '0',
  '1',
  '4',
  '2.5',
  '1e309',
  'NaN',
  '9'.repeat(40),
  'true',
  'false',
  '[]',
  '{}',
  '%25',
  'a,b,,c',
  ',,,',
  'x'.repeat(3_000),
  '%00',
  '%F0%9F%8E%B2',
  'catan',
  'cooperative',
  'base_game',
  'deck-building',
  'weight',
  'desc',
  'abc.def',
  'eyJ2IjoxfQ.AAAA',
  '2025-06-30',
  '1900-01-01',
  'overall',
  'decade',
  'jsonl',
  'csv',
];
const NAMES = [
  'limit',
  'cursor',
  'before',
  'sort',
  'order',
  'include',
  'players',
  'type',
  'mode',
  'mechanic',
  'q',
  'metric',
  'granularity',
  'date',
  'top',
  'scope',
  'group_by',
  'format',
  'effective',
  'weight_min',
  'weight_max',
  'year_min',
  'legacy_id',
  'themez',
  '__proto__',
  'constructor',
];
const JSON_VALUES: (() => unknown)[] = [
  () => null,
  () => 4,
  () => -1,
  () => 1e308,
  () => 2.5,
  () => 'catan',
  () => 'x'.repeat(5_000),
  () => true,
  () => [],
  () => ['cooperative', 7, null],
  () => Array.from({ length: 500 }, (_, i) => i),
  () => ({ slug: 'x', result: 'won', extra: { deep: [1] } }),
  () => ({ __proto__: { polluted: true } }),
];
const MEMBERS = [...NAMES, 'rating', 'weight', 'play_count', 'experience_level', 'declared_scale', 'name', 'admin'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/merge-patch+json',
];

/** Nested `depth` deep: `[[[…]]]`, as text (JSON.stringify would itself overflow). */
function nestedText(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

export class RequestFuzzer {
  private readonly paths: { path: string; methods: string[] }[];

  constructor(
    app: H3,
    private readonly random: () => number,
    /** A valid admin key, sent with some requests so the routes behind the guard are reached. */
    private readonly adminKey: string,
  ) {
    const byPath = new Map<string, string[]>();
    for (const r of registeredRoutes(app)) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.method]);
    this.paths = [...byPath].map(([path, methods]) => ({ path, methods }));
    this.paths.push({ path: '/v1/no-such-route', methods: ['GET'] }, { path: '/problems/:slug', methods: ['GET'] });
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private body(): string {
    const roll = this.random();
    if (roll < 0.1) return this.pick(['{', '[1,', '"', 'null', '', ' ', '{"a":1}}', '\u00ff\u00fe', '{"a":"\\ud800"}']);
    if (roll < 0.2) return `{"${this.pick(MEMBERS)}":${nestedText(Math.floor(this.random() * 6_000))}}`;
    if (roll < 0.25) return JSON.stringify(this.pick(JSON_VALUES)());
    const members: Record<string, unknown> = {};
    const count = Math.floor(this.random() * 4);
    for (let i = 0; i < count; i++) members[this.pick(MEMBERS)] = this.pick(JSON_VALUES)();
    return JSON.stringify(members);
  }

  next(): FuzzRequest {
    const target = this.pick(this.paths);
    const method = this.chance(0.75) ? this.pick(target.methods) : this.pick(METHODS);
    let path = target.path.replace(/:[a-z_]+/g, () => this.pick(SEGMENTS));
    if (this.chance(0.02)) path = `${path}/${'a'.repeat(9_000)}`;
    const params: string[] = [];
    const count = Math.floor(this.random() * 4);
    for (let i = 0; i < count; i++) params.push(`${this.pick(NAMES)}=${this.pick(VALUES)}`);
    if (params.length > 0) path = `${path}?${params.join('&')}`;
    const headers: Record<string, string> = {};
    const key = this.random();
    if (key < 0.35) headers['x-api-key'] = this.adminKey;
    else if (key < 0.45) headers['x-api-key'] = this.pick(['ldx_nope', 'x', 'ldx_'.padEnd(500, 'a')]);
    if (this.chance(0.1)) headers['if-none-match'] = this.pick(['*', '"abc"', 'W/"x", "y"', '"']);
    if (this.chance(0.1)) headers.origin = this.pick(['https://evil.example', 'null']);
    if (method === 'OPTIONS' && this.chance(0.5)) headers['access-control-request-method'] = this.pick(METHODS);
    let body: string | undefined;
    if (method !== 'GET' && method !== 'HEAD' && this.chance(0.85)) {
      body = this.body();
      if (this.chance(0.9)) headers['content-type'] = this.pick(CONTENT_TYPES);
    }
    // A valid admin key and an acceptable body would run a materialization per request:
    // a run is not what the fuzz is about (the kill and slow-client scenarios cover it).
    if (target.path.endsWith('/admin/materialize') && headers['x-api-key'] === this.adminKey)
      headers['x-api-key'] = 'ldx_nope';
    return { method, path, headers, body };
  }
}

export interface FuzzOutcome {
  /** How many answers had each status. */
  statuses: Record<number, number>;
  /** Answers that broke a rule, each with the request that got it. */
  violations: string[];
  longestMs: number;
  count: number;
}

/** Holds one answer to the rules; returns what it broke, if anything. */
export async function judge(request: FuzzRequest, response: Response, ms: number): Promise<string | undefined> {
  const text = await response.text();
  const where = `${request.method} ${request.path.slice(0, 200)}`;
  if (response.status >= 500) return `${where} → ${response.status}: ${text.slice(0, 300)}`;
  if (ms > MAX_ANSWER_MS) return `${where} took ${Math.round(ms)} ms`;
  if (response.status >= 400 && request.method !== 'HEAD') {
    if (response.headers.get('content-type') !== 'application/problem+json')
      return `${where} → ${response.status} without a problem body (${response.headers.get('content-type')})`;
    let problem: { type?: unknown; title?: unknown; status?: unknown };
    try {
      problem = JSON.parse(text) as typeof problem;
    } catch {
      return `${where} → ${response.status} with a problem body that is not JSON`;
    }
    if (typeof problem.type !== 'string' || typeof problem.title !== 'string' || problem.status !== response.status)
      return `${where} → ${response.status} with an incomplete problem: ${text.slice(0, 200)}`;
  }
  return undefined;
}

/**
 * Sends `count` fuzzed requests through `send`, `concurrency` at a time; every answer is
 * judged. `send` may throw (a hang cut off by its signal counts as a violation).
 */
export async function runFuzz(
  fuzzer: RequestFuzzer,
  count: number,
  send: (request: FuzzRequest) => Promise<Response> | Response,
  concurrency = 1,
): Promise<FuzzOutcome> {
  const outcome: FuzzOutcome = { statuses: {}, violations: [], longestMs: 0, count };
  const requests = Array.from({ length: count }, () => fuzzer.next());
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < requests.length) {
      const request = requests[nextIndex++];
      const started = performance.now();
      try {
        const response = await send(request);
        const ms = performance.now() - started;
        outcome.longestMs = Math.max(outcome.longestMs, ms);
        outcome.statuses[response.status] = (outcome.statuses[response.status] ?? 0) + 1;
        const broken = await judge(request, response, ms);
        if (broken) outcome.violations.push(broken);
      } catch (error) {
        const ms = performance.now() - started;
        outcome.longestMs = Math.max(outcome.longestMs, ms);
        outcome.violations.push(
          `${request.method} ${request.path.slice(0, 200)} failed after ${Math.round(ms)} ms: ${String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcome;
}
