// A path no route matches is a 404 problem. It is checked after the rate limit and the
// request limits, so those hold for every path, matched or not.

import type { Middleware } from 'h3';
import { ApiProblem } from '../problem.js';

export const notFound: Middleware = (event, next) => {
  if (!event.context.matchedRoute) throw new ApiProblem('not-found', 'No resource at this path.');
  return next();
};
