// Errors as the API sends them: RFC 9457 problems, typed from the OpenAPI document. A failed
// call throws LudexProblem, so `catch` gets the problem's type, status, detail and the
// `errors[]` that name each bad field.

import type { components } from './schema.js';

export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];

export class LudexProblem extends Error {
  override readonly name = 'LudexProblem';
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(`${problem.title} (${problem.status}): ${problem.detail}`);
    this.problem = problem;
  }

  get status(): number {
    return this.problem.status;
  }

  /** The slug of the problem type: `validation-error`, `not-found`, `rate-limited`… */
  get kind(): string {
    return this.problem.type.slice(this.problem.type.lastIndexOf('/') + 1);
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }
}

function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const { type, title, status } = body as Record<string, unknown>;
  return typeof type === 'string' && typeof title === 'string' && typeof status === 'number';
}

/** The problem of a failed call; a body that is no problem still becomes one, from the status. */
export function toLudexProblem(body: unknown, response: Response): LudexProblem {
  if (isProblem(body)) return new LudexProblem(body);
  return new LudexProblem({
    type: 'about:blank',
    title: response.statusText || 'Error',
    status: response.status,
    detail: `${response.status} without a problem body`,
    instance: new URL(response.url || 'http://unknown/').pathname,
  });
}
