// The entities games link to (taxonomy terms, people, publishers, families, awards) as plain
// listable records with their game counts. Counts come from the posting bitmaps (distinct
// games, visible games only), so they always equal the total of the matching games filter.
// Each list is built on first use and frozen; a Dataset never changes afterwards.

import type { AwardEntity, EntityBase, FamilyEntity, PersonEntity, PublisherEntity, TermEntity } from './api.js';
import type { Bitmap } from './bitmap.js';
import type { Catalog, EntityIndex } from './catalog.js';
import { type PersonRole, TAXONOMY_KINDS, type TaxonomyKind } from './domain.js';
import type { GameIndexes } from './indexes.js';
import type { DatasetInput, PersonInput } from './input.js';
import { GameLinks } from './links.js';
import { sortName } from './normalize.js';
import { Stepped } from './steps.js';

/** People, publishers or families handled per step of a stepped list build. */
const ENTITIES_PER_STEP = 1024;
/** The people views the API lists (warmSteps builds them; other roles on first use). */
const WARMED_ROLES: readonly (PersonRole | undefined)[] = [undefined, 'designer', 'artist'];

/** A list in (sort_name, id) order plus its entity per input index, for lookups. */
interface View<T> {
  list: readonly T[];
  byIndex: readonly (T | undefined)[];
}

/** Per person (input index): distinct games per role and over all roles. */
interface Credited {
  roles: Partial<Record<PersonRole, number>>;
  total: number;
}

export class Entities {
  private readonly termViews = new Map<TaxonomyKind, View<TermEntity> & { byId: Map<string, TermEntity> }>();
  private readonly peopleViews = new Map<PersonRole | 'all', Stepped<View<PersonEntity>>>();
  private readonly credited = new Stepped(() => this.creditCountsSteps());
  /** Each person's own fields (sort_name computed once for every view). */
  private readonly personBases = new Stepped(() => this.personBasesSteps());
  private readonly personOrder = new Stepped(() => this.personOrderSteps());
  private readonly publisherView = new Stepped(() =>
    this.simpleViewSteps(this.catalog.publishers, this.indexes.publishers, (p) => ({
      country: p.country,
      website: p.website,
    })),
  );
  private readonly familyView = new Stepped(() =>
    this.simpleViewSteps(this.catalog.families, this.indexes.families, () => ({})),
  );
  private readonly awardView = new Stepped(() =>
    this.simpleViewSteps(this.catalog.awards, this.indexes.awards, (a) => ({
      organization: a.organization,
      website: a.website,
    })),
  );

  constructor(
    private readonly catalog: Catalog,
    private readonly indexes: GameIndexes,
    private readonly input: DatasetInput,
  ) {}

  terms(kind: TaxonomyKind): readonly TermEntity[] {
    return this.termView(kind).list;
  }

  /** Slug first, then alias (D8: aliases answer the canonical term), then id. */
  term(kind: TaxonomyKind, key: string): TermEntity | undefined {
    const view = this.termView(kind);
    const index = this.catalog.taxonomy(kind).find(key);
    return index !== undefined ? view.byIndex[index] : view.byId.get(key.toLowerCase());
  }

  people(role?: PersonRole): readonly PersonEntity[] {
    return this.peopleView(role).list;
  }

  person(key: string, role?: PersonRole): PersonEntity | undefined {
    const index = this.catalog.people.find(key);
    return index === undefined ? undefined : this.peopleView(role).byIndex[index];
  }

  publishers(): readonly PublisherEntity[] {
    return this.publisherView.get().list;
  }

  publisher(key: string): PublisherEntity | undefined {
    return lookup(this.catalog.publishers, this.publisherView.get(), key);
  }

  families(): readonly FamilyEntity[] {
    return this.familyView.get().list;
  }

  family(key: string): FamilyEntity | undefined {
    return lookup(this.catalog.families, this.familyView.get(), key);
  }

  awards(): readonly AwardEntity[] {
    return this.awardView.get().list;
  }

  award(key: string): AwardEntity | undefined {
    return lookup(this.catalog.awards, this.awardView.get(), key);
  }

  /**
   * Builds the lists the API serves, a thousand entities a step (the people's took ~300 ms
   * in one call for 20,000 people at 150,000 games); the taxonomy terms' a step each.
   */
  *warmSteps(): Generator<void, void> {
    for (const role of WARMED_ROLES) yield* this.peopleBuild(role).steps();
    yield* this.publisherView.steps();
    yield* this.familyView.steps();
    yield* this.awardView.steps();
    for (const kind of TAXONOMY_KINDS) {
      if (this.termViews.has(kind)) continue;
      this.termView(kind);
      yield;
    }
  }

  private termView(kind: TaxonomyKind): View<TermEntity> & { byId: Map<string, TermEntity> } {
    let view = this.termViews.get(kind);
    if (view) return view;
    const all = this.catalog.terms;
    const byIndex: (TermEntity | undefined)[] = [];
    const byId = new Map<string, TermEntity>();
    const list: TermEntity[] = [];
    for (const index of this.catalog.taxonomy(kind).terms) {
      const t = all[index];
      const entity: TermEntity = Object.freeze({
        ...base(t, this.indexes.terms[index]),
        kind,
        parent: t.parent_slug,
        aliases: Object.freeze([...t.aliases]),
      });
      byIndex[index] = entity;
      byId.set(t.id.toLowerCase(), entity);
      list.push(entity);
    }
    view = { list: freezeSorted(list), byIndex, byId };
    this.termViews.set(kind, view);
    return view;
  }

  /** Everyone (role undefined), or the role view: people credited in it, counted in it. */
  private peopleView(role: PersonRole | undefined): View<PersonEntity> {
    return this.peopleBuild(role).get();
  }

  private peopleBuild(role: PersonRole | undefined): Stepped<View<PersonEntity>> {
    const key = role ?? 'all';
    let build = this.peopleViews.get(key);
    if (build === undefined) {
      build = new Stepped(() => this.peopleViewSteps(role));
      this.peopleViews.set(key, build);
    }
    return build;
  }

  private *peopleViewSteps(role: PersonRole | undefined): Generator<void, View<PersonEntity>> {
    const credited = yield* this.credited.steps();
    const bases = yield* this.personBases.steps();
    const order = yield* this.personOrder.steps();
    const byIndex: (PersonEntity | undefined)[] = [];
    const list: PersonEntity[] = [];
    // in (sort_name, id) order already: the order is shared by every view, sorted once
    for (let i = 0; i < order.length; i++) {
      if (i % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield;
      const index = order[i];
      const c = credited[index];
      const count = role === undefined ? c.total : c.roles[role];
      if (count === undefined) continue;
      const entity: PersonEntity = Object.freeze({
        ...bases[index],
        game_count: count,
        roles: Object.freeze({ ...c.roles }),
      });
      byIndex[index] = entity;
      list.push(entity);
    }
    return { list: Object.freeze(list), byIndex };
  }

  /**
   * Every person's index in (sort_name, id) order. The keys are sorted as strings by the
   * native sort (sort_name, a NUL, the id, a NUL, the index: NUL sorts before every other
   * code unit, so a shorter name comes first as the comparison of the pair does), several
   * times faster than a comparator over the entities; a name holding a NUL falls back to it.
   */
  private *personOrderSteps(): Generator<void, Uint32Array> {
    const bases = yield* this.personBases.steps();
    const keys: string[] = [];
    let plain = true;
    for (let index = 0; index < bases.length; index++) {
      if (index % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield;
      const { sort_name, id } = bases[index];
      plain &&= !sort_name.includes('\0') && !id.includes('\0');
      keys.push(`${sort_name}\0${id}\0${index}`);
    }
    yield;
    if (!plain) return Uint32Array.from(freezeSorted(bases.map((b, index) => ({ ...b, index }))), (b) => b.index);
    keys.sort();
    yield;
    const order = new Uint32Array(keys.length);
    for (let i = 0; i < keys.length; i++) order[i] = Number(keys[i].slice(keys[i].lastIndexOf('\0') + 1));
    return order;
  }

  private *personBasesSteps(): Generator<void, OwnFields[]> {
    const people = this.input.people;
    const out: OwnFields[] = [];
    for (let index = 0; index < people.length; index++) {
      if (index % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield;
      out.push(ownFields(people[index]));
    }
    return out;
  }

  /** Distinct games per person and role, from the credit links grouped by person. */
  private *creditCountsSteps(): Generator<void, Credited[]> {
    const credits = this.input.gameCredits;
    const byPerson = GameLinks.build(credits.target, this.input.people.length);
    yield;
    const out: Credited[] = [];
    for (let person = 0; person < this.input.people.length; person++) {
      if (person % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield;
      const all = new Set<number>();
      const perRole = new Map<PersonRole, Set<number>>();
      for (const e of byPerson.of(person)) {
        const game = credits.game[e];
        all.add(game);
        const role = credits.role[e];
        let games = perRole.get(role);
        if (!games) {
          games = new Set();
          perRole.set(role, games);
        }
        games.add(game);
      }
      const roles: Partial<Record<PersonRole, number>> = {};
      for (const [role, games] of perRole) roles[role] = games.size;
      out.push({ roles, total: all.size });
    }
    return out;
  }

  /** A list of entities with their own fields, a thousand a step (each name normalized). */
  private *simpleViewSteps<I extends PersonInput, X extends object>(
    index: EntityIndex<I>,
    postings: readonly Bitmap[],
    extra: (item: I) => X,
  ): Generator<void, View<EntityBase & X>> {
    const byIndex: (EntityBase & X)[] = [];
    for (let i = 0; i < index.items.length; i++) {
      if (i % ENTITIES_PER_STEP === ENTITIES_PER_STEP - 1) yield;
      const item = index.items[i];
      byIndex.push(Object.freeze({ ...base(item, postings[i]), ...extra(item) }));
    }
    yield;
    return { list: freezeSorted([...byIndex]), byIndex };
  }
}

/** An entity's own fields, every one but its game count. */
type OwnFields = Omit<EntityBase, 'game_count'>;

function ownFields(item: PersonInput): OwnFields {
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    sort_name: sortName(item.name),
    description: item.description,
  };
}

function base(item: PersonInput, games: Bitmap): EntityBase {
  return { ...ownFields(item), game_count: games.size };
}

/** (sort_name, id) ascending with plain code-unit comparison, as keyset positions compare. */
function freezeSorted<T extends { sort_name: string; id: string }>(list: T[]): readonly T[] {
  list.sort((a, b) => {
    if (a.sort_name !== b.sort_name) return a.sort_name < b.sort_name ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return Object.freeze(list);
}

function lookup<I extends { id: string; slug: string }, T>(
  index: EntityIndex<I>,
  view: View<T> | undefined,
  key: string,
): T | undefined {
  const found = index.find(key);
  return found === undefined || view === undefined ? undefined : view.byIndex[found];
}
