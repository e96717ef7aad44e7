// The search stage's figures as markdown (bench/results/search.md).

import type { SearchFigures } from './search-stage.js';

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

export function searchMarkdown(f: SearchFigures, createdAt: string): string {
  if (f.status === 'skipped') return `# Search (BGG)\n\nNot measured: ${f.note}.\n`;
  const names = f.methods.map((m) => m.name);
  const engine = f.methods.find((m) => m.name === 'engine');
  const lines = [
    '# Search (BGG)',
    '',
    `${createdAt}. \`npm run bench -- --only search\`: ${f.games.toLocaleString('en-US')} games of the BGG store, ` +
      `${f.queries.length} queries of bench/search-queries.ts, each with the BGG id expected in the top 3. ` +
      `Load average (1 min) ${f.loadAverage.before.toFixed(2)} before, ${f.loadAverage.after.toFixed(2)} after the timed searches.`,
    '',
    '| method | top-3 hits | hit rate | median µs | p99 µs (of per-query medians) | index build ms | heap + buffers MB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...f.methods.map(
      (m) =>
        `| ${m.name} | ${m.hits}/${f.queries.length} | ${pct(m.hitRate)} | ${m.medianUs.toFixed(0)} | ${m.p99Us.toFixed(0)} | ${m.buildMs.toFixed(0)} | ${Number.isNaN(m.heapMb) ? '—' : m.heapMb.toFixed(0)} |`,
    ),
    '',
    ...f.methods.map((m) => `- **${m.name}**: ${m.description}`),
    '',
    `Targets (issue 15): engine top-3 hit rate ≥ 90 %: **${engine ? pct(engine.hitRate) : '—'}**; engine median search ≤ 300 µs: ` +
      `**${engine ? `${engine.medianUs.toFixed(0)} µs` : '—'}**.`,
  ];
  if ('routes' in f.http) {
    lines.push(
      '',
      `HTTP over the BGG store (autocannon, ${f.http.connections} connections, ${f.http.durationS} s per route): ` +
        f.http.routes
          .map((r) => `\`${r.method} ${r.path}\` ${r.requestsPerSecond.toFixed(0)} req/s (p50 ${r.p50Ms} ms)`)
          .join('; ') +
        `. /v1/search ÷ typical GET /v1/games: **${pct(f.httpRatio ?? NaN)}** (target ≥ 50 %).`,
    );
  } else lines.push('', `HTTP: not measured (${f.http.skipped}).`);
  lines.push(
    '',
    '## Per query',
    '',
    `Rank of the expected game in each method's top 3 (— = not there), and the engine's top 3 where it missed.`,
    '',
    `| query | kind | expected (BGG id, source) | ${names.join(' | ')} | engine's top 3 when missed |`,
    `|---|---|---|${names.map(() => '---:').join('|')}|---|`,
    ...f.queries.map(
      (q) =>
        `| \`${q.q}\` | ${q.kind} | ${q.name} (${q.bggId}, ${q.source}) | ${names.map((n) => q.ranks[n] ?? '—').join(' | ')} | ` +
        `${q.ranks.engine === null ? (q.top3.engine ?? []).join('; ') : ''} |`,
    ),
  );
  return `${lines.join('\n')}\n`;
}
