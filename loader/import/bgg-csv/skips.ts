// Skipped rows grouped by reason, with the first few locations as examples.

import type { SkippedItems } from '../report.js';

const EXAMPLES = 10;

export class SkipLog {
  private readonly byReason = new Map<string, SkippedItems>();

  add(reason: string, where: string): void {
    let entry = this.byReason.get(reason);
    if (!entry) {
      entry = { reason, count: 0, examples: [] };
      this.byReason.set(reason, entry);
    }
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(where);
  }

  list(): SkippedItems[] {
    return [...this.byReason.values()];
  }
}
