// People and publishers: /v1/designers and /v1/artists are role views over Person (only
// people credited in the role, counted in it), /v1/people/{id} is the person with every
// role, /v1/publishers their own entity with country and website (contract, ADR-0039).

import type { H3 } from 'h3';
import type { z } from 'zod';
import type { PersonEntity, PersonRole } from '../../engine/index.js';
import type { AppDeps } from '../app-deps.js';
import { route } from '../http.js';
import { API_PREFIX } from '../links.js';
import { artistObject, designerObject, entityPath, personObject, publisherObject } from '../present/catalog-json.js';
import { entityListQuery } from '../schemas/catalog-params.js';
import {
  artistListSchema,
  artistSchema,
  designerListSchema,
  designerSchema,
  personListSchema,
  personSchema,
  publisherListSchema,
  publisherSchema,
} from '../schemas/catalog-responses.js';
import { listEntities, problemDoc, showEntity } from './catalog-list.js';

interface RoleView {
  role: PersonRole;
  segment: string;
  present: (p: PersonEntity) => unknown;
  schema: z.ZodType;
  listSchema: z.ZodType;
}

const ROLE_VIEWS: readonly RoleView[] = [
  {
    role: 'designer',
    segment: 'designers',
    present: designerObject,
    schema: designerSchema,
    listSchema: designerListSchema,
  },
  { role: 'artist', segment: 'artists', present: artistObject, schema: artistSchema, listSchema: artistListSchema },
];

const LIST_400 = problemDoc('Unknown parameter, bad sort, order, limit or cursor');
const DETAIL_400 = problemDoc('A query parameter was given (none are taken)');

export function registerPeopleRoutes(app: H3, deps: AppDeps): void {
  for (const view of ROLE_VIEWS) registerRoleView(app, deps, view);

  const people = `${API_PREFIX}/people`;
  route(
    app,
    people,
    {
      GET: (event) =>
        listEntities(event, deps, {
          path: people,
          endpoint: 'people',
          items: (dataset) => dataset.people(),
          present: personObject,
        }),
    },
    {
      GET: {
        summary: 'List people',
        description:
          'Everyone in the catalog with every role they hold; game_count counts distinct games over all roles.',
        tags: ['people'],
        query: entityListQuery,
        responses: { 200: { description: 'A page of people', schema: personListSchema }, 400: LIST_400 },
      },
    },
  );
  route(
    app,
    `${API_PREFIX}/people/:id`,
    {
      GET: (event) =>
        showEntity(
          event,
          'id',
          (key) => deps.state.current.person(key),
          personObject,
          (key) => `No person with id or slug "${key}".`,
        ),
    },
    {
      GET: {
        summary: 'One person, every role',
        description: 'game_count counts distinct games over all roles; `roles` maps each role held to its game count.',
        tags: ['people'],
        responses: {
          200: { description: 'The person', schema: personSchema },
          400: DETAIL_400,
          404: problemDoc('No such person'),
        },
      },
    },
  );

  const publishers = `${API_PREFIX}/publishers`;
  route(
    app,
    publishers,
    {
      GET: (event) =>
        listEntities(event, deps, {
          path: publishers,
          endpoint: 'publishers',
          items: (dataset) => dataset.publishers(),
          present: publisherObject,
        }),
    },
    {
      GET: {
        summary: 'List publishers',
        description: 'Every publisher with country, website and game_count (as GET /v1/games?publisher=<slug> counts).',
        tags: ['people'],
        query: entityListQuery,
        responses: { 200: { description: 'A page of publishers', schema: publisherListSchema }, 400: LIST_400 },
      },
    },
  );
  route(
    app,
    `${publishers}/:id`,
    {
      GET: (event) =>
        showEntity(
          event,
          'id',
          (key) => deps.state.current.publisher(key),
          publisherObject,
          (key) => `No publisher with id or slug "${key}".`,
        ),
    },
    {
      GET: {
        summary: 'One publisher',
        tags: ['people'],
        responses: {
          200: { description: 'The publisher', schema: publisherSchema },
          400: DETAIL_400,
          404: problemDoc('No such publisher'),
        },
      },
    },
  );
}

function registerRoleView(app: H3, deps: AppDeps, view: RoleView): void {
  const path = `${API_PREFIX}/${view.segment}`;
  route(
    app,
    path,
    {
      GET: (event) =>
        listEntities(event, deps, {
          path,
          endpoint: view.segment,
          items: (dataset) => dataset.people(view.role),
          present: view.present,
        }),
    },
    {
      GET: {
        summary: `List ${view.segment}`,
        description: `People credited as ${view.role}; game_count counts the games of that role (as GET /v1/games?${view.role}=<slug>).`,
        tags: ['people'],
        query: entityListQuery,
        responses: { 200: { description: `A page of ${view.segment}`, schema: view.listSchema }, 400: LIST_400 },
      },
    },
  );
  route(
    app,
    `${path}/:id`,
    {
      GET: (event) =>
        showEntity(
          event,
          'id',
          (key) => deps.state.current.person(key, view.role),
          view.present,
          (key) => {
            // A person outside the role is still a person: say where they are.
            const person = deps.state.current.person(key);
            return person
              ? `"${key}" is not credited as ${view.role}; the person is at ${entityPath('people', person.slug)}.`
              : `No ${view.role} with id or slug "${key}".`;
          },
        ),
    },
    {
      GET: {
        summary: `One ${view.role}`,
        description: `A person credited as ${view.role}; anyone else is a 404 (the view is role-filtered).`,
        tags: ['people'],
        responses: {
          200: { description: `The ${view.role}`, schema: view.schema },
          400: DETAIL_400,
          404: problemDoc(`No person with that id or slug credited as ${view.role}`),
        },
      },
    },
  );
}
