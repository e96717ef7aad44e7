// collectGarbage works without --expose-gc: an unreachable object is gone after one call.

import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../loader/import/heap.js';

describe('collectGarbage', () => {
  it('collects an unreachable object', async () => {
    let target: object | null = { payload: new Array(1000).fill('x') };
    const ref = new WeakRef(target);
    target = null;
    // WeakRef targets are kept alive until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
