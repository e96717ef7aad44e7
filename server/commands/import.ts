// `import catalog <path|->`, `import bgg <folder...>` and
// `import <bgg-xml|bgg-csv|bgg-rankings|bgg-awards|bgg-polls> <path...>`: one
// progress line per long step (the records, then the aggregate refresh) with totals,
// percentage, rate and time left, then a summary (as JSON with --json).

import { createReadStream, existsSync, statSync } from 'node:fs';
import { importCatalog, type ImportCounts } from '../../loader/catalog/import.js';
import { importBggAwards } from '../../loader/import/bgg-awards.js';
import { importBggCsv } from '../../loader/import/bgg-csv.js';
import { type BggFolderReport, importBggFolder, UNCHANGED_FILE } from '../../loader/import/bgg-folder.js';
import { importBggPolls } from '../../loader/import/bgg-polls.js';
import { importBggRankings } from '../../loader/import/bgg-rankings.js';
import { importBggXml } from '../../loader/import/bgg-xml.js';
import type { ForeignImportReport, ForeignImporter } from '../../loader/import/report.js';
import { readLines } from '../../loader/lines.js';
import { columnFilePath } from '../../loader/columns/column-file.js';
import { type Store, StoreError } from '../../loader/store.js';
import type { Config } from '../config.js';
import { columnFileIsCurrent, writeFromStore } from '../dataset-loader.js';
import { createLogger, type Logger } from '../logger.js';
import { openStore } from '../store-setup.js';
import { CommandError, UsageError } from './errors.js';
import { type Meter, meter, type ProgressLine, progressLine } from './progress.js';
import { refreshWithProgress } from './refresh-progress.js';
import { COMMANDS } from './specs.js';

/** Foreign formats, converted into catalog records on the way in (loader/import/). */
const FOREIGN_IMPORTERS: Readonly<Record<string, ForeignImporter>> = {
  bgg: importBggFolder,
  'bgg-xml': importBggXml,
  'bgg-csv': importBggCsv,
  'bgg-rankings': importBggRankings,
  'bgg-awards': importBggAwards,
  'bgg-polls': importBggPolls,
};
export const IMPORT_FORMATS: readonly string[] = ['catalog', ...Object.keys(FOREIGN_IMPORTERS)];

const n = (x: number) => x.toLocaleString('en');

export interface ImportFlags {
  /** --as-of: the date of files that carry none (YYYY-MM-DD). */
  asOf?: string;
}

export async function importCommand(
  config: Config,
  args: readonly string[],
  json: boolean,
  flags: ImportFlags = {},
): Promise<number> {
  const [format, ...paths] = args;
  if (!IMPORT_FORMATS.includes(format)) {
    throw new UsageError(`unknown import format "${format}"; formats: ${IMPORT_FORMATS.join(', ')}`, COMMANDS.import);
  }
  if (format === 'catalog' && paths.length !== 1)
    throw new UsageError('import catalog takes one path (or -)', COMMANDS.import);
  if (format === 'catalog' && flags.asOf !== undefined)
    throw new UsageError('--as-of is for the BGG formats (a catalog carries its own dates)', COMMANDS.import);
  const missing = paths.find((p) => p !== '-' && !existsSync(p));
  if (missing !== undefined) throw new CommandError(`no such file or folder: ${missing}`);
  const logger = createLogger(config.logLevel, 2);
  const { store } = await openStore(config, logger);
  const line = progressLine();
  try {
    const started = performance.now();
    const refresh = refreshWithProgress(config.aggregates, line);
    const importer = Object.hasOwn(FOREIGN_IMPORTERS, format) ? FOREIGN_IMPORTERS[format] : undefined;
    if (importer) {
      const progress = foreignProgress(line, format === 'bgg-csv' ? await countRows(paths) : undefined);
      let report: ForeignImportReport;
      try {
        report = await importer(store, paths, {
          onProgress: progress,
          refresh,
          memoryLimit: config.importMemoryLimit,
          asOf: flags.asOf,
        });
      } catch (error) {
        throw memoryProblem(error, config) ?? error;
      }
      await writeColumns(store, line, logger);
      if (json) console.log(JSON.stringify({ format, seconds: seconds(started), ...report }));
      else if (isFolderReport(report)) reportFolder(report, started);
      else reportForeign(report, started);
      return report.files > 0 && report.rejectedFiles.length === report.files ? 1 : 0;
    }
    const path = paths[0];
    const total = path === '-' ? undefined : await countLines(path);
    const lines = meter(line, { label: `importing ${path === '-' ? 'standard input' : path}`, unit: 'lines' });
    const report = await importCatalog(store, readLines(path), {
      onProgress: (count) => lines.update(count, total),
      refresh: async (db, now) => {
        lines.update(total ?? 0, total);
        lines.finish();
        return refresh(db, now);
      },
    });
    await writeColumns(store, line, logger);
    if (json)
      console.log(JSON.stringify({ format, seconds: seconds(started), lines: report.lines, kinds: report.kinds }));
    else {
      console.error(`Imported ${n(report.lines)} lines in ${elapsed(started)}.`);
      console.error(formatCounts(report.kinds));
    }
    return 0;
  } finally {
    line.done();
    await store.close();
  }
}

/**
 * Every import ends by writing the column file the next `serve` starts from, unless the
 * import changed nothing (the file names the store's data version still).
 */
async function writeColumns(store: Store, line: ProgressLine, logger: Logger): Promise<void> {
  if (await columnFileIsCurrent(store)) {
    logger.info({ column_file: columnFilePath(store.path) }, 'column file current: the import changed nothing');
    return;
  }
  line.update('writing the column file…');
  await writeFromStore(store, logger);
  line.done();
}

/**
 * Turns a foreign importer's status lines into meters: "3/120 files, …" counts files;
 * "<path>: 12,000 rows" counts rows against the files' line count; anything else is shown
 * as it is. The refresh that follows reports through refreshWithProgress.
 */
function foreignProgress(line: ProgressLine, totalRows: number | undefined): (status: string) => void {
  let current: { kind: string; meter: Meter } | undefined;
  const rowsByFile = new Map<string, number>();
  const use = (kind: string, make: () => Meter): Meter => {
    if (current?.kind !== kind) current = { kind, meter: make() };
    return current.meter;
  };
  return (status) => {
    const files = /^(\d+)\/(\d+) files(?:, (.*))?$/.exec(status);
    if (files) {
      use('files', () => meter(line, { label: 'importing', unit: 'files' })).update(
        Number(files[1]),
        Number(files[2]),
        files[3],
      );
      return;
    }
    const rows = /^(.*): ([\d,]+) rows/.exec(status);
    if (rows) {
      rowsByFile.set(rows[1], Number(rows[2].replaceAll(',', '')));
      const done = [...rowsByFile.values()].reduce((a, b) => a + b, 0);
      use('rows', () => meter(line, { label: 'importing', unit: 'rows' })).update(done, totalRows);
      return;
    }
    if (/refreshing the aggregates/.test(status)) {
      current?.meter.finish();
      return;
    }
    current = undefined;
    line.update(status);
  };
}

async function countLines(path: string): Promise<number> {
  let count = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) count++;
    if (chunk.length > 0) last = chunk[chunk.length - 1];
  }
  return last === 0x0a ? count : count + 1;
}

/** Data rows of the CSV files named (folders are left to the importer: no total then). */
async function countRows(paths: readonly string[]): Promise<number | undefined> {
  let rows = 0;
  for (const path of paths) {
    if (!statSync(path).isFile()) return undefined;
    rows += Math.max(0, (await countLines(path)) - 1);
  }
  return rows;
}

function memoryProblem(error: unknown, config: Config): CommandError | undefined {
  if (!(error instanceof StoreError) || !/out of memory/i.test(error.message)) return undefined;
  return new CommandError(
    `DuckDB ran out of the memory an import may use (IMPORT_MEMORY_LIMIT=${config.importMemoryLimit}): ${error.message.split('\n')[0]}. ` +
      'Set IMPORT_MEMORY_LIMIT to a larger size (e.g. 1GB) or off and run the import again; the batches that committed are kept, and matching on legacy_id makes the rerun update them.',
  );
}

function isFolderReport(report: ForeignImportReport): report is BggFolderReport {
  return 'steps' in report;
}

/** Prints `import bgg`'s summary: one line per step, the files skipped, then the totals. */
function reportFolder(report: BggFolderReport, started: number): void {
  for (const step of report.steps) {
    if (step.files.length === 0) continue;
    const r = step.report;
    const done = r
      ? `${n(r.created)} games created, ${n(r.updated)} updated, ${n(r.unchanged)} unchanged` +
        (r.rejectedFiles.length > 0 ? `, ${n(r.rejectedFiles.length)} files not imported` : '')
      : 'nothing to do';
    const unchanged = step.unchanged.length > 0 ? ` (${n(step.unchanged.length)} unchanged since the last import)` : '';
    console.error(`  ${step.step} (${step.format}): ${n(step.files.length)} files${unchanged}: ${done}`);
  }
  const unknown = report.skippedFiles.filter((f) => f.reason !== UNCHANGED_FILE);
  if (unknown.length > 0)
    console.error(
      `  skipped ${n(unknown.length)} files: ${unknown[0].reason} (${unknown
        .map((f) => f.path)
        .slice(0, 5)
        .join(', ')}${unknown.length > 5 ? ', …' : ''})`,
    );
  reportForeign(report, started);
  if (!report.refreshed) console.error('  nothing changed: the aggregates were not refreshed');
}

/** Prints a foreign import's summary. */
function reportForeign(report: ForeignImportReport, started: number): void {
  console.error(
    `Imported ${n(report.files - report.rejectedFiles.length)} of ${n(report.files)} files` +
      `${report.rows === undefined ? '' : ` (${n(report.rows)} rows)`} in ${elapsed(started)}: ` +
      `${n(report.created)} games created, ${n(report.updated)} updated, ${n(report.unchanged)} unchanged.`,
  );
  const records = Object.entries(report.records).filter(([, count]) => count > 0);
  if (records.length > 0)
    console.error(`  other records: ${records.map(([kind, count]) => `${n(count)} ${kind}`).join(', ')}`);
  for (const skip of report.skipped) {
    console.error(
      `  skipped ${n(skip.count)}: ${skip.reason}${skip.examples.length ? ` (e.g. ${skip.examples.slice(0, 3).join(', ')})` : ''}`,
    );
  }
  for (const file of report.rejectedFiles) console.error(`  not imported: ${file.path}: ${file.reason}`);
}

function seconds(started: number): number {
  return Math.round(performance.now() - started) / 1000;
}

export function elapsed(started: number): string {
  const ms = performance.now() - started;
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** One line per kind that had records: "  game: 3 inserted, 120 unchanged". */
function formatCounts(kinds: Record<string, ImportCounts>): string {
  const lines: string[] = [];
  for (const [kind, counts] of Object.entries(kinds)) {
    const parts = Object.entries(counts)
      .filter(([, count]) => count > 0)
      .map(([what, count]) => `${n(count)} ${what}`);
    if (parts.length > 0) lines.push(`  ${kind}: ${parts.join(', ')}`);
  }
  return lines.join('\n');
}
