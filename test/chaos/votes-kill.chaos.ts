// kill -9 in the middle of vote bursts: concurrent clients post ratings and weights to the
// real server process, which is killed with SIGKILL while requests are in flight. Every vote
// that was acknowledged (201) must be in the store when it is opened again.

import { describe, expect, it } from 'vitest';
import { Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import { killChild, serveChild } from '../helpers/child-server.js';
import { seeded } from '../helpers/seeded.js';
import { tempDirs } from '../helpers/temp.js';
import { discardLogs, report } from './figures.js';

const tempDir = tempDirs('ludex-chaos-votes-');
const CLIENTS = 12;
const ROUNDS = 3;
const SECRET = 'chaos-secret-0123456789abcdef0123';
const GAMES = ['catan', 'azul', 'spirit-island', 'carcassonne', 'pandemic', 'wingspan'];

describe('chaos: kill -9 during vote bursts', () => {
  it('keeps every acknowledged vote', async () => {
    const dir = tempDir();
    const random = seeded(9);
    let acknowledged: string[] = [];
    let adminKey: string | undefined;
    let refused = 0;
    let cut = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await serveChild({
        env: { LUDEX_DATA_DIR: dir, LUDEX_DEMO: 'on', API_KEY_SECRET: SECRET, RATE_LIMIT_AUTHENTICATED: '10000000' },
      });
      // The first start prints the admin key; later starts of the same store print none.
      adminKey ??= server.adminKey;
      discardLogs(server.logs);
      const key = adminKey ?? '';
      let stop = false;
      const client = async () => {
        while (!stop) {
          const game = GAMES[Math.floor(random() * GAMES.length)];
          const weight = random() < 0.3;
          try {
            const response = await fetch(`${server.url}/v1/games/${game}/${weight ? 'weight' : 'ratings'}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': key },
              body: JSON.stringify(
                weight ? { weight: 1 + Math.round(random() * 40) / 10 } : { rating: 1 + Math.floor(random() * 10) },
              ),
            });
            if (response.status === 201)
              acknowledged.push(`${weight ? 'w' : 'r'}:${((await response.json()) as { id: string }).id}`);
            else {
              refused += 1;
              await response.body?.cancel();
            }
          } catch {
            cut += 1;
            return;
          }
        }
      };
      const clients = Array.from({ length: CLIENTS }, client);
      // Let the burst run, then kill mid-flight.
      await new Promise((resolve) => setTimeout(resolve, 1_500 + Math.floor(random() * 1_000)));
      await killChild(server.process);
      stop = true;
      await Promise.all(clients);
      expect(server.process.signalCode).toBe('SIGKILL');
    }
    const store = await Store.open(loadConfig({ LUDEX_DATA_DIR: dir }).storePath);
    let stored = 0;
    try {
      const ratings = new Set(
        (await store.all<{ id: string }>('SELECT CAST(id AS VARCHAR) AS id FROM rating_votes')).map((r) => `r:${r.id}`),
      );
      const weights = new Set(
        (await store.all<{ id: string }>('SELECT CAST(id AS VARCHAR) AS id FROM weight_votes')).map((r) => `w:${r.id}`),
      );
      const missing = acknowledged.filter((id) => !ratings.has(id) && !weights.has(id));
      stored = acknowledged.length - missing.length;
      report('kill -9 during vote bursts', {
        rounds: ROUNDS,
        clients: CLIENTS,
        acknowledged: acknowledged.length,
        stored_of_acknowledged: stored,
        rows_in_store: ratings.size + weights.size,
        refused,
        cut_by_kill: cut,
      });
      expect(acknowledged.length).toBeGreaterThan(100);
      expect(missing).toEqual([]);
    } finally {
      await store.close();
      acknowledged = [];
    }
  });
});
