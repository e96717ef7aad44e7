// Structured logs (pino). Callers receive a logger; tests pass the silent one, so no code
// needs an `if (logger)`. Nothing logs request headers or key material; the redaction list
// is a second line of defence should a future log call pass such a field by mistake.

import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Fields censored wherever they appear (top level or one object down). */
const REDACTED_FIELDS = [
  'key',
  'api_key',
  'apiKey',
  'secret',
  'api_key_secret',
  'password',
  'authorization',
  'x-api-key',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'ludex' },
    redact: {
      paths: [...REDACTED_FIELDS, ...REDACTED_FIELDS.map((f) => `*.${f}`), 'headers', '*.headers'],
      censor: '[redacted]',
    },
  };
}

export function createLogger(level: string, destination: 1 | 2 = 1): Logger {
  return pino(loggerOptions(level), pino.destination({ fd: destination, sync: false }));
}

/** A logger with the server's options writing to `stream` (tests capture lines with it). */
export function streamLogger(level: string, stream: DestinationStream): Logger {
  return pino(loggerOptions(level), stream);
}

export const silentLogger: Logger = pino({ level: 'silent' });
