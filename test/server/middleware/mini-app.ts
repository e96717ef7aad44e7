// A bare h3 app for testing edge middlewares one at a time: the middlewares under test, a
// few routes, and `fetch` for in-process requests.

import { H3, type H3Config, type H3Event, type Middleware } from 'h3';
import { answerEdge, type AnswerHeaders } from '../../../server/middleware/answer.js';
import { silentLogger, type Logger } from '../../../server/logger.js';

export const BASE_URL = 'http://edge.test';

export type Routes = Record<string, (event: H3Event) => unknown>;

export function miniApp(middleware: Middleware[], routes: Routes, config: H3Config = {}): H3 {
  const app = new H3({ silent: true, ...config });
  for (const m of middleware) app.use(m);
  for (const [path, handler] of Object.entries(routes)) app.all(path, handler);
  return app;
}

/** The answer edge (problems and answer headers) in front of `middleware`. */
export function answeredApp(
  middleware: Middleware[],
  routes: Routes,
  headers: readonly AnswerHeaders[] = [],
  logger: Logger = silentLogger,
): H3 {
  const answers = answerEdge({ headers, logger, publicBaseUrl: BASE_URL });
  return miniApp([answers.middleware, ...middleware], routes, { onError: answers.onError });
}

export async function fetchApp(app: H3, path: string, init?: RequestInit): Promise<Response> {
  return await app.fetch(new Request(`${BASE_URL}${path}`, init));
}
