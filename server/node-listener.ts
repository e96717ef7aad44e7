// The app as node:http's request listener, made so that no request can throw out of it.
// srvx builds a request's URL from its Host header and path when h3 first needs it (a path
// with dot segments, `#`, `'` or raw non-ASCII bytes needs it at once). A Host srvx lets
// through but the WHATWG URL parser refuses (a port over 65535, `1.2.3.4.5`) made that throw
// inside the listener, before any route or error handler, and the process ended with every
// request in flight. Such a request is now a 400 problem naming the header, as is an HTTP/1.1
// request with no Host at all.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type H3, toNodeHandler } from 'h3';
import type { Logger } from './logger.js';
import { type ApiProblem, fieldError, problemBody, toProblem, UNPARSED_REQUEST, validationProblem } from './problem.js';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export function nodeListener(app: H3, baseUrl: string, logger: Logger): NodeListener {
  const handle = toNodeHandler(app);
  return (req, res) => {
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400 (the server turns off Node's
    // own, bodiless one: requireHostHeader)
    if (req.headers.host === undefined && req.httpVersion === '1.1') {
      answer(req, res, MISSING_HOST, baseUrl);
      return;
    }
    try {
      const done: unknown = handle(req, res);
      if (done instanceof Promise) done.catch((error: unknown) => answerFailure(req, res, error, baseUrl, logger));
    } catch (error) {
      answerFailure(req, res, error, baseUrl, logger);
    }
  };
}

function isInvalidUrl(error: unknown): boolean {
  return error instanceof TypeError && (error as NodeJS.ErrnoException).code === 'ERR_INVALID_URL';
}

/** The problem for a request the app could not take: a bad Host or URL (400), else as the app maps errors (toProblem). */
export function listenerProblem(req: IncomingMessage, error: unknown): ApiProblem {
  if (!isInvalidUrl(error)) return toProblem(error).problem;
  const host = req.headers.host ?? '';
  return URL.canParse(`http://${host}`)
    ? validationProblem([fieldError('url', 'is not a URL this server can read', 'invalid_url', req.url)])
    : validationProblem([
        fieldError('host', 'is not a valid host[:port] (a port is at most 65535)', 'invalid_header', host),
      ]);
}

const MISSING_HOST = validationProblem([
  fieldError('host', 'is required in an HTTP/1.1 request (RFC 9112 §3.2)', 'required'),
]);

function answerFailure(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  baseUrl: string,
  logger: Logger,
): void {
  const problem = listenerProblem(req, error);
  if (problem.kind === 'internal') logger.error({ err: error, url: req.url }, 'request failed outside the app');
  answer(req, res, problem, baseUrl);
}

function answer(req: IncomingMessage, res: ServerResponse, problem: ApiProblem, baseUrl: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The body is not read: it is dropped with the connection.
  req.resume();
  const body = JSON.stringify(problemBody(problem, UNPARSED_REQUEST, baseUrl));
  res.writeHead(problem.status, {
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}
