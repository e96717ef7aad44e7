// Long JS work on the server's thread in slices: between slices the event loop takes a turn
// (setImmediate: after the poll phase, so requests that arrived meanwhile are answered), and
// a reload after materialization never holds the thread for the whole build.
//
// Every stepped job of the process shares one slice per turn. A reload's rebuild, the warm-up
// of the Dataset it swapped in and the column file's encoding run side by side; each taking
// its own slice in the same turn, a request that arrived meanwhile waited for all of them
// (/healthz polls of 30–90 ms during a reload's background work, bench/reload.ts).

import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long the stepped jobs together may hold the thread before the event loop gets a turn. */
export const SLICE_MS = 10;

/** Gives the event loop one turn. */
export async function yieldTurn(): Promise<void> {
  await nextTurn();
}

interface Job {
  readonly steps: Generator<void, unknown>;
  /** This job's share of a turn at most (ms). */
  readonly sliceMs: number;
  /** Time it took in the current turn. */
  spent: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

const jobs: Job[] = [];
let turnScheduled = false;

/**
 * Runs every step of `steps` in slices: from the next turn on, a step at a time in turn with
 * the process's other stepped jobs, until the turn has lasted SLICE_MS (or this job its own
 * `sliceMs`, a smaller share for work no answer waits for).
 */
export function runInSlices<T>(steps: Generator<void, T>, sliceMs = SLICE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    jobs.push({ steps, sliceMs, spent: 0, resolve: resolve as (value: unknown) => void, reject });
    scheduleTurn();
  });
}

function scheduleTurn(): void {
  if (turnScheduled) return;
  turnScheduled = true;
  setImmediate(runTurn);
}

/**
 * One turn's slice: the jobs a step each in turn, while the slice and their shares last. The
 * queue rotates (a job that stepped goes to the back), so the next turn starts with the job
 * after the last one that stepped: a job whose steps outlast the slice cannot starve another.
 */
function runTurn(): void {
  turnScheduled = false;
  const started = performance.now();
  for (const job of jobs) job.spent = 0;
  // jobs passed over in a row because their share is spent; all of them: the turn is over
  let passed = 0;
  while (jobs.length > 0 && passed < jobs.length && performance.now() - started < SLICE_MS) {
    const job = jobs.shift() as Job;
    if (job.spent >= job.sliceMs) {
      jobs.push(job);
      passed++;
      continue;
    }
    passed = 0;
    const stepStarted = performance.now();
    let next: IteratorResult<void, unknown>;
    try {
      next = job.steps.next();
    } catch (error) {
      job.reject(error);
      continue;
    }
    job.spent += performance.now() - stepStarted;
    if (next.done) job.resolve(next.value);
    else jobs.push(job);
  }
  if (jobs.length > 0) scheduleTurn();
}
