import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationProblem } from '../../../server/problem.js';
import { OPENAPI_PATH } from '../../../server/routes/docs.js';
import {
  closest,
  MAX_LISTED_NAMES,
  PARAMETERS_REFERENCE,
  unknownParameter,
} from '../../../server/schemas/unknown-parameter.js';
import { call, demoApp, type ListJson, type TestApp } from '../../helpers/app.js';

const MANY = Array.from({ length: MAX_LISTED_NAMES + 1 }, (_, i) => `name${String.fromCharCode(97 + i)}`);

describe('unknownParameter', () => {
  it('names the closest known name, and only that', () => {
    expect(unknownParameter('plyers', ['players', 'type', 'limit'])).toEqual({
      field: 'plyers',
      message: 'is not a known parameter; did you mean "players"?',
      code: 'unknown_parameter',
    });
    expect(unknownParameter('limt', MANY.concat('limit')).message).toBe(
      'is not a known parameter; did you mean "limit"?',
    );
  });

  it('lists what the endpoint takes when no known name is close', () => {
    expect(unknownParameter('foo', ['include'])).toEqual({
      field: 'foo',
      message: 'is not a known parameter; this endpoint takes include',
      code: 'unknown_parameter',
    });
    expect(unknownParameter('zzzzzz', ['sort', 'order', 'limit']).message).toBe(
      'is not a known parameter; this endpoint takes sort, order, limit',
    );
  });

  it('says when the endpoint takes no parameters at all', () => {
    expect(unknownParameter('include', []).message).toBe('is not a known parameter; this endpoint takes no parameters');
  });

  it('points a long list at the OpenAPI document instead of spelling it out', () => {
    expect(PARAMETERS_REFERENCE).toBe(OPENAPI_PATH);
    expect(unknownParameter('zzzzzz', MANY).message).toBe(
      "is not a known parameter; see this endpoint's parameters in /v1/openapi.json",
    );
    // At the limit the names are still listed.
    expect(unknownParameter('zzzzzz', MANY.slice(0, MAX_LISTED_NAMES)).message).toBe(
      `is not a known parameter; this endpoint takes ${MANY.slice(0, MAX_LISTED_NAMES).join(', ')}`,
    );
  });

  it('adds a note after the known names, not after a suggestion', () => {
    const note = 'filters go in the body of POST /v1/games/search';
    expect(unknownParameter('players', ['cursor', 'limit'], { note }).message).toBe(
      `is not a known parameter; this endpoint takes cursor, limit (${note})`,
    );
    expect(unknownParameter('limt', ['cursor', 'limit'], { note }).message).toBe(
      'is not a known parameter; did you mean "limit"?',
    );
  });

  it('does not echo the value of a named parameter', () => {
    expect(unknownParameter('foo', ['include'], { values: ['secret'] })).not.toHaveProperty('value');
  });

  it('says a parameter has an empty name, quoting what was sent', () => {
    expect(unknownParameter('', ['players'], { values: ['1'] })).toEqual({
      field: '',
      message: 'a parameter has an empty name ("=1"); remove it or name it',
      code: 'unknown_parameter',
      value: '1',
    });
    expect(unknownParameter('', ['players'], { values: [''] }).message).toBe(
      'a parameter has an empty name ("="); remove it or name it',
    );
    expect(unknownParameter('', [])).toEqual({
      field: '',
      message: 'a parameter has an empty name; remove it or name it',
      code: 'unknown_parameter',
    });
  });

  it('counts several empty names, quoting a few of them, each cut short', () => {
    expect(unknownParameter('', ['players'], { values: ['1', '2'] })).toEqual({
      field: '',
      message: '2 parameters have an empty name ("=1", "=2"); remove them or name them',
      code: 'unknown_parameter',
      value: ['1', '2'],
    });
    expect(unknownParameter('', [], { values: ['a', 'b', 'c', 'd', 'e'] }).message).toBe(
      '5 parameters have an empty name ("=a", "=b", "=c", 2 more); remove them or name them',
    );
    const long = unknownParameter('', [], { values: ['x'.repeat(500)] }).message;
    expect(long).toBe(`a parameter has an empty name ("=${'x'.repeat(39)}…"); remove it or name it`);
    expect(unknownParameter('', [], { values: ['say "hi"'] }).message).toBe(
      'a parameter has an empty name ("=say \\"hi\\""); remove it or name it',
    );
  });

  it('says a name of only whitespace is one (`?+=1` is the name " ")', () => {
    expect(unknownParameter(' ', ['players'], { values: ['1'] })).toMatchObject({
      field: ' ',
      message: 'a parameter has a name of only whitespace (" =1"); remove it or name it',
      code: 'unknown_parameter',
    });
  });

  it('keeps closest as it was for typos', () => {
    expect(closest('plyers', ['players', 'type'])).toBe('players');
    expect(closest('', ['players', 'type'])).toBeUndefined();
    expect(closest('Q', ['q', 'type'])).toBe('q');
  });

  it('suggests no name that shares nothing with the unknown one', () => {
    expect(closest('x', ['q', 'type'])).toBeUndefined();
    expect(closest('x', ['q', 'xy'])).toBe('xy');
    expect(closest('ab', ['a', 'q'])).toBe('a');
  });
});

describe('the problem detail of an empty name', () => {
  it('is the message as a sentence, not ": …"', () => {
    const problem = validationProblem([unknownParameter('', [], { values: ['1'] })]);
    expect(problem.detail).toBe('A parameter has an empty name ("=1"); remove it or name it');
  });

  it('lists it as "(empty name)" among other fields', () => {
    const problem = validationProblem([
      unknownParameter('', [], { values: ['1'] }),
      unknownParameter('plyers', ['players']),
    ]);
    expect(problem.detail).toBe('2 fields are invalid: (empty name), plyers');
  });
});

interface ProblemJson {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors: { field: string; message: string; code: string; value?: unknown }[];
}

describe('unknown parameters over HTTP', () => {
  let t: TestApp;
  let slug: string;

  beforeAll(async () => {
    t = await demoApp();
    slug = ((await call(t.app, '/v1/games?limit=1')).body as ListJson).data[0].slug as string;
  });
  afterAll(async () => t.close());

  async function problem(path: string): Promise<ProblemJson> {
    const reply = await call(t.app, path);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    const body = reply.body as ProblemJson;
    expect(body.type).toBe('http://ludex.test/problems/validation-error');
    expect(body.instance).toBe(path.split('?')[0]);
    return body;
  }

  it('/v1/games?=1: an empty name, said in the detail as a sentence', async () => {
    const body = await problem('/v1/games?=1');
    expect(body.errors).toEqual([
      {
        field: '',
        message: 'a parameter has an empty name ("=1"); remove it or name it',
        code: 'unknown_parameter',
        value: '1',
      },
    ]);
    expect(body.detail).toBe('A parameter has an empty name ("=1"); remove it or name it');
  });

  it('/v1/games?&=x is the same (a bare `&` adds no parameter)', async () => {
    const body = await problem('/v1/games?&=x');
    expect(body.errors).toEqual([
      {
        field: '',
        message: 'a parameter has an empty name ("=x"); remove it or name it',
        code: 'unknown_parameter',
        value: 'x',
      },
    ]);
    expect((await call(t.app, '/v1/games?&&limit=1')).status).toBe(200);
  });

  it('/v1/games?plyers=4 suggests players', async () => {
    const body = await problem('/v1/games?plyers=4');
    expect(body.errors).toEqual([
      { field: 'plyers', message: 'is not a known parameter; did you mean "players"?', code: 'unknown_parameter' },
    ]);
    expect(body.detail).toBe('plyers: is not a known parameter; did you mean "players"?');
  });

  it('/v1/games with a name like none points at the OpenAPI document', async () => {
    const body = await problem('/v1/games?zqxjkvw=1&=2');
    expect(body.errors).toEqual([
      {
        field: 'zqxjkvw',
        message: "is not a known parameter; see this endpoint's parameters in /v1/openapi.json",
        code: 'unknown_parameter',
      },
      {
        field: '',
        message: 'a parameter has an empty name ("=2"); remove it or name it',
        code: 'unknown_parameter',
        value: '2',
      },
    ]);
    expect(body.detail).toBe('2 fields are invalid: zqxjkvw, (empty name)');
    expect((await call(t.app, '/v1/openapi.json')).status).toBe(200);
  });

  it('/v1/search?q=catan&x=1 lists what the search takes', async () => {
    const body = await problem('/v1/search?q=catan&x=1');
    expect(body.errors).toEqual([
      {
        field: 'x',
        message: 'is not a known parameter; this endpoint takes q, type, limit, include, fields, cursor, before',
        code: 'unknown_parameter',
      },
    ]);
  });

  it('/v1/games/{id}?foo=1 says the game takes include', async () => {
    const body = await problem(`/v1/games/${slug}?foo=1`);
    expect(body.errors).toEqual([
      { field: 'foo', message: 'is not a known parameter; this endpoint takes include', code: 'unknown_parameter' },
    ]);
    const typo = await problem(`/v1/games/${slug}?inclde=polls`);
    expect(typo.errors[0].message).toBe('is not a known parameter; did you mean "include"?');
  });

  it('catalog lists and detail views word it the same way', async () => {
    expect((await problem('/v1/mechanics?limt=3')).errors).toEqual([
      { field: 'limt', message: 'is not a known parameter; did you mean "limit"?', code: 'unknown_parameter' },
    ]);
    expect((await problem('/v1/mechanics?mechanics=dice-rolling')).errors).toEqual([
      {
        field: 'mechanics',
        message: 'is not a known parameter; this endpoint takes sort, order, limit, cursor, before',
        code: 'unknown_parameter',
      },
    ]);
    expect((await problem('/v1/mechanics/dice-rolling?limit=5')).errors).toEqual([
      {
        field: 'limit',
        message: 'is not a known parameter; this endpoint takes no parameters',
        code: 'unknown_parameter',
      },
    ]);
    expect((await problem('/v1/themes?=')).errors).toEqual([
      {
        field: '',
        message: 'a parameter has an empty name ("="); remove it or name it',
        code: 'unknown_parameter',
        value: '',
      },
    ]);
  });

  it('game sub-resources, trends and the search continuation word it the same way', async () => {
    expect((await problem(`/v1/games/${slug}/relationships?bogus=1`)).errors).toEqual([
      {
        field: 'bogus',
        message: 'is not a known parameter; this endpoint takes type, direction',
        code: 'unknown_parameter',
      },
    ]);
    expect((await problem('/v1/statistics/trends/publications?group-by=decade&colour=red')).errors).toEqual([
      { field: 'group-by', message: 'is not a known parameter; did you mean "group_by"?', code: 'unknown_parameter' },
      {
        field: 'colour',
        message: "is not a known parameter; see this endpoint's parameters in /v1/openapi.json",
        code: 'unknown_parameter',
      },
    ]);
    const continuation = await problem('/v1/games/search?players=4');
    expect(continuation.errors[0]).toEqual({
      field: 'players',
      message:
        'is not a known parameter; this endpoint takes cursor, before, limit, include, fields (filters go in the body of POST /v1/games/search)',
      code: 'unknown_parameter',
    });
  });
});
