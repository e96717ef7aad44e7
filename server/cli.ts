// `npm run ludex -- <command>`: serve, migrate, import, export, materialize, keys. Every
// command takes --help (its usage, exit 0, before any configuration or store is touched);
// options are parsed strictly (an unknown flag is a usage error, never a path). Usage errors
// print the command's usage and exit 2; failures print one plain sentence and exit 1.
// `runCli` returns the exit code instead of exiting, so tests run it in-process;
// server/ludex.ts is the entry point.

import { parseArgs } from 'node:util';
import { CatalogImportError } from '../loader/catalog/import.js';
import { isCalendarDate } from '../loader/import/bgg-rankings/layouts.js';
import { StoreLockedError } from '../loader/store.js';
import { CommandError, UsageError } from './commands/errors.js';
import { exportCommand } from './commands/export.js';
import { importCommand } from './commands/import.js';
import { keysCommand } from './commands/keys.js';
import { materializeCommand } from './commands/materialize.js';
import { serveCommand } from './commands/serve.js';
import { COMMANDS, type CommandSpec, commandUsage, USAGE } from './commands/specs.js';
import { ludexVersion } from './commands/version.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { openStore } from './store-setup.js';

export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    return await dispatch(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`ludex: ${error.message}\n\n${error.spec ? commandUsage(error.spec) : USAGE}`);
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

const HELP = ['help', '--help', '-h'];
const VERSION = ['version', '--version', '-V'];

async function dispatch(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined) {
    console.error(USAGE);
    return 2;
  }
  if (HELP.includes(command)) {
    const about =
      args[0] !== undefined && Object.hasOwn(COMMANDS, args[0])
        ? COMMANDS[args[0] as keyof typeof COMMANDS]
        : undefined;
    console.log(about ? commandUsage(about) : USAGE);
    return 0;
  }
  if (VERSION.includes(command)) {
    console.log(ludexVersion());
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, command))
    throw new UsageError(command.startsWith('-') ? `unknown option "${command}"` : `unknown command "${command}"`);
  const spec = COMMANDS[command as keyof typeof COMMANDS];
  // Help is answered before anything else: no configuration is read and no store opened.
  const beforeTerminator = args.indexOf('--') === -1 ? args : args.slice(0, args.indexOf('--'));
  if (beforeTerminator.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(commandUsage(spec));
    return 0;
  }
  const { values, positionals } = parse(spec, args);
  const json = values.json === true;
  const config = loadConfig(env);
  switch (spec.name) {
    case 'serve':
      return serveCommand(config, typeof values.replica === 'string' ? nonEmpty(values.replica, spec) : undefined);
    case 'migrate':
      return migrateCommand(config, json);
    case 'import':
      return importCommand(config, positionals, json, {
        asOf: typeof values['as-of'] === 'string' ? asOfDate(values['as-of'], spec) : undefined,
      });
    case 'export':
      return exportCommand(config, positionals[0], json);
    case 'materialize':
      return materializeCommand(config, json);
    case 'keys':
      return keysCommand(config, positionals, {
        admin: values.admin === true ? true : undefined,
        name: typeof values.name === 'string' ? values.name : undefined,
        json,
      });
  }
}

/** --as-of: a calendar date (YYYY-MM-DD). */
function asOfDate(value: string, spec: CommandSpec): string {
  if (!isCalendarDate(value)) throw new UsageError(`--as-of must be a date (YYYY-MM-DD), got "${value}"`, spec);
  return value;
}

function parse(spec: CommandSpec, args: readonly string[]): ReturnType<typeof parseArgs> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options: spec.options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's messages name the flag: "Unknown option '--frob'".
    throw new UsageError(`${spec.name}: ${error instanceof Error ? error.message : String(error)}`, spec);
  }
  const [least, most] = spec.positionals;
  const count = parsed.positionals.length;
  if (count < least || count > most) {
    const takes = most === 0 ? 'takes no arguments' : count < least ? 'needs more arguments' : 'takes fewer arguments';
    throw new UsageError(`${spec.name} ${takes}`, spec);
  }
  return parsed;
}

function nonEmpty(value: string, spec: CommandSpec): string {
  if (value === '') throw new UsageError(`${spec.name}: --replica takes the path of the writer's replica folder`, spec);
  return value;
}

async function migrateCommand(config: Config, json: boolean): Promise<number> {
  const { store } = await openStore(config, createLogger(config.logLevel, 2));
  await store.close();
  if (json) console.log(JSON.stringify({ store: config.storePath, migrated: true }));
  else console.error(`Store ${config.storePath} is at the latest schema.`);
  return 0;
}
