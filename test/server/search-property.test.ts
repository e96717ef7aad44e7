// POST /v1/games/search through the whole HTTP layer (app.fetch) agrees with the naive
// oracle: random SearchRequest bodies over every one of the nine dimensions of the contract
// (alone and combined) plus the award filter, effective mode on and off, random sort, order
// and limit, field names in either spelling (D7), taxonomy aliases and person ids, lists as
// arrays or single strings. Bodies that must fail are held to their status: corpus (400),
// crossed bounds (400), unknown slugs (422). Some runs page through every `next` link (GET
// continuation) and back through every `prev` link; some ask for facets.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDataset,
  type DatasetApi,
  FACET_DIMENSIONS,
  type FacetDimension,
  type Filter,
  type MatchedVia,
  SORT_KEYS,
  type SortKey,
  type SortOrder,
} from '../../engine/index.js';
import { migrate } from '../../loader/schema/migrate.js';
import { Store } from '../../loader/store.js';
import { createApp } from '../../server/app.js';
import { CursorCodec } from '../../server/cursor.js';
import {
  FILTER_ALIASES,
  FILTER_FIELDS,
  RANGE_PAIRS,
  type ScalarFilterKey,
} from '../../server/schemas/filter-fields.js';
import { gamesSearchResponseSchema } from '../../server/schemas/search-docs.js';
import { DatasetState } from '../../server/state.js';
import { filterFieldArbitraries } from '../engine/query-arbitraries.js';
import { randomCatalog, type RandomCatalog } from '../engine/random-catalog.js';
import { call, testAppDeps, type GameJson, type ListJson, type Reply } from '../helpers/app.js';
import { oracleFacets, oracleQuery } from '../oracle.js';
import type { H3 } from 'h3';

/** SEARCH_PROPERTY_RUNS scales the run counts up for a soak. */
const SCALE = Number(process.env.SEARCH_PROPERTY_RUNS ?? 1);
const CATALOGS = [
  { seed: 301, games: 120 },
  { seed: 302, games: 60 },
  { seed: 303, games: 160, bayesOrder: true },
];
const ALONE_RUNS = Math.round(15 * SCALE);
const COMBINED_RUNS = Math.round(100 * SCALE);

/** The nine SearchRequest dimensions of the contract; the award filter rides with metadata. */
const DIMENSIONS = {
  rating: ['rating_min', 'rating_max', 'min_rating_votes', 'confidence_min'],
  weight: ['weight_min', 'weight_max', 'min_weight_votes', 'effective_weight'],
  players: ['players', 'players_min', 'players_max', 'top_at', 'recommended_at'],
  playtime: [
    'playtime_min',
    'playtime_max',
    'playtime_source',
    'playtime_experience',
    'community_playtime_min',
    'community_playtime_max',
  ],
  age: ['age_min', 'age_max', 'age_source'],
  type_and_mechanics: ['type', 'mode', 'mechanics', 'mechanics_all', 'mechanics_not'],
  theme: ['theme', 'theme_not'],
  metadata: [
    'designer',
    'artist',
    'publisher',
    'family',
    'category',
    'category_not',
    'year_min',
    'year_max',
    'language_dependence',
    'funding_source',
    'legacy_id',
    'award',
  ],
  corpus: ['corpus', 'corpus_rating_min'],
} as const;
type Dimension = keyof typeof DIMENSIONS;
const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];

const UNKNOWN = 'no-such-slug';
const ALIASES_OF: Record<string, string[]> = {};
for (const [alias, canonical] of Object.entries(FILTER_ALIASES)) {
  ALIASES_OF[canonical] = [...(ALIASES_OF[canonical] ?? []), alias];
}

interface Case {
  body: Record<string, unknown>;
  /** Follow every next link, then every prev link back. */
  walk: boolean;
}

/** Wire values per field: reference lists draw from slugs, aliases and ids, now and then an unknown slug. */
function valueArbitraries(c: RandomCatalog): Record<string, fc.Arbitrary<unknown>> {
  const base = filterFieldArbitraries(c.vocab) as Record<string, fc.Arbitrary<unknown>>;
  const refs = (options: readonly string[], max = 3): fc.Arbitrary<unknown> =>
    fc
      .tuple(fc.subarray([...options], { minLength: 1, maxLength: max }), fc.nat(24), fc.boolean())
      .map(([list, roll, single]) => {
        const items = roll === 0 ? [...list, UNKNOWN] : list;
        return single && items.length === 1 ? items[0] : items;
      });
  const aliases = (kind: 'mechanic' | 'category' | 'theme') => Object.keys(c.vocab.aliases[kind]);
  const people = [...c.vocab.people, ...c.ids.people];
  const mechanics = refs([...c.vocab.mechanics, ...aliases('mechanic')]);
  const themes = refs([...c.vocab.themes, ...aliases('theme')]);
  const categories = refs([...c.vocab.categories, ...aliases('category')]);
  const asWire = (arb: fc.Arbitrary<unknown>) =>
    fc.tuple(arb, fc.boolean()).map(([v, single]) => (Array.isArray(v) && v.length === 1 && single ? v[0] : v));
  return {
    ...base,
    effective_weight: fc.boolean(),
    type: asWire(base.type),
    mode: asWire(base.mode),
    language_dependence: asWire(base.language_dependence),
    funding_source: asWire(base.funding_source),
    mechanics,
    mechanics_all: refs([...c.vocab.mechanics, ...aliases('mechanic')], 2),
    mechanics_not: mechanics,
    theme: themes,
    theme_not: themes,
    category: categories,
    category_not: categories,
    designer: refs(people),
    artist: refs(people),
    publisher: refs(c.vocab.publishers),
    family: refs(c.vocab.families),
    award: fc.record(
      {
        slug: fc.constantFrom(...c.vocab.awards, ...c.ids.awards, 'no-such-award'),
        result: fc.constantFrom('nominated', 'shortlisted', 'recommended', 'won'),
      },
      { requiredKeys: [] },
    ),
    corpus: fc.constantFrom('archetype:eurogamer', 'similar_to_player:42'),
    corpus_rating_min: fc.integer({ min: 1, max: 10 }),
  };
}

/** Members of one dimension: one to three of its fields, each under a random spelling. */
function dimensionMembers(
  dimension: Dimension,
  values: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<[string, unknown][]> {
  const fields = [...DIMENSIONS[dimension]];
  return fc.subarray(fields, { minLength: 1, maxLength: Math.min(3, fields.length) }).chain((keys) =>
    fc
      .tuple(
        ...keys.map((key) =>
          fc
            .tuple(fc.constantFrom(key, ...(ALIASES_OF[key] ?? [])), values[key], fc.boolean())
            .map(([name, value, flat]) => {
              if (key !== 'award') return [[name, value]] as [string, unknown][];
              const award = value as { slug?: string; result?: string };
              if (!flat) return [['award', award]] as [string, unknown][];
              return Object.entries(award).map(([member, v]) => [`award.${member}`, v] as [string, unknown]);
            }),
        ),
      )
      .map((parts) => parts.flat()),
  );
}

const SORT_WIRE = [...SORT_KEYS, 'year', ...SORT_KEYS.map((k) => `${k}_asc`), ...SORT_KEYS.map((k) => `${k}_desc`)];

function caseArbitrary(c: RandomCatalog, dimensions: fc.Arbitrary<Dimension[]>): fc.Arbitrary<Case> {
  const values = valueArbitraries(c);
  return dimensions.chain((dims) =>
    fc
      .record({
        members: fc.tuple(...dims.map((d) => dimensionMembers(d, values))),
        effective: fc.constantFrom(undefined, true, true, false),
        sort: fc.option(fc.constantFrom(...SORT_WIRE), { nil: undefined }),
        order: fc.option(fc.constantFrom('asc', 'desc'), { nil: undefined }),
        limit: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        facets: fc.option(fc.subarray([...FACET_DIMENSIONS], { minLength: 1 }), { nil: undefined, freq: 4 }),
        walk: fc.nat(3).map((n) => n === 0),
      })
      .map(({ members, effective, sort, order, limit, facets, walk }) => {
        const body: Record<string, unknown> = Object.fromEntries(members.flat());
        if (effective !== undefined) body.effective = effective;
        if (sort !== undefined) body.sort = sort;
        // An order contradicting a combined sort is a 400 of its own; keep it out here.
        if (order !== undefined && !/_(asc|desc)$/.test(sort ?? '')) body.order = order;
        if (limit !== undefined) body.limit = limit;
        if (facets !== undefined) body.facets = facets;
        return { body, walk };
      }),
  );
}

type Expected =
  | { status: 400; fields: string[]; code: string }
  | { status: 422 }
  | { status: 200; filter: Filter; sort: SortKey; order: SortOrder; limit: number; facets?: FacetDimension[] };

const canonicalName = (name: string): string => (Object.hasOwn(FILTER_ALIASES, name) ? FILTER_ALIASES[name] : name);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** What the server must answer, worked out independently of its parsing code. */
function expectation(body: Record<string, unknown>, dataset: DatasetApi): Expected {
  const corpus = Object.keys(body).filter((k) => k === 'corpus' || k === 'corpus_rating_min');
  if (corpus.length > 0) return { status: 400, fields: corpus, code: 'not_supported' };
  const filter: Record<string, unknown> = {};
  let unknown = false;
  const award: { slug?: string; result?: string } = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'award' || name.startsWith('award.')) {
      const parts = name === 'award' ? (value as Record<string, string>) : { [name.slice(6)]: value as string };
      if (parts.result !== undefined) award.result = parts.result;
      if (parts.slug !== undefined) {
        const slug = dataset.resolve('award', parts.slug);
        if (slug === undefined) unknown = true;
        else award.slug = slug;
      }
      continue;
    }
    const key = canonicalName(name) as ScalarFilterKey;
    if (!Object.hasOwn(FILTER_FIELDS, key)) continue;
    const spec = FILTER_FIELDS[key];
    if (spec.type === 'ref-list') {
      const resolved = asList(value).map((s) => dataset.resolve(spec.ref, s as string));
      if (resolved.includes(undefined)) unknown = true;
      filter[key] = [...new Set(resolved)];
    } else if (spec.type === 'enum-list' || spec.type === 'text-list') {
      filter[key] = [...new Set(asList(value))];
    } else {
      filter[key] = value;
    }
  }
  if (Object.keys(award).length > 0) filter.award = award;
  const crossed = RANGE_PAIRS.filter(
    ([lo, hi]) =>
      typeof filter[lo] === 'number' &&
      typeof filter[hi] === 'number' &&
      (filter[lo] as number) > (filter[hi] as number),
  );
  if (crossed.length > 0) {
    const spelled = (key: string) => Object.keys(body).find((n) => canonicalName(n) === key) ?? key;
    return { status: 400, fields: crossed.map(([lo]) => spelled(lo)), code: 'invalid_range' };
  }
  if (unknown) return { status: 422 };
  const sortWire = (body.sort as string | undefined) ?? 'bayes_rating';
  const combined = /^(.+)_(asc|desc)$/.exec(sortWire);
  const sortName = combined && (SORT_KEYS as readonly string[]).includes(combined[1]) ? combined[1] : sortWire;
  const sort = (sortName === 'year' ? 'year_published' : sortName) as SortKey;
  const order = (
    combined
      ? combined[2]
      : ((body.order as SortOrder | undefined) ?? (sort === 'name' || sort === 'rank' ? 'asc' : 'desc'))
  ) as SortOrder;
  return {
    status: 200,
    filter: filter as Filter,
    sort,
    order,
    limit: (body.limit as number | undefined) ?? 25,
    facets: body.facets as FacetDimension[] | undefined,
  };
}

const rowsOf = (page: ListJson) => page.data.map((g: GameJson) => ({ slug: g.slug, matched_via: g.matched_via }));
const plain = (via: MatchedVia | null): unknown => JSON.parse(JSON.stringify(via)) as unknown;

describe.each(CATALOGS)('POST /v1/games/search vs the oracle, catalog seed $seed', (spec) => {
  const catalog = randomCatalog(spec.seed, { games: spec.games, bayesOrder: spec.bayesOrder });
  const dataset = buildDataset(catalog.input);
  let store: Store;
  let app: H3;
  beforeAll(async () => {
    // The app's deps take a store (votes, history); the reads here never touch it, so an empty one is enough.
    store = await Store.open(':memory:');
    await migrate(store);
    app = createApp({
      ...testAppDeps(store, new DatasetState(dataset)),
      cursors: new CursorCodec('property-secret-0123456789'),
    });
  });
  afterAll(async () => store.close());

  /** What the runs met, so a property that only ever saw empty results or errors fails. */
  const seen = { ok: 0, nonEmpty: 0, viaExpansion: 0, walked: 0, multiPage: 0, facets: 0, status400: 0, status422: 0 };

  const post = (body: unknown): Promise<Reply> =>
    call(app, '/v1/games/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function check({ body, walk }: Case): Promise<void> {
    const expected = expectation(body, dataset);
    const reply = await post(body);
    const label = `${JSON.stringify(body)} → ${reply.text.slice(0, 300)}`;
    expect(reply.status, label).toBe(expected.status);
    if (expected.status !== 200) {
      seen[expected.status === 400 ? 'status400' : 'status422']++;
      if (expected.status === 400) {
        const errors = (reply.body as { errors: { field: string; code: string }[] }).errors;
        for (const field of expected.fields)
          expect(errors, label).toContainEqual(expect.objectContaining({ field, code: expected.code }));
      }
      return;
    }
    const page = gamesSearchResponseSchema.parse(reply.body) as unknown as ListJson;
    seen.ok++;
    if (page.data.length > 0) seen.nonEmpty++;
    if (page.data.some((g) => g.matched_via !== null)) seen.viaExpansion++;
    if (expected.facets) seen.facets++;
    const query = { filter: expected.filter, sort: expected.sort, order: expected.order, limit: expected.limit };
    const oracle = oracleQuery(catalog.oracle, query);
    const want = oracle.rows.map((row, i) => ({
      slug: catalog.oracle.games[row].slug,
      matched_via: plain(oracle.matchedVia[i]),
    }));
    expect(rowsOf(page), label).toEqual(want);
    expect(page.meta, label).toMatchObject({
      total: oracle.total,
      has_more: oracle.hasNext,
      sort: expected.sort,
      order: expected.order,
      limit: expected.limit,
    });
    expect(page.meta.filters_applied, label).toEqual(expected.filter);
    expect(page.meta.effective).toBe(expected.filter.effective === true);
    if (expected.facets)
      expect(page.meta.facets, label).toEqual(
        oracleFacets(catalog.oracle, expected.filter, [...new Set(expected.facets)]),
      );
    if (!walk) return;

    const pages = [page];
    for (let href = page._links.next?.href; href; href = pages[pages.length - 1]._links.next?.href) {
      const next = await call(app, href);
      expect(next.status, next.text).toBe(200);
      pages.push(next.body as ListJson);
    }
    const everything = oracleQuery(catalog.oracle, { ...query, limit: Number.MAX_SAFE_INTEGER });
    expect(pages.flatMap(rowsOf), label).toEqual(
      everything.rows.map((row, i) => ({
        slug: catalog.oracle.games[row].slug,
        matched_via: plain(everything.matchedVia[i]),
      })),
    );
    expect(pages.every((p) => p.meta.total === oracle.total && p.data.length <= expected.limit)).toBe(true);
    const backward = [pages[pages.length - 1]];
    for (let href = backward[0]._links.prev?.href; href; href = backward[0]._links.prev?.href) {
      const prev = await call(app, href);
      expect(prev.status, prev.text).toBe(200);
      backward.unshift(prev.body as ListJson);
    }
    expect(backward.map(rowsOf), label).toEqual(pages.map(rowsOf));
    seen.walked++;
    if (pages.length > 2) seen.multiPage++;
  }

  it.each(DIMENSION_NAMES)('agrees on the %s dimension alone', async (dimension) => {
    await fc.assert(fc.asyncProperty(caseArbitrary(catalog, fc.constant([dimension])), check), { numRuns: ALONE_RUNS });
  });

  it('agrees on combinations of dimensions', async () => {
    // Corpus always ends in a 400, so it joins only now and then; the others meet freely.
    const filters = DIMENSION_NAMES.filter((d) => d !== 'corpus');
    const combination = fc
      .tuple(fc.subarray(filters, { minLength: 2, maxLength: 4 }), fc.nat(9))
      .map(([dims, roll]): Dimension[] => (roll === 0 ? [...dims, 'corpus'] : dims));
    await fc.assert(fc.asyncProperty(caseArbitrary(catalog, combination), check), { numRuns: COMBINED_RUNS });
  });

  it('met results, expansion matches, long walks, facets and both error kinds', () => {
    expect(seen.ok).toBeGreaterThan(seen.status400 + seen.status422);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
});
