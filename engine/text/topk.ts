// Best `limit` documents out of a candidate set without sorting the whole set: a broad
// prefix ("ca") touches tens of thousands of documents but a page wants twenty.

/**
 * The best `limit` of `candidates`, best first: higher `score`, then `tieBefore` for equal
 * scores (which must be a strict order).
 */
export function selectTop(
  candidates: ArrayLike<number>,
  limit: number,
  score: Float64Array,
  tieBefore: (a: number, b: number) => boolean,
): number[] {
  const better = (a: number, b: number): boolean => (score[a] !== score[b] ? score[a] > score[b] : tieBefore(a, b));
  if (candidates.length <= limit) {
    return Array.from(candidates).sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
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
  for (let c = 0; c < candidates.length; c++) {
    const doc = candidates[c];
    if (heap.length < limit) {
      heap.push(doc);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!better(heap[parent], heap[i])) break;
        [heap[i], heap[parent]] = [heap[parent], heap[i]];
        i = parent;
      }
    } else if (score[doc] >= score[heap[0]] && better(doc, heap[0])) {
      // The plain comparison first: most candidates lose on score alone, without a call.
      heap[0] = doc;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
