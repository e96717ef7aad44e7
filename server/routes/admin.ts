// Admin routes (admin key only, SPEC-NOTES D33/D34/D48): trigger materialization; issue,
// list and revoke API keys while the server runs.

import type { H3, H3Event } from 'h3';
import type { ApiKeys } from '../auth/api-keys.js';
import { requireKey } from '../auth/guard.js';
import { pathParam, readJsonBody, route, sendJson, type RouteDoc } from '../http.js';
import { API_PREFIX } from '../links.js';
import type { Materializer } from '../materializer.js';
import { notFoundProblem } from '../problem.js';
import { hasBody as sentBytes } from '../request-body.js';
import { refuseOnReplica, type ReplicaRole } from '../replica-guard.js';
import { parseBody } from '../schemas/body-fields.js';
import {
  apiKeyInfoSchema,
  apiKeyListSchema,
  createKeyBody,
  issuedKeySchema,
  materializeBody,
  materializeReportSchema,
} from '../schemas/admin.js';

export interface AdminRouteDeps extends ReplicaRole {
  keys: ApiKeys;
  materializer: Materializer;
}

const ADMIN_ERRORS = {
  401: { description: 'No X-API-Key, or a key that is unknown or revoked' },
  403: { description: 'The key has no admin scope' },
  503: { description: 'This server is a read replica; the problem names the writer' },
} as const;

const MATERIALIZE_DOC: RouteDoc = {
  summary: 'Run materialization now',
  description:
    "Recomputes every Game aggregate from the baseline and the raw votes, ranks, and writes this period's snapshots, " +
    'in one transaction; the served data switches to the result when it commits. Synchronous. One run at a time.',
  tags: ['admin'],
  auth: 'admin',
  body: materializeBody,
  bodyOptional: true,
  responses: {
    200: { description: 'The run finished', schema: materializeReportSchema },
    400: { description: 'A body with any member (the run takes no options)' },
    ...ADMIN_ERRORS,
    409: { description: 'A run is already in progress' },
  },
};

const CREATE_KEY_DOC: RouteDoc = {
  summary: 'Issue an API key',
  description:
    'The plaintext key is in this response only; the store keeps its HMAC-SHA256. An empty body issues a plain key.',
  tags: ['admin'],
  auth: 'admin',
  body: createKeyBody,
  bodyOptional: true,
  responses: {
    201: { description: 'The new key', schema: issuedKeySchema },
    400: { description: 'Invalid body' },
    ...ADMIN_ERRORS,
  },
};

const LIST_KEYS_DOC: RouteDoc = {
  summary: 'List API keys',
  description: 'Every key, revoked ones included. Never a plaintext or a hash.',
  tags: ['admin'],
  auth: 'admin',
  responses: { 200: { description: 'The keys', schema: apiKeyListSchema }, ...ADMIN_ERRORS },
};

const REVOKE_KEY_DOC: RouteDoc = {
  summary: 'Revoke an API key',
  description: 'The key answers 401 from now on. Revoking the key used for this request is allowed.',
  tags: ['admin'],
  auth: 'admin',
  responses: {
    200: { description: 'The revoked key', schema: apiKeyInfoSchema },
    ...ADMIN_ERRORS,
    404: { description: 'No active key with this id' },
  },
};

export function registerAdminRoutes(app: H3, deps: AdminRouteDeps): void {
  route(
    app,
    `${API_PREFIX}/admin/materialize`,
    { POST: (event) => runMaterialize(event, deps) },
    { POST: MATERIALIZE_DOC },
  );
  route(
    app,
    `${API_PREFIX}/admin/api-keys`,
    { GET: (event) => listKeys(event, deps), POST: (event) => createKey(event, deps) },
    { GET: LIST_KEYS_DOC, POST: CREATE_KEY_DOC },
  );
  route(
    app,
    `${API_PREFIX}/admin/api-keys/:id`,
    { DELETE: (event) => revokeKey(event, deps) },
    { DELETE: REVOKE_KEY_DOC },
  );
}

async function runMaterialize(event: H3Event, deps: AdminRouteDeps): Promise<string> {
  refuseOnReplica(deps);
  await requireKey(event, deps.keys, 'admin');
  // No body, or an empty one, is the usual call; anything sent must be `{}`.
  if (sentBytes(event.req)) parseBody(materializeBody, await readJsonBody(event.req));
  const report = await deps.materializer.run('api');
  event.res.headers.set('cache-control', 'no-store');
  return sendJson(event, JSON.stringify(report));
}

async function createKey(event: H3Event, deps: AdminRouteDeps): Promise<string> {
  refuseOnReplica(deps);
  await requireKey(event, deps.keys, 'admin');
  const body = parseBody(createKeyBody, hasBody(event.req) ? await readJsonBody(event.req) : {});
  const issued = await deps.keys.create({ admin: body.admin ?? false, name: body.name ?? null });
  event.res.headers.set('cache-control', 'no-store');
  return sendJson(event, JSON.stringify({ ...issued.info, key: issued.key }), 201);
}

async function listKeys(event: H3Event, deps: AdminRouteDeps): Promise<string> {
  refuseOnReplica(deps);
  await requireKey(event, deps.keys, 'admin');
  event.res.headers.set('cache-control', 'no-store');
  return sendJson(event, JSON.stringify({ data: await deps.keys.list() }));
}

async function revokeKey(event: H3Event, deps: AdminRouteDeps): Promise<string> {
  refuseOnReplica(deps);
  await requireKey(event, deps.keys, 'admin');
  const id = pathParam(event, 'id');
  if (!(await deps.keys.revoke(id))) throw notFoundProblem(`No active API key with id "${id}".`);
  const info = (await deps.keys.list()).find((k) => k.id === id);
  return sendJson(event, JSON.stringify(info));
}

/** A request without a body (no length, no chunked transfer) may stand for `{}`. */
function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) > 0;
  return request.headers.has('transfer-encoding') || request.headers.has('content-type');
}
