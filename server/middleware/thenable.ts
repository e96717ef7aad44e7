// Middlewares that only need to look at a route's result do so synchronously when the
// route answered synchronously: no promise, no timer, nothing allocated per request.

/** True for a promise (or any thenable) a route or inner middleware returned. */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null | undefined)?.then === 'function';
}
