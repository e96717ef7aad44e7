// Reload without a pause (issue 13, point 2): a server process over a writable store runs one
// materialization + Dataset reload while this process polls its /healthz every ~10 ms over a
// kept-alive connection. Measured: commit → new Dataset serving (the run's dataset_reload),
// the run itself, /healthz latency p50/p99/max as the client saw it, and the server's own
// event-loop delay. The store is prepared by the caller (bench/batch.ts: the materialization
// stage's converged store); `newVotes` fresh raw votes are appended first so the run has
// aggregates to change.
//
//   tsx bench/reload.ts --store FILE [--votes N] [--cpu-prof FILE]   (FILE: the run's CPU profile)
//   (a store built by `npm run bench:materialize -- --store-dir DIR`)

import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Store } from '../loader/store.js';
import { currentLoad } from './machine.js';
import { insertRatingVotes } from './materialize.js';
import type { ReloadRun } from './reload-server.js';
import { serverEnv } from './server-env.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const POLL_INTERVAL_MS = 10;

export interface LatencyFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ReloadFigures {
  games: number;
  newVotes: number;
  /** Commit → new Dataset serving (the run's dataset_reload step). */
  reloadMs: number;
  /** The materialization run's own total (before the reload). */
  materializeMs: number;
  /** The changed columns read in the run's transaction just before its commit (dataset-reload.ts), if it read them there. */
  readInRunMs?: number;
  /** After the new values serve: the changed orders prepared, the rebuild in the default order in the background (dataset-reload.ts) and the column file. */
  backgroundMs: number;
  /** /healthz as a client polling every ~10 ms saw it, over the run, the reload and the reload's background work. */
  healthz: LatencyFigures;
  /** The same polls, only those that overlapped the reload (commit → new Dataset serving). */
  healthzDuringReload: LatencyFigures;
  /** The server's event-loop delay over the same span (perf_hooks, 5 ms resolution). */
  eventLoop: { p50: number; p99: number; max: number };
  loadAverage: number;
}

/** Appends `count` raw rating votes after the ones already there (ids stay unique). */
export async function appendVotes(path: string, count: number): Promise<void> {
  if (count === 0) return;
  const store = await Store.open(path);
  try {
    const [row] = await store.all<{ n: bigint }>('SELECT count(*) AS n FROM rating_votes');
    await store.transaction((tx) => insertRatingVotes(tx, count, Number(row.n), '2026-11-22T03:30:00Z'));
    await store.run('CHECKPOINT');
  } finally {
    await store.close();
  }
}

function startServer(path: string, profileFile: string | undefined): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'reload-server.ts'), path], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: serverEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      ...(profileFile === undefined ? {} : { RELOAD_CPU_PROFILE: profileFile }),
    }),
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the reload bench server exited (code ${code}) before listening`)));
    lines.on('line', (line) => {
      const match = /^LISTENING (\d+)$/.exec(line);
      if (match) resolve({ child, port: Number(match[1]) });
    });
  });
}

function waitForRun(child: ChildProcess): Promise<ReloadRun> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the reload bench server exited (code ${code}) during the run`)));
    lines.on('line', (line) => {
      if (line.startsWith('RAN ')) resolve(JSON.parse(line.slice(4)) as ReloadRun);
    });
  });
}

/** One GET /healthz; resolves with its latency in ms (a non-200 answer is an error). */
function healthz(agent: Agent, port: number): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`/healthz answered ${res.statusCode} during the reload bench`));
        else resolve(performance.now() - t0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface Poll {
  /** Epoch ms (performance.timeOrigin based, comparable with the server's). */
  startedAt: number;
  ms: number;
}

/** Polls every POLL_INTERVAL_MS (one request at a time: a stall shows as one long latency) until stopped. */
function poll(port: number): { stop(): Promise<Poll[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const polls: Poll[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      polls.push({ startedAt: performance.timeOrigin + started, ms: await healthz(agent, port) });
      const wait = POLL_INTERVAL_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return polls;
    },
  };
}

export function latencyFigures(latencies: readonly number[]): LatencyFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted[sorted.length - 1] ?? Number.NaN };
}

/** One materialization + reload in a server over `path` (closed here), /healthz polled throughout. */
export async function measureReload(
  path: string,
  newVotes: number,
  log: (line: string) => void,
  /** Where the server writes a CPU profile of the run (bench/reload-server.ts). */
  profileFile?: string,
): Promise<ReloadFigures> {
  await appendVotes(path, newVotes);
  const { child, port } = await startServer(path, profileFile);
  try {
    // a few polls on an idle server first, so the connection is open and warm
    const warm = poll(port);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await warm.stop();
    const polling = poll(port);
    const ran = waitForRun(child);
    child.stdin?.write('materialize\n');
    const run = await ran;
    const polls = await polling.stop();
    const reloadMs = run.timingsMs.dataset_reload ?? Number.NaN;
    const reloadFrom = run.finishedAtEpochMs - reloadMs;
    const figures: ReloadFigures = {
      games: run.games,
      newVotes,
      reloadMs,
      materializeMs: run.timingsMs.total ?? Number.NaN,
      readInRunMs: run.timingsMs.dataset_read,
      backgroundMs: run.backgroundMs,
      healthz: latencyFigures(polls.map((p) => p.ms)),
      healthzDuringReload: latencyFigures(
        polls.filter((p) => p.startedAt + p.ms >= reloadFrom && p.startedAt <= run.finishedAtEpochMs).map((p) => p.ms),
      ),
      eventLoop: run.eventLoop,
      loadAverage: currentLoad(),
    };
    log(`reload: ${reloadSummary(figures)}`);
    return figures;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin?.end();
    child.kill('SIGTERM');
    await exited;
  }
}

export function reloadSummary(f: ReloadFigures): string {
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  return (
    `${f.games.toLocaleString('en-US')} games, ${f.newVotes.toLocaleString('en-US')} new votes: materialization ${(f.materializeMs / 1000).toFixed(1)} s, ` +
    (f.readInRunMs === undefined
      ? ''
      : `its changed columns read in its transaction before the commit ${ms(f.readInRunMs)}, `) +
    `commit → new Dataset serving ${ms(f.reloadMs)}, then its changed orders prepared, the rebuild in the default order and the column file in the background ${ms(f.backgroundMs)}; /healthz every ${POLL_INTERVAL_MS} ms (${f.healthz.count} polls) ` +
    `p50 ${ms(f.healthz.p50Ms)}, p99 ${ms(f.healthz.p99Ms)}, max ${ms(f.healthz.maxMs)}; ` +
    `during the reload alone (${f.healthzDuringReload.count} polls) p50 ${ms(f.healthzDuringReload.p50Ms)}, ` +
    `p99 ${ms(f.healthzDuringReload.p99Ms)}, max ${ms(f.healthzDuringReload.maxMs)}; ` +
    `server event-loop delay p99 ${ms(f.eventLoop.p99)}, max ${ms(f.eventLoop.max)}`
  );
}

function parseArgs(argv: readonly string[]): { store: string; votes: number; cpuProf?: string } {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key?.startsWith('--') || value === undefined || !['--store', '--votes', '--cpu-prof'].includes(key))
      throw new Error(`bad argument ${key}; usage: --store FILE [--votes N] [--cpu-prof FILE]`);
    flags.set(key.slice(2), value);
  }
  const store = flags.get('store');
  if (store === undefined) throw new Error('--store FILE is required');
  const votes = Number(flags.get('votes') ?? 500_000);
  if (!Number.isInteger(votes) || votes < 0) throw new Error('--votes must be a whole number');
  const cpuProf = flags.get('cpu-prof');
  return { store, votes, ...(cpuProf === undefined ? {} : { cpuProf }) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { store, votes, cpuProf } = parseArgs(process.argv.slice(2));
  measureReload(store, votes, (line) => console.log(line), cpuProf).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
