// A full garbage collection at the seams of a long import (between batches, before the
// aggregate refresh). V8 collects lazily: on a machine with plenty of memory it let a
// 172k-row import grow its heap to 250–480 MB around a live set of 30–80 MB, and native
// DuckDB results are freed only when their JS handles are collected. Collecting where a
// batch's garbage has just become garbage keeps the import's resident memory near what it
// uses, at a few tens of milliseconds per call. Node exposes gc() only behind a flag, which
// may be set at run time; the collector comes from a fresh context where that took effect.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | undefined;

export function collectGarbage(): void {
  if (!collector) {
    const exposed: unknown = (globalThis as { gc?: unknown }).gc;
    if (typeof exposed === 'function') {
      collector = exposed as () => void;
    } else {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as () => void;
    }
  }
  collector();
}
