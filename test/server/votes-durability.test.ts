// A 201 means the vote is durable: the server runs as a child process (`ludex serve`, as a
// user starts it), votes are posted, and the process is killed with SIGKILL the moment the
// last 201 arrives. Every acknowledged vote must be in the store when it is opened again.

import { describe, expect, it } from 'vitest';
import { Store } from '../../loader/store.js';
import { loadConfig } from '../../server/config.js';
import { killChild, serveChild } from '../helpers/child-server.js';
import { tempDirs } from '../helpers/temp.js';

const tempDir = tempDirs('ludex-durability-');

describe('vote durability', () => {
  it('keeps every vote answered with 201 across a kill -9 right after the response', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const server = await serveChild({ env: { LUDEX_DATA_DIR: dir, LUDEX_DEMO: 'on' } });
    const sent: { path: string; body: Record<string, unknown>; id: string }[] = [];
    try {
      const votes: [string, Record<string, unknown>][] = [
        ['/v1/games/spirit-island/ratings', { rating: 9, play_count: 4, experience_level: 'expert' }],
        ['/v1/games/azul/ratings', { rating: 3 }],
        ['/v1/games/spirit-island/weight', { weight: 4.2 }],
        ['/v1/games/azul/weight', { weight: 1.5 }],
        ['/v1/games/spirit-island/ratings', { rating: 10, declared_scale: '1-10' }],
      ];
      for (const [path, body] of votes) {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': server.adminKey ?? '' },
          body: JSON.stringify(body),
        });
        const vote = (await response.json()) as { id: string };
        expect(response.status).toBe(201);
        sent.push({ path, body, id: vote.id });
      }
    } finally {
      // Killed at once after the last acknowledgement: no graceful close, no checkpoint.
      await killChild(server.process);
    }
    expect(server.process.signalCode).toBe('SIGKILL');

    const store = await Store.open(loadConfig({ LUDEX_DATA_DIR: dir }).storePath);
    try {
      for (const vote of sent) {
        const weight = vote.path.endsWith('/weight');
        const rows = weight
          ? await store.all<Record<string, unknown>>(
              `SELECT g.slug, CAST(v.weight AS DOUBLE) AS weight FROM weight_votes v JOIN games g ON g.id = v.game_id WHERE v.id = $1`,
              [vote.id],
            )
          : await store.all<Record<string, unknown>>(
              `SELECT g.slug, v.rating FROM rating_votes v JOIN games g ON g.id = v.game_id WHERE v.id = $1`,
              [vote.id],
            );
        const slug = vote.path.split('/')[3];
        expect(rows, vote.path).toEqual([
          weight ? { slug, weight: vote.body.weight } : { slug, rating: vote.body.rating },
        ]);
      }
    } finally {
      await store.close();
    }
  });
});
