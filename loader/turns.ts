// Long JS work on the server's thread in slices: between slices the event loop takes a turn
// (setImmediate: after the poll phase, so requests that arrived meanwhile are answered), and
// a reload after materialization never holds the thread for the whole build.

import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice may hold the thread before the event loop gets a turn. */
export const SLICE_MS = 10;

/** Gives the event loop one turn. */
export async function yieldTurn(): Promise<void> {
  await nextTurn();
}

/** Runs every step of `steps`, yielding a turn whenever a slice has lasted `sliceMs`. */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStarted = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStarted >= sliceMs) {
      await yieldTurn();
      sliceStarted = performance.now();
    }
  }
}
