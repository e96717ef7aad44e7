// kill -9 during a materialization: a store with a committed run and many raw votes; the
// server process is killed with SIGKILL inside the next run's transaction. The old
// aggregates and snapshots must be intact (digest-identical), and the next start must mark
// the run abandoned. (test/server/materialize-kill.test.ts is the larger version in npm test.)

import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger.js';
import { startServer } from '../../server/main.js';
import { killDuringMaterialization } from '../helpers/killed-run.js';
import { tempDirs } from '../helpers/temp.js';
import { report } from './figures.js';

const tempDir = tempDirs('ludex-chaos-materialize-');
const GAMES = 10_000;
const VOTES = 800_000;

describe('chaos: kill -9 during a materialization', () => {
  it('leaves the old aggregates intact and the run marked abandoned on the next start', async () => {
    const { config, before, killed, answered } = await killDuringMaterialization(tempDir(), GAMES, VOTES);
    expect(answered, 'the run finished before the kill; make it longer').toBe(false);
    const identical = killed.games === before.games && killed.snapshots === before.snapshots;
    const restarted = await startServer(config, silentLogger);
    let statuses: string[];
    try {
      statuses = (
        await restarted.store.all<{ status: string }>('SELECT status FROM materialization_runs ORDER BY started_at')
      ).map((r) => r.status);
    } finally {
      await restarted.close();
    }
    report('kill -9 during a materialization', {
      games: GAMES,
      raw_votes: VOTES,
      aggregates_identical: identical,
      runs_after_kill: killed.runs.map((r) => r.status),
      runs_after_restart: statuses,
    });
    expect(identical).toBe(true);
    expect(killed.runs.map((r) => r.status)).toEqual(['succeeded', 'running']);
    expect(statuses).toEqual(['succeeded', 'abandoned']);
  });
});
