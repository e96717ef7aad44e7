// Work written as a generator of steps (`yield` between them) runs either at once, here, or
// in slices on a serving thread (loader/turns.ts runInSlices): one body for both callers.

/** Runs every step of `steps` at once and returns its result. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
