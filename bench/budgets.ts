// Issue 7's budgets, checked against one run's figures and printed pass/miss in the report.
// A miss never fails the run (timings on a shared 2-core machine are noisy); disagreement
// between methods does, elsewhere.

import type { BatchFigures } from './batch.js';
import type { HttpFigures } from './http.js';
import type { Timing } from './measure.js';
import { medianRatio, type LoadFigures, type QueryFigures } from './figures.js';

export interface BudgetCheck {
  name: string;
  target: string;
  measured: string;
  /** null: not measured in this run. */
  pass: boolean | null;
  loadAverage: number;
}

export interface BudgetInputs {
  games: number;
  typical: Timing | undefined;
  queries: readonly QueryFigures[];
  queryLoadAverage: number;
  load: LoadFigures;
  http: HttpFigures | { skipped: string };
  batch: BatchFigures;
}

const us = (v: number): string => `${v.toFixed(0)} µs`;

export function checkBudgets(inputs: BudgetInputs): BudgetCheck[] {
  const { typical, queries, queryLoadAverage: la, load, http, batch } = inputs;
  const out: BudgetCheck[] = [];
  const at = `at ${inputs.games.toLocaleString('en-US')} games`;
  if (typical) {
    out.push({
      name: `engine typical query, median (${at})`,
      target: '≤ 100 µs',
      measured: us(typical.medianUs),
      pass: typical.medianUs <= 100,
      loadAverage: la,
    });
    out.push({
      name: `engine typical query, p99 (${at})`,
      target: '≤ 1 ms',
      measured: us(typical.p99Us),
      pass: typical.p99Us <= 1000,
      loadAverage: la,
    });
  }
  const engineMedians = queries.flatMap((q) =>
    q.timings.engine ? [{ name: q.name, us: q.timings.engine.medianUs }] : [],
  );
  const worst = engineMedians.reduce((a, b) => (b.us > a.us ? b : a), { name: '—', us: 0 });
  out.push({
    name: 'engine, every query of the set, median',
    target: '≤ 1 ms each',
    measured: `slowest ${worst.name} ${us(worst.us)}`,
    pass: worst.us <= 1000,
    loadAverage: la,
  });
  const ratio = medianRatio(queries, 'duckdb');
  out.push({
    name: 'engine vs DuckDB SQL (best formulation, prepared), median of per-query ratios',
    target: '≥ 50×',
    measured: `${ratio.toFixed(0)}×`,
    pass: ratio >= 50,
    loadAverage: la,
  });
  if ('skipped' in http) {
    out.push({
      name: 'GET /v1/games typical vs pre-built-page ceiling',
      target: '≥ 70 %',
      measured: http.skipped,
      pass: null,
      loadAverage: Number.NaN,
    });
  } else {
    const games = http.routes.find((r) => r.name === 'games-typical');
    const page = http.routes.find((r) => r.name === 'ceiling-prebuilt-page');
    if (games && page) {
      const share = games.requestsPerSecond / page.requestsPerSecond;
      out.push({
        name: 'GET /v1/games typical vs pre-built-page ceiling (req/s)',
        target: '≥ 70 %',
        measured: `${(share * 100).toFixed(0)} % (${games.requestsPerSecond.toFixed(0)} / ${page.requestsPerSecond.toFixed(0)})`,
        pass: share >= 0.7,
        loadAverage: games.loadAverage,
      });
    }
  }
  const loadMs = load.inputMs + load.buildMs + load.prepareMs;
  out.push({
    name: `Store → Dataset load, sort orders included (${at})`,
    target: '≤ 3 s',
    measured: `${(loadMs / 1000).toFixed(2)} s`,
    pass: loadMs <= 3000,
    loadAverage: load.loadAverage,
  });
  const rss = load.rssAfterGcMb ?? load.rssMb;
  out.push({
    name: `RSS after load, garbage collected (whole process, DuckDB included, ${at})`,
    target: '≤ 600 MB',
    measured: `${rss.toFixed(0)} MB (${load.rssMb.toFixed(0)} MB before the collection)`,
    pass: rss <= 600,
    loadAverage: load.loadAverage,
  });
  const m = batch.materialize;
  if ('skipped' in m) {
    out.push({
      name: 'materialization of 10M votes',
      target: '≤ 60 s',
      measured: `not measured (${m.skipped})`,
      pass: null,
      loadAverage: Number.NaN,
    });
  } else {
    out.push({
      name: `materialization (${m.games.toLocaleString('en-US')} games, ${m.votes.toLocaleString('en-US')} votes)`,
      target: '≤ 60 s at 10M votes',
      measured: `${(m.totalMs / 1000).toFixed(1)} s`,
      pass: m.votes >= 10_000_000 ? m.totalMs <= 60_000 : null,
      loadAverage: m.loadAverage,
    });
  }
  return out;
}
