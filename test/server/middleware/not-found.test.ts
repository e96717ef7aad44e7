// A path no route matches is a 404 problem; a matched one goes on to its route.

import { describe, expect, it } from 'vitest';
import { notFound } from '../../../server/middleware/not-found.js';
import { answeredApp, fetchApp } from './mini-app.js';

describe('notFound', () => {
  const app = answeredApp([notFound], { '/games/:id': () => 'a game' });

  it('answers an unmatched path with a 404 problem', async () => {
    const reply = await fetchApp(app, '/nothing/here');
    expect(reply.status).toBe(404);
    expect(await reply.json()).toMatchObject({
      status: 404,
      detail: 'No resource at this path.',
      instance: '/nothing/here',
    });
  });

  it('lets a matched path through', async () => {
    const reply = await fetchApp(app, '/games/1');
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe('a game');
  });
});
