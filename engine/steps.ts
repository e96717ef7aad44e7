// Work written as a generator of steps (`yield` between them) runs either at once, here, or
// in slices on a serving thread (loader/turns.ts runInSlices): one body for both callers.

/** Runs every step of `steps` at once and returns its result. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Work done since a step's last yield, for loops whose items differ in size (an entity with
 * ten games or ten thousand): `spend(n)` is true once a step's worth has been spent.
 */
export class StepBudget {
  private spent = 0;

  constructor(private readonly perStep: number) {}

  spend(work: number): boolean {
    this.spent += work;
    if (this.spent < this.perStep) return false;
    this.spent = 0;
    return true;
  }
}
