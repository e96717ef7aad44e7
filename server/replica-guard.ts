// On a read replica, writes and admin routes answer 503 naming the writer: the replica's
// store is a published copy and its Dataset follows the writer's publications.

import { ApiProblem } from './problem.js';

export interface ReplicaRole {
  /** Set on a read replica: the writer's base URL, where writes must go. */
  replicaOf?: string;
}

export function refuseOnReplica(role: ReplicaRole): void {
  if (role.replicaOf === undefined) return;
  throw new ApiProblem(
    'service-unavailable',
    `This server is a read replica; send writes and admin requests to the writer at ${role.replicaOf}.`,
    [],
    { 'retry-after': '0' },
  );
}
