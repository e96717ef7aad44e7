// `npm run ludex -- <command>`: serve, migrate, import, export. Usage errors print a usage
// line and exit 2; failures print one plain sentence and exit 1. `runCli` returns the exit
// code instead of exiting, so tests run it in-process; server/ludex.ts is the entry point.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { exportCatalog } from '../loader/catalog/export.js';
import { CatalogImportError, importCatalog, type ImportCounts } from '../loader/catalog/import.js';
import { readLines } from '../loader/lines.js';
import { StoreLockedError } from '../loader/store.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { startServer } from './main.js';
import { openStore } from './store-setup.js';

const IMPORT_FORMATS = ['catalog'] as const;

const USAGE = `Usage: npm run ludex -- <command>

Commands:
  serve                         serve the API (what npm start runs)
  migrate                       create the store if needed and apply pending migrations
  import <format> <path|->      import a file (or standard input) into the store; formats: ${IMPORT_FORMATS.join(', ')}
  export [path]                 write the whole store in the catalog format (standard output without a path)

The store lives in LUDEX_DATA_DIR (default ./data). See README.md for all settings.`;

class UsageError extends Error {}

export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    return await dispatch(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`ludex: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    const expected = error instanceof CatalogImportError || error instanceof StoreLockedError || error instanceof ConfigError;
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
      expectArgs(args, 0, 'serve');
      return serveCommand(config);
    case 'migrate':
      expectArgs(args, 0, 'migrate');
      return migrateCommand(config, createLogger(config.logLevel, 2));
    case 'import':
      return importCommand(config, args);
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

async function serveCommand(config: Config): Promise<number> {
  const logger = createLogger(config.logLevel);
  const running = await startServer(config, logger);
  console.error(`Ludex is serving ${running.url}/v1/games (store: ${config.storePath}). Ctrl-C stops it.`);
  // Resolves once a signal has stopped the listener and closed the store.
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      running.close().then(
        () => resolve(0),
        (error: unknown) => {
          console.error(`ludex: shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
          resolve(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

async function migrateCommand(config: Config, logger: Logger): Promise<number> {
  const { store } = await openStore(config, logger);
  await store.close();
  console.error(`Store ${config.storePath} is at the latest schema.`);
  return 0;
}

async function importCommand(config: Config, args: readonly string[]): Promise<number> {
  const [format, path] = args;
  if (args.length !== 2 || format === undefined || path === undefined) {
    throw new UsageError('import takes a format and a path (or - for standard input)');
  }
  if (!(IMPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`unknown import format "${format}"; formats: ${IMPORT_FORMATS.join(', ')}`);
  }
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  try {
    const started = performance.now();
    const report = await importCatalog(store, readLines(path), {
      onProgress: (lines) => process.stderr.write(`\rimported ${lines.toLocaleString('en')} lines…`),
    });
    process.stderr.write('\n');
    console.error(`Imported ${report.lines.toLocaleString('en')} lines in ${Math.round(performance.now() - started)} ms.`);
    console.error(formatCounts(report.kinds));
    return 0;
  } finally {
    await store.close();
  }
}

async function exportCommand(config: Config, path: string | undefined): Promise<number> {
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  try {
    const output = path === undefined ? process.stdout : createWriteStream(path, { encoding: 'utf8' });
    const report = await exportCatalog(store, async (line) => {
      if (!output.write(`${line}\n`)) await once(output, 'drain');
    });
    if (path !== undefined) {
      await new Promise<void>((resolve, reject) => output.end((error?: Error | null) => (error ? reject(error) : resolve())));
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
