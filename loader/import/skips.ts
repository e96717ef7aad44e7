// What a foreign import left out, grouped by reason, with the first few places as examples.

import type { SkippedItems } from './report.js';

const EXAMPLES = 5;

export class Skips {
  private readonly byReason = new Map<string, SkippedItems>();

  add(reason: string, example: string): void {
    let entry = this.byReason.get(reason);
    if (!entry) {
      entry = { reason, count: 0, examples: [] };
      this.byReason.set(reason, entry);
    }
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(example);
  }

  list(): SkippedItems[] {
    return [...this.byReason.values()];
  }
}
