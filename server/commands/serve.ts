// `serve [--replica <path>]`: the server (or a read replica) until SIGINT or SIGTERM, then an
// orderly shutdown and exit 0. A port that cannot be had is one sentence, not a stack trace.

import { existsSync } from 'node:fs';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import type { RunningServer } from '../main.js';
import { CommandError, listenFailure } from './errors.js';

export async function serveCommand(config: Config, replicaDir: string | undefined): Promise<number> {
  const logger = createLogger(config.logLevel);
  if (replicaDir !== undefined && !existsSync(replicaDir))
    throw new CommandError(`no such replica folder: ${replicaDir}`);
  // Every file the server creates (the store's log, replica copies) is the owner's alone.
  process.umask(0o077);
  // Signals are caught from the start: one arriving while the server starts aborts the start
  // at once (store work is interrupted, nothing is left half-written) and exits 0; one
  // arriving after it serves ends in an orderly shutdown and exit 0.
  const starting = new AbortController();
  let onSignal: (signal: string) => void = (signal) => {
    logger.info({ signal }, 'stopping during start-up');
    starting.abort(new Error(`${signal} during start-up`));
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  // The server's modules (h3, the engine, metrics, Redis, Arrow) load only for `serve`: an
  // import or export does not carry them (about 55 MB of resident memory).
  const [{ startReplica, startServer }, { ReplicaUnavailableError }] = await Promise.all([
    import('../main.js'),
    import('../../loader/replica/publication.js'),
  ]);
  let running: RunningServer;
  try {
    running =
      replicaDir === undefined
        ? await startServer(config, logger, starting.signal)
        : await startReplica(config, replicaDir, logger, starting.signal);
  } catch (error) {
    if (starting.signal.aborted) {
      console.error('Ludex stopped during start-up; nothing was left half-done.');
      return 0;
    }
    if (error instanceof ReplicaUnavailableError) throw new CommandError(error.message);
    throw listenFailure(error, config.host, config.port) ?? error;
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
    // A signal that came as the start finished: stop now.
    if (starting.signal.aborted) onSignal('SIGTERM');
  });
}
