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

/**
 * A value built once, by steps: `steps()` builds it a step at a time (a serving thread between
 * requests), `get()` at once when it is wanted sooner, finishing whatever the steps began.
 * Several callers may drive `steps()`; whoever takes the last step stores the value.
 */
export class Stepped<T> {
  private built: { value: T } | undefined;
  private build: Generator<void, T> | undefined;

  constructor(private readonly start: () => Generator<void, T>) {}

  /** The value, built now if it is not yet (every text query and list lookup asks: no generator once built). */
  get(): T {
    return this.built !== undefined ? this.built.value : runSteps(this.steps());
  }

  /** The build's steps (none once it is built), then the value. */
  *steps(): Generator<void, T> {
    while (this.built === undefined) {
      this.build ??= this.start();
      let next: IteratorResult<void, T>;
      try {
        next = this.build.next();
      } catch (error) {
        this.build = undefined; // a failed build starts afresh for the next caller
        throw error;
      }
      if (next.done) {
        this.built = { value: next.value };
        this.build = undefined;
      } else yield;
    }
    return this.built.value;
  }
}
