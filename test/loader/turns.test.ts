// Stepped jobs share one slice per event-loop turn (loader/turns.ts): however many run side by
// side (a reload's rebuild, a warm-up, a column file), a turn holds the thread about SLICE_MS,
// not SLICE_MS per job. The clock is faked so each step "takes" a known time.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInSlices, SLICE_MS } from '../../loader/turns.js';

/** Each step advances the fake clock by this much. */
const STEP_MS = 2;

let clock = 0;

function* job(name: string, steps: number, log: string[]): Generator<void, string> {
  for (let i = 0; i < steps; i++) {
    clock += STEP_MS;
    log.push(name);
    yield;
  }
  return `${name} done`;
}

/** Runs `work` while marking every event-loop turn in `log` with '|'; the steps of each turn after. */
async function turnsOf<T>(log: string[], work: () => Promise<T>): Promise<{ result: T; turns: string[][] }> {
  let probing = true;
  const probe = (): void => {
    log.push('|');
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  const result = await work();
  probing = false;
  const turns = log
    .join('')
    .split('|')
    .filter((turn) => turn.length > 0)
    .map((turn) => [...turn]);
  return { result, turns };
}

describe('runInSlices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives two jobs one shared slice a turn, a step each in turn, and each its result', async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const log: string[] = [];
    const { result, turns } = await turnsOf(log, () =>
      Promise.all([runInSlices(job('a', 12, log)), runInSlices(job('b', 12, log))]),
    );
    expect(result).toEqual(['a done', 'b done']);
    // SLICE_MS / STEP_MS steps a turn between the two, never a slice each
    const perTurn = SLICE_MS / STEP_MS;
    for (const turn of turns) expect(turn.length).toBeLessThanOrEqual(perTurn);
    expect(turns.length).toBeGreaterThanOrEqual(Math.ceil(24 / perTurn));
    // they alternate within a turn while both have steps left
    expect(turns[0]).toEqual(['a', 'b', 'a', 'b', 'a'].slice(0, perTurn));
    expect(log.filter((name) => name === 'a')).toHaveLength(12);
    expect(log.filter((name) => name === 'b')).toHaveLength(12);
  });

  it('keeps a job with a smaller share to its share while another takes the rest of the turn', async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const log: string[] = [];
    // share 3 ms: a step of 2 ms, then another (2 < 3), then it waits for the next turn
    const { turns } = await turnsOf(log, () =>
      Promise.all([runInSlices(job('w', 8, log), 3), runInSlices(job('r', 20, log))]),
    );
    for (const turn of turns) {
      expect(turn.filter((name) => name === 'w').length).toBeLessThanOrEqual(2);
      expect(turn.length).toBeLessThanOrEqual(SLICE_MS / STEP_MS);
    }
  });

  it('does not let a job whose steps outlast the slice starve another', async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const log: string[] = [];
    function* long(steps: number): Generator<void, string> {
      for (let i = 0; i < steps; i++) {
        clock += SLICE_MS + 2;
        log.push('L');
        yield;
      }
      return 'L done';
    }
    const { turns } = await turnsOf(log, () => Promise.all([runInSlices(long(6)), runInSlices(job('s', 6, log))]));
    // an L step spends the whole slice: the turn ends after it, and the next turn starts with
    // s (the job after the last that stepped), which then leaves time for the next L step
    expect(turns.slice(0, 6).map((turn) => turn.join(''))).toEqual(['L', 'sL', 'sL', 'sL', 'sL', 'sL']);
  });

  it('rejects a job whose step throws, and the others run on', async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const log: string[] = [];
    function* failing(): Generator<void, void> {
      clock += STEP_MS;
      yield;
      throw new Error('step failed');
    }
    const failed = runInSlices(failing());
    const other = runInSlices(job('c', 9, log));
    await expect(failed).rejects.toThrow('step failed');
    await expect(other).resolves.toBe('c done');
    expect(log).toHaveLength(9);
  });
});
