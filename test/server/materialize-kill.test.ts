// Atomic runs: the server (a child process) is killed with SIGKILL while a materialization
// run is in progress. The store must hold the previous run's aggregates and snapshots, the
// run row must still say 'running', and the next start must mark it 'abandoned'. The run
// is long for an honest reason: a generated catalog and millions of raw votes in the store.

import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger.js';
import { startServer } from '../../server/main.js';
import { materialize } from '../../snapshots/materialize.js';
import { killDuringMaterialization, storeDigest } from '../helpers/killed-run.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-materialize-kill-');
const GAMES = 20_000;
const VOTES = 1_500_000;

describe('a materialization run killed midway', () => {
  it('leaves the previous aggregates and snapshots, and is marked abandoned on the next start', {
    timeout: 300_000,
  }, async () => {
    const { config, before, killed, answered } = await killDuringMaterialization(tempDir(), GAMES, VOTES);
    expect(before.runs).toEqual([{ status: 'succeeded' }]);
    expect(answered, 'the run finished before the kill; make it longer').toBe(false);
    expect(killed.games).toBe(before.games);
    expect(killed.snapshots).toBe(before.snapshots);
    expect(killed.runs).toEqual([{ status: 'succeeded' }, { status: 'running' }]);

    // The next start marks the run abandoned; a fresh run then has the votes to fold in.
    const restarted = await startServer(config, silentLogger);
    try {
      const runs = await restarted.store.all<{ status: string; finished_at: string | null }>(
        'SELECT status, finished_at FROM materialization_runs ORDER BY started_at',
      );
      expect(runs).toEqual([
        expect.objectContaining({ status: 'succeeded' }),
        { status: 'abandoned', finished_at: null },
      ]);
      expect((await storeDigest(restarted.store)).games).toBe(before.games);
      const report = await materialize(restarted.store, { trigger: 'cli' });
      expect(report.games_updated).toBeGreaterThan(1000);
    } finally {
      await restarted.close();
    }
  });
});
