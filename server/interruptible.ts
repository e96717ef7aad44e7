// Stopping long store work when the process is asked to stop (SIGTERM during start-up or a
// materialization): the work's running statements are interrupted until it settles, so a
// shutdown waits milliseconds, not for a 48 s Dataset load. A transaction interrupted this
// way rolls back as a whole (loader/store.ts); nothing is ever left half-written.

/** What can be interrupted: the store. */
export interface Interruptible {
  interrupt(): void;
}

/** How often a stop request interrupts again, for work made of many statements. */
const INTERRUPT_EVERY_MS = 25;

/** Interrupts `target` now and every few milliseconds until `work` settles. */
export async function interruptUntilSettled(target: Interruptible, work: Promise<unknown>): Promise<void> {
  let settled = false;
  const done = work.then(
    () => undefined,
    () => undefined,
  );
  void done.then(() => {
    settled = true;
  });
  target.interrupt();
  const timer = setInterval(() => {
    if (!settled) target.interrupt();
  }, INTERRUPT_EVERY_MS);
  try {
    await done;
  } finally {
    clearInterval(timer);
  }
}

/**
 * `work`, unless `signal` aborts first: then the store's statements are interrupted until
 * the work has stopped, and the abort reason is thrown.
 */
export async function unlessAborted<T>(work: Promise<T>, signal: AbortSignal, target: Interruptible): Promise<T> {
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } catch (error) {
    if (signal.aborted) await interruptUntilSettled(target, work);
    throw error;
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
