// What the listener answers for a request the app could not take (server/node-listener.ts);
// the crash it prevents is reproduced on a real listener in listener.test.ts.

import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenerProblem } from '../../server/node-listener.js';

const request = (host: string | undefined, url: string): IncomingMessage =>
  ({ headers: host === undefined ? {} : { host }, url }) as IncomingMessage;

function invalidUrl(input: string): TypeError {
  try {
    new URL(input);
  } catch (error) {
    return error as TypeError;
  }
  throw new Error(`${input} parsed`);
}

describe('listenerProblem', () => {
  it('names the Host header when it is what the URL parser refused', () => {
    const problem = listenerProblem(request('a:70000', '/v1/games'), invalidUrl('http://a:70000/v1/games'));
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual([
      { field: 'host', code: 'invalid_header', message: expect.stringContaining('65535'), value: 'a:70000' },
    ]);
  });

  it('names the URL when the Host is fine', () => {
    const problem = listenerProblem(request('example.org', '/v1/x'), invalidUrl('http://[::1/v1/x'));
    expect(problem.status).toBe(400);
    expect(problem.errors).toMatchObject([{ field: 'url', code: 'invalid_url', value: '/v1/x' }]);
  });

  it('is a 500 for anything else (logged by the listener), never a thrown error', () => {
    const problem = listenerProblem(request('example.org', '/'), new RangeError('boom'));
    expect(problem.status).toBe(500);
    expect(problem.kind).toBe('internal');
    expect(problem.errors).toEqual([]);
  });
});
