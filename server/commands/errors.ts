// The ways a CLI command fails: wrong arguments (usage printed, exit 2) and a failure the
// user can act on (one sentence, exit 1) — including the system errors people meet most,
// said as a sentence instead of a stack trace.

import type { CommandSpec } from './specs.js';

export class UsageError extends Error {
  /** The command whose usage follows the message; the general usage when absent. */
  readonly spec: CommandSpec | undefined;

  constructor(message: string, spec?: CommandSpec) {
    super(message);
    this.spec = spec;
  }
}

export class CommandError extends Error {}

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** A listen failure as one sentence, or undefined when it is something else. */
export function listenFailure(error: unknown, host: string, port: number): CommandError | undefined {
  const code = errorCode(error);
  if (code === 'EADDRINUSE')
    return new CommandError(
      `port ${port} on ${host} is already in use (another Ludex server, or another program); stop it or set PORT to a free port.`,
    );
  if (code === 'EACCES')
    return new CommandError(`port ${port} on ${host} needs privileges this process lacks; set PORT to 1024 or above.`);
  if (code === 'EADDRNOTAVAIL')
    return new CommandError(
      `HOST=${host} is not an address of this machine; use 0.0.0.0, 127.0.0.1 or one of its own.`,
    );
  return undefined;
}

/** True for the error a write gets once the reader of a pipe has gone (`export | head`). */
export function isBrokenPipe(error: unknown): boolean {
  return errorCode(error) === 'EPIPE' || errorCode(error) === 'ERR_STREAM_DESTROYED';
}
