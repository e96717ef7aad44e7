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

/** People handled per step of a stepped list build. */
const PEOPLE_PER_STEP = 1024;
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
  private publisherView: View<PublisherEntity> | undefined;
  private familyView: View<FamilyEntity> | undefined;
  private awardView: View<AwardEntity> | undefined;

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

  /**
   * Builds the lists the API serves, the people's a few hundred people per step (20,000
   * people took ~300 ms in one call at 150,000 games); the rest are small, a step each.
   */
  *warmSteps(): Generator<void, void> {
    for (const role of WARMED_ROLES) yield* this.peopleBuild(role).steps();
    const lists: [built: () => boolean, build: () => void][] = [
      [() => this.publisherView !== undefined, () => this.publishers()],
      [() => this.familyView !== undefined, () => this.families()],
      [() => this.awardView !== undefined, () => this.awards()],
      ...TAXONOMY_KINDS.map((kind): [() => boolean, () => void] => [
        () => this.termViews.has(kind),
        () => this.termView(kind),
      ]),
    ];
    for (const [built, build] of lists) {
      if (built()) continue;
      build();
      yield;
    }
  }

  person(key: string, role?: PersonRole): PersonEntity | undefined {
    const index = this.catalog.people.find(key);
    return index === undefined ? undefined : this.peopleView(role).byIndex[index];
  }

  publishers(): readonly PublisherEntity[] {
    this.publisherView ??= this.simpleView(this.catalog.publishers, this.indexes.publishers, (p) => ({
      country: p.country,
      website: p.website,
    }));
    return this.publisherView.list;
  }

  publisher(key: string): PublisherEntity | undefined {
    this.publishers();
    return lookup(this.catalog.publishers, this.publisherView, key);
  }

  families(): readonly FamilyEntity[] {
    this.familyView ??= this.simpleView(this.catalog.families, this.indexes.families, () => ({}));
    return this.familyView.list;
  }

  family(key: string): FamilyEntity | undefined {
    this.families();
    return lookup(this.catalog.families, this.familyView, key);
  }

  awards(): readonly AwardEntity[] {
    this.awardView ??= this.simpleView(this.catalog.awards, this.indexes.awards, (a) => ({
      organization: a.organization,
      website: a.website,
    }));
    return this.awardView.list;
  }

  award(key: string): AwardEntity | undefined {
    this.awards();
    return lookup(this.catalog.awards, this.awardView, key);
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
    const credited = yield* this.stepsOf(this.credited);
    const bases = yield* this.stepsOf(this.personBases);
    const byIndex: (PersonEntity | undefined)[] = [];
    const list: PersonEntity[] = [];
    for (let index = 0; index < credited.length; index++) {
      if (index % PEOPLE_PER_STEP === PEOPLE_PER_STEP - 1) yield;
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
    yield;
    return { list: freezeSorted(list), byIndex };
  }

  /** A stepped value's steps, then the value. */
  private *stepsOf<T>(build: Stepped<T>): Generator<void, T> {
    yield* build.steps();
    return build.get();
  }

  private *personBasesSteps(): Generator<void, Omit<EntityBase, 'game_count'>[]> {
    const people = this.input.people;
    const out: Omit<EntityBase, 'game_count'>[] = [];
    for (let index = 0; index < people.length; index++) {
      if (index % PEOPLE_PER_STEP === PEOPLE_PER_STEP - 1) yield;
      const { game_count: _none, ...own } = base(people[index], undefined);
      out.push(own);
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
      if (person % PEOPLE_PER_STEP === PEOPLE_PER_STEP - 1) yield;
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

  private simpleView<I extends PersonInput, X extends object>(
    index: EntityIndex<I>,
    postings: readonly Bitmap[],
    extra: (item: I) => X,
  ): View<EntityBase & X> {
    const byIndex: (EntityBase & X)[] = index.items.map((item, i) =>
      Object.freeze({ ...base(item, postings[i]), ...extra(item) }),
    );
    return { list: freezeSorted([...byIndex]), byIndex };
  }
}

function base(item: PersonInput, games: Bitmap | undefined): EntityBase {
  return {
    id: item.id,
    slug: item.slug,
    name: item.name,
    sort_name: sortName(item.name),
    description: item.description,
    game_count: games?.size ?? 0,
  };
}

/** (sort_name, id) ascending with plain code-unit comparison, as keyset positions compare. */
function freezeSorted<T extends EntityBase>(list: T[]): readonly T[] {
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
