// What each command takes, said once: its usage (printed by `<command> --help` and after a
// usage error) and its options, parsed strictly (an unknown flag is a usage error, and a
// path never starts with `-` unless it follows `--`).

import type { ParseArgsConfig } from 'node:util';

export type CommandName = 'serve' | 'migrate' | 'import' | 'export' | 'materialize' | 'keys';

export interface CommandSpec {
  name: CommandName;
  /** Usage lines (after the program name) and what the command does. */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Positional arguments allowed: [least, most]. */
  positionals: [number, number];
}

const JSON_OPTION = { json: { type: 'boolean' } } as const;

export const PROGRAM = 'npm run ludex --';

export const COMMANDS: Readonly<Record<CommandName, CommandSpec>> = {
  serve: {
    name: 'serve',
    usage: `serve [--replica <path>]

Serve the API (what npm start runs): apply pending migrations, load the store into memory
and listen on HOST:PORT. With --replica, serve a read-only replica of a writer's
publication folder (<writer data dir>/replica; the writer needs REPLICA_PUBLISH=on).`,
    options: { replica: { type: 'string' } },
    positionals: [0, 0],
  },
  migrate: {
    name: 'migrate',
    usage: `migrate [--json]

Create the store if needed and apply pending migrations (the server must be stopped).`,
    options: JSON_OPTION,
    positionals: [0, 0],
  },
  import: {
    name: 'import',
    usage: `import catalog <path|-> [--json]
       import bgg <folder...> [--as-of YYYY-MM-DD] [--json]
       import <bgg-xml|bgg-csv|bgg-rankings|bgg-awards|bgg-polls> <path...> [--as-of YYYY-MM-DD] [--json]

Import a catalog file (or standard input, -) in one transaction, or files and folders of
a BoardGameGeek format, matched on legacy_id; then refresh every game's aggregates.
\`import bgg\` finds every BGG file it knows in the folders and imports them in order
(dump, 2021 dataset, XML, ranking history, awards, polls), refreshing once; files imported
before with the same content are skipped. --as-of dates files that carry no date of their
own (XML: default, the file's modification time); older data never replaces newer.
bgg-awards reads spiel_des_jahres.csv, kennerspiel_des_jahres.csv and
kinderspiel_des_jahres.csv (award results of stored games); bgg-polls reads the
suggested_numplayers, suggested_playerage and language_dependence CSVs (community polls
of stored games). Both only add to games already stored (import bgg-csv or bgg-xml first).
Progress on standard error; --json prints the summary as JSON on standard output.`,
    options: { 'as-of': { type: 'string' }, ...JSON_OPTION },
    positionals: [2, Number.POSITIVE_INFINITY],
  },
  export: {
    name: 'export',
    usage: `export [path] [--json]

Write the whole store in the catalog format to a file, or to standard output without a
path. --json prints a summary as JSON (on standard error when the export goes to
standard output).`,
    options: JSON_OPTION,
    positionals: [0, 1],
  },
  materialize: {
    name: 'materialize',
    usage: `materialize [--json]

Fold raw votes into the aggregates, rank, and write this period's snapshots (the server
must be stopped; while it runs, POST /v1/admin/materialize does the same).`,
    options: JSON_OPTION,
    positionals: [0, 0],
  },
  keys: {
    name: 'keys',
    usage: `keys create [--admin] [--name N] [--json]
       keys list [--json]
       keys revoke ID

Issue an API key (printed once on standard output), list keys (never the keys
themselves), or revoke one. The server must be stopped; while it runs, use the
/v1/admin/api-keys routes.`,
    options: { admin: { type: 'boolean' }, name: { type: 'string' }, ...JSON_OPTION },
    positionals: [1, 2],
  },
};

export function commandUsage(spec: CommandSpec): string {
  return `Usage: ${PROGRAM} ${spec.usage}`;
}

export const USAGE = `Usage: ${PROGRAM} <command> [options]

Commands:
  serve [--replica <path>]      serve the API (what npm start runs), or a read-only replica
  migrate                       create the store if needed and apply pending migrations
  import catalog <path|->       import a catalog file (or standard input) in one transaction
  import bgg <folder...>        import every BGG file in the folders, in order, refreshing once
  import <format> <path...>     import files or folders of bgg-xml, bgg-csv, bgg-rankings, bgg-awards or bgg-polls
  export [path]                 write the whole store in the catalog format (standard output without a path)
  materialize                   recompute aggregates, ranks and this period's snapshots
  keys create|list|revoke       issue, list or revoke API keys

Options: <command> --help shows a command's usage; --json prints a command's summary as
JSON; --version prints the version.

Commands other than serve need the server stopped: it holds the store. The store lives in
LUDEX_DATA_DIR (default ./data). See README.md for all settings.`;
