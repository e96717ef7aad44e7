// The engine timing wrapper: routes read a state view whose `current` is one TimedDataset per
// Dataset; it answers exactly what the Dataset answers and times only the query operations.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetApi } from '../../engine/index.js';
import { AppMetrics } from '../../server/metrics.js';
import { DatasetState } from '../../server/state.js';
import { engineTimers, TIMED_OPERATIONS, TimedDataset } from '../../server/timed-dataset.js';
import { demoApp, type TestApp } from '../helpers/app.js';

async function counts(metrics: AppMetrics): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const sample of (await metrics.engineQueryDuration.get()).values)
    if (sample.metricName === 'ludex_engine_query_duration_seconds_count')
      out[String(sample.labels.operation)] = sample.value;
  return out;
}

describe('TimedDataset and the timed state view', () => {
  let t: TestApp;
  let raw: DatasetApi;
  beforeAll(async () => {
    t = await demoApp();
    raw = t.state.current;
  });
  afterAll(() => t.close());

  it('shows one TimedDataset per Dataset, and follows swaps made on either side', () => {
    const state = new DatasetState(raw);
    const view = new AppMetrics(state).instrumentState(state);
    const first = view.current;
    expect(first).toBeInstanceOf(TimedDataset);
    expect(view.current).toBe(first);
    expect(state.current).toBe(raw);

    // Any other Dataset will do: a second wrapper of the same one is a distinct object.
    const other = new TimedDataset(raw, engineTimers(new AppMetrics(state).engineQueryDuration));
    const at = new Date('2030-01-01T00:00:00Z');
    state.swap(other, at);
    expect(view.current).not.toBe(first);
    expect(view.loadedAt).toBe(at);
    view.swap(raw);
    expect(state.current).toBe(raw);
    expect(view.current).toBe(first);
  });

  it('answers what the Dataset answers, method by method', () => {
    const timed = new AppMetrics(t.state).instrumentState(t.state).current;
    const row = raw.row('spirit-island') ?? -1;
    expect(row).toBeGreaterThanOrEqual(0);
    const filter = { players: 4 };
    expect(timed.size).toBe(raw.size);
    expect(timed.row('spirit-island')).toBe(row);
    expect(timed.rowByLegacyId('no-such-id')).toBe(raw.rowByLegacyId('no-such-id'));
    expect(timed.game(row)).toEqual(raw.game(row));
    expect(timed.related(row)).toEqual(raw.related(row));
    expect(timed.resolve('mechanic', 'cooperative-game')).toBe(raw.resolve('mechanic', 'cooperative-game'));
    const query = { filter, sort: 'name' as const, order: 'asc' as const, limit: 5 };
    expect(timed.query(query)).toEqual(raw.query(query));
    expect(timed.matchingIds(filter)).toEqual(raw.matchingIds(filter));
    expect(timed.facets(filter, ['mechanics'])).toEqual(raw.facets(filter, ['mechanics']));
    expect(timed.polls(row)).toEqual(raw.polls(row));
    expect(timed.experience(row)).toEqual(raw.experience(row));
    expect(timed.resolveEffective(row, [])).toEqual(raw.resolveEffective(row, []));
    expect(timed.search('spirit', 3)).toEqual(raw.search('spirit', 3));
    expect(timed.terms('mechanic')).toBe(raw.terms('mechanic'));
    expect(timed.term('mechanic', 'cooperative-game')).toBe(raw.term('mechanic', 'cooperative-game'));
    expect(timed.people()).toBe(raw.people());
    expect(timed.people('designer')).toBe(raw.people('designer'));
    const person = raw.people()[0];
    expect(timed.person(person.slug)).toBe(raw.person(person.slug));
    expect(timed.publishers()).toBe(raw.publishers());
    expect(timed.publisher('no-such-publisher')).toBe(raw.publisher('no-such-publisher'));
    expect(timed.families()).toBe(raw.families());
    expect(timed.family('no-such-family')).toBe(raw.family('no-such-family'));
    expect(timed.awards()).toBe(raw.awards());
    expect(timed.award('no-such-award')).toBe(raw.award('no-such-award'));
  });

  it('times query, matchingIds, facets, search and resolveEffective, and nothing else', async () => {
    const metrics = new AppMetrics(t.state);
    const timed = metrics.instrumentState(t.state).current;
    const row = timed.row('spirit-island') ?? -1;
    timed.game(row);
    timed.terms('mechanic');
    expect(await counts(metrics)).toEqual({});

    timed.query({ filter: {}, sort: 'name', order: 'asc', limit: 1 });
    timed.matchingIds({});
    timed.facets({}, ['mechanics']);
    timed.search('spirit', 1);
    timed.resolveEffective(row, []);
    timed.query({ filter: {}, sort: 'name', order: 'asc', limit: 1 });
    expect(await counts(metrics)).toEqual({
      query: 2,
      matchingIds: 1,
      facets: 1,
      search: 1,
      resolveEffective: 1,
    });
    expect(Object.keys(await counts(metrics)).sort()).toEqual([...TIMED_OPERATIONS].sort());
  });
});
