// Agreement between methods: same total, same ids in the same order. The first difference is
// described precisely, because a bench that silently compares different answers is worthless.

import type { MethodName, MethodResult } from './methods.js';

/** Null when every result equals the first; otherwise what differs, and where. */
export function firstDifference(results: readonly { method: MethodName; result: MethodResult }[]): string | null {
  const [reference, ...others] = results;
  if (!reference) return null;
  const a = reference.result;
  for (const { method, result: b } of others) {
    const who = `${reference.method} vs ${method}`;
    if (a.total !== b.total) return `${who}: total ${a.total} vs ${b.total}`;
    const n = Math.max(a.ids.length, b.ids.length);
    for (let i = 0; i < n; i++) {
      if (a.ids[i] !== b.ids[i]) {
        return `${who}: page row ${i}: ${a.ids[i] ?? '(none)'} vs ${b.ids[i] ?? '(none)'} (page lengths ${a.ids.length} vs ${b.ids.length})`;
      }
    }
  }
  return null;
}
