// `npm run ludex -- <command>`: serve, migrate, import, export. Usage errors print a usage
// line and exit 2; failures print one plain sentence and exit 1. `runCli` returns the exit
// code instead of exiting, so tests run it in-process; server/ludex.ts is the entry point.

import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { exportCatalog } from '../loader/catalog/export.js';
import { CatalogImportError, importCatalog, type ImportCounts } from '../loader/catalog/import.js';
import { importBggCsv } from '../loader/import/bgg-csv.js';
import { importBggRankings } from '../loader/import/bgg-rankings.js';
import { importBggXml } from '../loader/import/bgg-xml.js';
import type { ForeignImportReport, ForeignImporter } from '../loader/import/report.js';
import { readLines } from '../loader/lines.js';
import { StoreError, StoreLockedError } from '../loader/store.js';
import { aggregateRefresh } from '../snapshots/pipeline.js';
import { keysCommand } from './commands/keys.js';
import { materializeCommand } from './commands/materialize.js';
import { CommandError, UsageError } from './commands/errors.js';
import { progressLine } from './commands/progress.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import type { RunningServer } from './main.js';
import { openStore } from './store-setup.js';

/** Foreign formats, converted into catalog records on the way in (loader/import/). */
const FOREIGN_IMPORTERS: Readonly<Record<string, ForeignImporter>> = {
  'bgg-xml': importBggXml,
  'bgg-csv': importBggCsv,
  'bgg-rankings': importBggRankings,
};
const IMPORT_FORMATS: readonly string[] = ['catalog', ...Object.keys(FOREIGN_IMPORTERS)];

const USAGE = `Usage: npm run ludex -- <command>

Commands:
  serve                         serve the API (what npm start runs)
  serve --replica <path>        serve a read-only replica of the writer's publication folder
                                (<writer data dir>/replica; the writer needs REPLICA_PUBLISH=on)
  migrate                       create the store if needed and apply pending migrations
  import catalog <path|->       import a catalog file (or standard input) in one transaction
  import <format> <path...>     import files or folders of a foreign format: ${Object.keys(FOREIGN_IMPORTERS).join(', ')}
  export [path]                 write the whole store in the catalog format (standard output without a path)
  materialize                   recompute aggregates, ranks and this period's snapshots from baseline and votes
  keys create [--admin] [--name N]
                                issue an API key (printed once on standard output)
  keys list                     list API keys (never the keys themselves)
  keys revoke ID                revoke an API key

Commands other than serve need the server stopped: it holds the store. The store lives in
LUDEX_DATA_DIR (default ./data). See README.md for all settings.`;

export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    return await dispatch(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`ludex: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    const expected =
      error instanceof CatalogImportError ||
      error instanceof StoreLockedError ||
      error instanceof ConfigError ||
      error instanceof CommandError;
    const message = error instanceof Error ? error.message : String(error);
    console.error(`ludex: ${message}`);
    if (!expected && error instanceof Error && error.stack) console.error(error.stack);
    return 1;
  }
}

async function dispatch(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  const config = loadConfig(env);
  switch (command) {
    case 'serve':
      return serveCommand(config, replicaPath(args));
    case 'migrate':
      expectArgs(args, 0, 'migrate');
      return migrateCommand(config, createLogger(config.logLevel, 2));
    case 'import':
      return importCommand(config, args);
    case 'materialize':
      expectArgs(args, 0, 'materialize');
      return materializeCommand(config);
    case 'keys':
      return keysCommand(config, args);
    case 'export':
      if (args.length > 1) throw new UsageError('export takes at most one path');
      return exportCommand(config, args[0]);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function expectArgs(args: readonly string[], count: number, command: string): void {
  if (args.length !== count) throw new UsageError(`${command} takes no arguments`);
}

/** `serve` or `serve --replica <publication folder>`. */
function replicaPath(args: readonly string[]): string | undefined {
  if (args.length === 0) return undefined;
  if (args.length === 2 && args[0] === '--replica' && args[1] !== '') return args[1];
  throw new UsageError("serve takes no arguments, or --replica <path of the writer's replica folder>");
}

async function serveCommand(config: Config, replicaDir: string | undefined): Promise<number> {
  const logger = createLogger(config.logLevel);
  if (replicaDir !== undefined && !existsSync(replicaDir))
    throw new CommandError(`no such replica folder: ${replicaDir}`);
  // Signals are caught from the start, so one arriving while the server starts (or right
  // after it says it is serving) still ends in an orderly shutdown and exit 0.
  let signalled: string | undefined;
  let onSignal: (signal: string) => void = (signal) => {
    signalled = signal;
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  // The server's modules (h3, the engine, metrics, Redis, Arrow) load only for `serve`: an
  // import or export does not carry them (about 55 MB of resident memory).
  const [{ startReplica, startServer }, { ReplicaUnavailableError }] = await Promise.all([
    import('./main.js'),
    import('../loader/replica/publication.js'),
  ]);
  let running: RunningServer;
  try {
    running =
      replicaDir === undefined ? await startServer(config, logger) : await startReplica(config, replicaDir, logger);
  } catch (error) {
    if (error instanceof ReplicaUnavailableError) throw new CommandError(error.message);
    throw error;
  }
  const what = replicaDir === undefined ? `store: ${config.storePath}` : `read replica of ${replicaDir}`;
  console.error(`Ludex is serving ${running.url}/v1/games (${what}). Ctrl-C stops it.`);
  // Resolves once a signal has stopped the listener and closed the store.
  return new Promise<number>((resolve) => {
    onSignal = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      running.close().then(
        () => resolve(0),
        (error: unknown) => {
          console.error(`ludex: shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          resolve(1);
        },
      );
    };
    if (signalled !== undefined) onSignal(signalled);
  });
}

async function migrateCommand(config: Config, logger: Logger): Promise<number> {
  const { store } = await openStore(config, logger);
  await store.close();
  console.error(`Store ${config.storePath} is at the latest schema.`);
  return 0;
}

async function importCommand(config: Config, args: readonly string[]): Promise<number> {
  const [format, ...paths] = args;
  if (format === undefined || paths.length === 0) {
    throw new UsageError('import takes a format and a path (catalog also takes - for standard input)');
  }
  if (!IMPORT_FORMATS.includes(format)) {
    throw new UsageError(`unknown import format "${format}"; formats: ${IMPORT_FORMATS.join(', ')}`);
  }
  if (format === 'catalog' && paths.length !== 1) throw new UsageError('import catalog takes one path (or -)');
  const missing = paths.find((p) => p !== '-' && !existsSync(p));
  if (missing !== undefined) throw new CommandError(`no such file or folder: ${missing}`);
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  const progress = progressLine();
  try {
    const started = performance.now();
    const importer = Object.hasOwn(FOREIGN_IMPORTERS, format) ? FOREIGN_IMPORTERS[format] : undefined;
    if (importer) {
      let report: ForeignImportReport;
      try {
        report = await importer(store, paths, {
          onProgress: (status) => progress.update(status),
          refresh: aggregateRefresh(config.aggregates),
          memoryLimit: config.importMemoryLimit,
        });
      } catch (error) {
        if (error instanceof StoreError && /out of memory/i.test(error.message)) {
          throw new CommandError(
            `DuckDB ran out of the memory an import may use (IMPORT_MEMORY_LIMIT=${config.importMemoryLimit}): ${error.message.split('\n')[0]}. ` +
              'Set IMPORT_MEMORY_LIMIT to a larger size (e.g. 1GB) or off and run the import again; the batches that committed are kept, and matching on legacy_id makes the rerun update them.',
          );
        }
        throw error;
      }
      progress.done();
      return reportForeign(report, started);
    }
    const report = await importCatalog(store, readLines(paths[0]), {
      onProgress: (lines) => progress.update(`imported ${lines.toLocaleString('en')} lines…`),
      refresh: aggregateRefresh(config.aggregates),
    });
    progress.done();
    console.error(`Imported ${report.lines.toLocaleString('en')} lines in ${elapsed(started)}.`);
    console.error(formatCounts(report.kinds));
    return 0;
  } finally {
    progress.done();
    await store.close();
  }
}

/** Prints a foreign import's summary; fails only when no file could be imported at all. */
function reportForeign(report: ForeignImportReport, started: number): number {
  const n = (x: number) => x.toLocaleString('en');
  console.error(
    `Imported ${n(report.files - report.rejectedFiles.length)} of ${n(report.files)} files in ${elapsed(started)}: ` +
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
  return report.files > 0 && report.rejectedFiles.length === report.files ? 1 : 0;
}

function elapsed(started: number): string {
  const ms = performance.now() - started;
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

async function exportCommand(config: Config, path: string | undefined): Promise<number> {
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  try {
    const output = path === undefined ? process.stdout : createWriteStream(path, { encoding: 'utf8' });
    const report = await exportCatalog(store, async (line) => {
      if (!output.write(`${line}\n`)) await once(output, 'drain');
    });
    if (path !== undefined) {
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      console.error(`Exported ${report.lines.toLocaleString('en')} records to ${path}.`);
    }
    return 0;
  } finally {
    await store.close();
  }
}

/** One line per kind that had records: "  game: 3 inserted, 120 unchanged". */
function formatCounts(kinds: Record<string, ImportCounts>): string {
  const lines: string[] = [];
  for (const [kind, counts] of Object.entries(kinds)) {
    const parts = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([what, n]) => `${n.toLocaleString('en')} ${what}`);
    if (parts.length > 0) lines.push(`  ${kind}: ${parts.join(', ')}`);
  }
  return lines.join('\n');
}
