// The two handler shapes every catalog resource shares: a keyset-paged list of entities and
// a detail view by slug or id. Lists page with the shared pager (server/paging.ts) over
// the Dataset's cached entity lists.

import type { H3Event } from 'h3';
import type { DatasetApi, EntityBase, Position } from '../../engine/index.js';
import type { AppDeps } from '../app-deps.js';
import { pathParam, sendJson, type RouteDoc } from '../http.js';
import { comparePositions, comparePositionsDescending, navigation, pageSorted } from '../paging.js';
import { listEnvelopeJson } from '../present/list.js';
import { notFoundProblem } from '../problem.js';
import { parseEntityList, rejectParams, type EntityListRequest } from '../schemas/catalog-params.js';
import { problemSchema } from '../schemas/responses/common.js';

export interface EntityListSpec<T extends EntityBase> {
  /** Path of the list (and of the `next` / `prev` links). */
  path: string;
  /** Cursor key: a cursor of this list is refused by every other. */
  endpoint: string;
  /** The entities in (sort_name, id) order, as the Dataset keeps them. */
  items: (dataset: DatasetApi) => readonly T[];
  present: (item: T) => unknown;
}

export function listEntities<T extends EntityBase>(event: H3Event, deps: AppDeps, spec: EntityListSpec<T>): string {
  const request = parseEntityList(event.url.searchParams, deps.cursors, spec.endpoint);
  const ordered = orderedBy(spec.items(deps.state.current), request);
  const positionOf = positionFor(request);
  const compare = request.sort === 'name' && request.order === 'desc' ? comparePositionsDescending : comparePositions;
  const { items, facts } = pageSorted(ordered, positionOf, request, compare);
  const query = { sort: request.sort, order: request.order };
  const { meta, links } = navigation(
    event,
    deps.cursors,
    { endpoint: spec.endpoint, path: spec.path, query },
    facts,
    query,
  );
  return sendJson(
    event,
    listEnvelopeJson(
      items.map((item) => JSON.stringify(spec.present(item))),
      meta,
      links,
    ),
  );
}

/**
 * The keyset position of an entity under the request's order. Counts page ascending, so
 * "most games first" stores the negated count; names use a descending comparator instead.
 * Ties stay id ascending either way.
 */
function positionFor(request: EntityListRequest): (item: EntityBase) => Position {
  if (request.sort === 'name') return (item) => ({ value: item.sort_name, id: item.id });
  const sign = request.order === 'desc' ? -1 : 1;
  // `|| 0` turns -0 into 0, so a cursor's JSON round trip cannot change the value.
  return (item) => ({ value: sign * item.game_count || 0, id: item.id });
}

/** Per engine list, its other orders; built once per Dataset (lists are per Dataset). */
const byCount = new WeakMap<readonly EntityBase[], Map<string, readonly EntityBase[]>>();

function orderedBy<T extends EntityBase>(list: readonly T[], request: EntityListRequest): readonly T[] {
  if (request.sort === 'name' && request.order === 'asc') return list;
  let orders = byCount.get(list);
  if (!orders) {
    orders = new Map();
    byCount.set(list, orders);
  }
  const key = `${request.sort}:${request.order}`;
  let ordered = orders.get(key) as readonly T[] | undefined;
  if (!ordered && request.sort === 'name') {
    const positionOf = positionFor(request);
    ordered = Object.freeze([...list].sort((a, b) => comparePositionsDescending(positionOf(a), positionOf(b))));
    orders.set(key, ordered);
  }
  if (!ordered) {
    const positionOf = positionFor(request);
    const keyed = list.map((item) => ({ item, position: positionOf(item) }));
    keyed.sort((a, b) => {
      const av = a.position.value as number;
      const bv = b.position.value as number;
      if (av !== bv) return av - bv;
      return a.position.id < b.position.id ? -1 : a.position.id > b.position.id ? 1 : 0;
    });
    ordered = Object.freeze(keyed.map((k) => k.item));
    orders.set(key, ordered);
  }
  return ordered;
}

/** A detail view: no query parameters, the entity by slug or id, else a 404 naming the key. */
export function showEntity<T>(
  event: H3Event,
  param: string,
  find: (key: string) => T | undefined,
  present: (item: T) => unknown,
  notFound: (key: string) => string,
): string {
  rejectParams(event.url.searchParams);
  const key = pathParam(event, param);
  const item = find(key);
  if (item === undefined) throw notFoundProblem(notFound(key));
  return sendJson(event, JSON.stringify(present(item)));
}

export function problemDoc(description: string): RouteDoc['responses'][number] {
  return { description, schema: problemSchema, contentType: 'application/problem+json' };
}
