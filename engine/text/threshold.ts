// A running lower bound on the score a document needs to reach the top `limit`, so a broad
// query ("ca": a tenth of the catalog) can skip scoring entries that cannot get there.
//
// It holds the first recorded score of up to `limit` distinct documents, the best seen so
// far. Scores of a document only grow as more of its names are scored, so at least `limit`
// documents end with a score >= the smallest value held: an entry whose best possible score
// is strictly below it can change neither the chosen documents nor their scores.

export class ScoreThreshold {
  // A plain array grown on demand: a caller asking for every hit (a huge limit) should not
  // pay for a heap of that size up front.
  private readonly heap: number[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  /** Entries scoring strictly below this cannot matter; -Infinity until `limit` documents are known. */
  get value(): number {
    return this.size < this.limit ? -Infinity : this.heap[0];
  }

  /** A document seen for the first time, with its first score. */
  offer(score: number): void {
    const heap = this.heap;
    if (this.size < this.limit) {
      let i = this.size++;
      heap.push(score);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent] <= heap[i]) break;
        [heap[i], heap[parent]] = [heap[parent], heap[i]];
        i = parent;
      }
      return;
    }
    if (score <= heap[0]) return;
    heap[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < this.size && heap[l] < heap[least]) least = l;
      if (r < this.size && heap[r] < heap[least]) least = r;
      if (least === i) return;
      [heap[i], heap[least]] = [heap[least], heap[i]];
      i = least;
    }
  }
}
