// Runs a generator of steps (engine/steps.ts) to its end, counting its yields: what a test
// of work cut into steps checks besides the result (that it did yield where pieces are large).

/** Runs `steps` to the end, calling `between` at every yield; its result and the yields counted. */
export function stepped<T>(steps: Generator<void, T>, between: () => void = () => {}): { result: T; yields: number } {
  let yields = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { result: next.value, yields };
    yields++;
    between();
  }
}
