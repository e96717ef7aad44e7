// Structured logs (pino). Callers receive a logger; tests pass the silent one, so no code
// needs an `if (logger)`.

import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, destination: 1 | 2 = 1): Logger {
  return pino({ level, base: { service: 'ludex' } }, pino.destination({ fd: destination, sync: false }));
}

export const silentLogger: Logger = pino({ level: 'silent' });
