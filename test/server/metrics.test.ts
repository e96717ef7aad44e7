// GET /metrics: Prometheus text of the app's own registry, read back by parsing the text
// (not by asking prom-client) after a known sequence of requests.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppMetrics } from '../../server/metrics.js';
import { MemoryCounterStore } from '../../server/middleware/rate-limit.js';
import type { AppDeps } from '../../server/app.js';
import { call, demoAppWith, type TestApp } from '../helpers/app.js';

/** `name{labels} value` lines as [name, labels, value]; comments and blanks dropped. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]] = pair[2];
    out.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return out;
}

function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

describe('/metrics', () => {
  let t: TestApp & { deps: AppDeps };
  beforeAll(async () => {
    t = await demoAppWith((_store, state) => ({
      metrics: new AppMetrics(state, { processMetrics: true }),
      edge: {
        rateLimit: {
          anonymous: 2,
          authenticated: 1000,
          windowMs: 60_000,
          trustProxy: true,
          store: new MemoryCounterStore(),
        },
      },
    }));
  });
  afterAll(() => t.close());

  it('is Prometheus text, never cached, and open without a key', async () => {
    const reply = await call(t.app, '/metrics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.text).toContain('# TYPE ludex_http_requests_total counter');
  });

  it('counts requests by method, route template (not raw path) and status, with latency histograms', async () => {
    const key = (await t.deps.keys.create({ admin: false, name: 'metrics' })).key;
    const withKey = { headers: { 'x-api-key': key } };
    const slugs = ['spirit-island', 'brass-birmingham', 'no-such-game'];
    const statuses: number[] = [];
    for (const slug of slugs) statuses.push((await call(t.app, `/v1/games/${slug}`, withKey)).status);
    await call(t.app, '/v1/games?limit=3', withKey);
    await call(t.app, '/no/such/path', withKey);
    const text = (await call(t.app, '/metrics')).text;
    const ok = statuses.filter((s) => s === 200).length;
    const missing = statuses.filter((s) => s === 404).length;
    expect(ok + missing).toBe(3);
    expect(value(text, 'ludex_http_requests_total', { method: 'GET', route: '/v1/games/:id', status: '200' })).toBe(ok);
    expect(value(text, 'ludex_http_requests_total', { method: 'GET', route: '/v1/games/:id', status: '404' })).toBe(
      missing,
    );
    expect(value(text, 'ludex_http_request_duration_seconds_count', { route: '/v1/games/:id', status: '200' })).toBe(
      ok,
    );
    expect(value(text, 'ludex_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // Raw paths never become labels.
    for (const slug of slugs) expect(text).not.toContain(slug);
    expect(text).not.toContain('/no/such/path');
    // The list query ran through the engine and was timed.
    expect(value(text, 'ludex_engine_query_duration_seconds_count', { operation: 'query' })).toBeGreaterThanOrEqual(1);
  });

  it('reports the Dataset size and load time', async () => {
    const text = (await call(t.app, '/metrics')).text;
    expect(value(text, 'ludex_dataset_games')).toBe(t.state.current.size);
    expect(value(text, 'ludex_dataset_loaded_timestamp_seconds')).toBeCloseTo(t.state.loadedAt.getTime() / 1000, 3);
  });

  it('counts rate-limit rejections by tier', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.50' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t.app, '/v1', { headers })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const text = (await call(t.app, '/metrics', { headers })).text;
    expect(value(text, 'ludex_rate_limit_rejections_total', { tier: 'anonymous' })).toBe(2);
  });

  it('counts materialization runs and their duration', async () => {
    const before =
      value((await call(t.app, '/metrics')).text, 'ludex_materialization_runs_total', { status: 'succeeded' }) ?? 0;
    await t.deps.materializer.run('api');
    const text = (await call(t.app, '/metrics')).text;
    expect(value(text, 'ludex_materialization_runs_total', { status: 'succeeded' })).toBe(before + 1);
    expect(value(text, 'ludex_materialization_duration_seconds_count', { status: 'succeeded' })).toBe(before + 1);
    expect(value(text, 'ludex_materialization_duration_seconds_sum', { status: 'succeeded' })).toBeGreaterThan(0);
  });

  it('reports the last successful run: when it finished and how long each step took', async () => {
    const before = Date.now() / 1000;
    const report = await t.deps.materializer.run('api');
    const text = (await call(t.app, '/metrics')).text;
    const finished = value(text, 'ludex_materialization_last_success_timestamp_seconds') ?? 0;
    expect(finished).toBeGreaterThanOrEqual(before - 1);
    expect(finished).toBeLessThanOrEqual(Date.now() / 1000 + 1);
    const steps = samples(text).filter((s) => s.name === 'ludex_materialization_step_duration_seconds');
    // One gauge per step of the report, the Dataset reload included, each its duration in seconds.
    expect(steps.map((s) => s.labels.step).sort()).toEqual(Object.keys(report.timings_ms).sort());
    expect(steps.map((s) => s.labels.step)).toContain('dataset_reload');
    for (const step of steps) expect(step.value).toBeCloseTo(report.timings_ms[step.labels.step] / 1000, 6);
  });

  it('counts export rows and bytes by format', async () => {
    const reply = await call(t.app, '/v1/export/games?format=csv&type=expansion');
    const rows = Number(reply.headers.get('x-export-row-count'));
    expect(rows).toBeGreaterThan(0);
    const text = (await call(t.app, '/metrics')).text;
    expect(value(text, 'ludex_export_rows_total', { format: 'csv' })).toBe(rows);
    expect(value(text, 'ludex_export_bytes_total', { format: 'csv' })).toBe(Buffer.byteLength(reply.text));
  });

  it('observes Dataset loads by kind', () => {
    const metrics = new AppMetrics(t.state);
    metrics.observeDatasetLoad('initial', 1.5);
    metrics.observeDatasetLoad('reload', 0.25);
    metrics.observeDatasetLoad('reload', 0.5);
    return metrics.registry.metrics().then((text) => {
      expect(value(text, 'ludex_dataset_load_duration_seconds_count', { kind: 'initial' })).toBe(1);
      expect(value(text, 'ludex_dataset_load_duration_seconds_sum', { kind: 'reload' })).toBe(0.75);
    });
  });

  it('includes process metrics', async () => {
    const text = (await call(t.app, '/metrics')).text;
    expect(value(text, 'ludex_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('ludex_nodejs_eventloop_lag_seconds');
  });

  it('keeps apps apart: each has its own registry', async () => {
    const other = await demoAppWith(() => ({}));
    try {
      await call(other.app, '/v1/games/spirit-island');
      const text = (await call(other.app, '/metrics')).text;
      expect(value(text, 'ludex_http_requests_total', { route: '/v1/games/:id', status: '200' })).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  const TOKEN = 'metrics-token-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await demoAppWith(() => ({ metricsToken: TOKEN }));
  });
  afterAll(() => t.close());

  it('answers the metrics to the Bearer token', async () => {
    const reply = await call(t.app, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('ludex_http_requests_total');
  });

  it.each([
    ['no Authorization', {}, 'missing_token'],
    ['a wrong token', { authorization: 'Bearer metrics-token-0123456780' }, 'invalid_token'],
    ['the token without Bearer', { authorization: TOKEN }, 'invalid_token'],
    ['another scheme', { authorization: `Basic ${TOKEN}` }, 'invalid_token'],
  ])('refuses %s with a 401 problem naming Authorization', async (_what, headers, code) => {
    const reply = await call(t.app, '/metrics', { headers });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(reply.body).toMatchObject({ status: 401, errors: [{ field: 'Authorization', code }] });
    expect(reply.text).not.toContain('ludex_http_requests_total');
  });

  it('leaves the probes open', async () => {
    expect((await call(t.app, '/healthz')).status).toBe(200);
  });
});
