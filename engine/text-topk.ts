// Best `limit` documents out of a candidate set without sorting the whole set: a broad
// prefix ("ca") touches tens of thousands of documents but a page wants twenty.

/**
 * Documents of `candidates` ordered by score desc, then `tieRank` asc (the precomputed
 * bayes_rating desc / id asc order), at most `limit` of them.
 */
export function selectTop(
  candidates: readonly number[],
  score: Float64Array,
  tieRank: Uint32Array,
  limit: number,
): number[] {
  const better = (a: number, b: number): boolean =>
    score[a] !== score[b] ? score[a] > score[b] : tieRank[a] < tieRank[b];
  if (candidates.length <= limit) {
    return [...candidates].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
  }
  // Min-heap on "better": the root is the worst kept document, evicted by anything better.
  const heap: number[] = [];
  const siftDown = (from: number): void => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && better(heap[worst], heap[l])) worst = l;
      if (r < heap.length && better(heap[worst], heap[r])) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst], heap[i]];
      i = worst;
    }
  };
  for (const doc of candidates) {
    if (heap.length < limit) {
      heap.push(doc);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!better(heap[parent], heap[i])) break;
        [heap[i], heap[parent]] = [heap[parent], heap[i]];
        i = parent;
      }
    } else if (better(doc, heap[0])) {
      heap[0] = doc;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
