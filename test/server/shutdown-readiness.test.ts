// /readyz: ready while a Dataset is served and the store answers; 503 problem when the store
// is unreachable or shutdown has begun (so load balancers drain the instance first).

import { describe, expect, it } from 'vitest';
import type { Store } from '../../loader/store.js';
import { call, demoAppWith } from '../helpers/app.js';

describe('/readyz', () => {
  it('is ready with the served Dataset, then 503 once draining starts; /healthz stays 200', async () => {
    let draining = false;
    const t = await demoAppWith(() => ({ draining: () => draining }));
    try {
      const ready = await call(t.app, '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        status: 'ready',
        games: t.state.current.size,
        dataset_loaded_at: t.state.loadedAt.toISOString(),
      });
      draining = true;
      const drained = await call(t.app, '/readyz');
      expect(drained.status).toBe(503);
      expect(drained.body).toMatchObject({ status: 503, type: 'http://ludex.test/problems/service-unavailable' });
      expect((drained.body as { detail: string }).detail).toContain('shutting down');
      expect(drained.headers.get('cache-control')).toBe('no-store');
      expect((await call(t.app, '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is 503 while the store does not answer, and ready again when it does', async () => {
    let reachable = false;
    const t = await demoAppWith((store) => ({
      store: new Proxy(store, {
        get(target, property, receiver) {
          if (property === 'ping') return () => Promise.resolve(reachable);
          return Reflect.get(target, property, receiver) as unknown;
        },
      }) as Store,
    }));
    try {
      const down = await call(t.app, '/readyz');
      expect(down.status).toBe(503);
      expect((down.body as { detail: string }).detail).toContain('store');
      // Reads are served from the in-memory Dataset all the same.
      expect((await call(t.app, '/v1/games/spirit-island')).status).toBe(200);
      reachable = true;
      expect((await call(t.app, '/readyz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('stays ready through a materialization reload: the old Dataset serves until the swap', async () => {
    const t = await demoAppWith(() => ({}));
    try {
      const before = t.state.loadedAt;
      const run = t.deps.materializer.run('api');
      const during = await call(t.app, '/readyz');
      expect(during.status).toBe(200);
      await run;
      const after = await call(t.app, '/readyz');
      expect(after.status).toBe(200);
      expect(
        new Date((after.body as { dataset_loaded_at: string }).dataset_loaded_at).getTime(),
      ).toBeGreaterThanOrEqual(before.getTime());
      expect(t.state.loadedAt).not.toBe(before);
    } finally {
      await t.close();
    }
  });
});
