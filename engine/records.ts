// Plain objects for one game: its scalar record and its related records. Only rows that end
// up on a page or a detail view are ever turned into objects.

import type { CreditRef, EntityRef, GameRecord, GameRelated } from './api.js';
import type { Catalog } from './catalog.js';
import { PERSON_ROLES } from './domain.js';
import { fieldReader } from './field-readers.js';
import { GAME_JSON_FIELDS } from './fields.js';
import { compileRecord } from './record-builder.js';
import type { Games } from './games.js';
import type { GameIndexes } from './indexes.js';
import type { DatasetInput } from './input.js';

export class Records {
  private children: Map<number, number[]> | undefined;
  /** One GameRecord per row, members in JSON order (the registry's). */
  private readonly record: (row: number) => GameRecord;

  constructor(
    private readonly games: Games,
    private readonly indexes: GameIndexes,
    private readonly catalog: Catalog,
    private readonly input: DatasetInput,
  ) {
    this.record = compileRecord<GameRecord>(
      GAME_JSON_FIELDS.map((field) => field.name),
      GAME_JSON_FIELDS.map((field) => fieldReader(field, games)),
    );
  }

  game(row: number): GameRecord {
    return this.record(row);
  }

  related(row: number): GameRelated {
    const { input, indexes, catalog } = this;
    const ref = (e: { id: string; slug: string; name: string }): EntityRef => ({
      id: e.id,
      slug: e.slug,
      name: e.name,
    });
    const out: GameRelated = {
      mechanics: [],
      categories: [],
      themes: [],
      families: [],
      designers: [],
      artists: [],
      publishers: [],
      credits: [],
      awards: [],
      alternate_names: [],
      expansions: this.expansionsOf(row),
      relationships: [],
    };
    for (const e of indexes.termLinks.of(row)) {
      const term = catalog.terms[input.gameTerms.target[e]];
      const list = term.kind === 'mechanic' ? out.mechanics : term.kind === 'category' ? out.categories : out.themes;
      list.push(ref(term));
    }
    for (const e of indexes.familyLinks.of(row)) out.families.push(ref(input.families[input.gameFamilies.target[e]]));
    for (const e of indexes.publisherLinks.of(row))
      out.publishers.push(ref(input.publishers[input.gamePublishers.target[e]]));
    const credits: CreditRef[] = [];
    for (const e of indexes.creditLinks.of(row)) {
      const person = input.people[input.gameCredits.target[e]];
      const role = input.gameCredits.role[e];
      credits.push({ person_id: person.id, person_slug: person.slug, person_name: person.name, role });
      if (role === 'designer') out.designers.push(ref(person));
      if (role === 'artist') out.artists.push(ref(person));
    }
    // Designers, artists, then the contract role order; catalog order within a role (stable sort).
    out.credits = credits.sort((a, b) => PERSON_ROLES.indexOf(a.role) - PERSON_ROLES.indexOf(b.role));
    const awards = input.gameAwards;
    for (const e of indexes.awardLinks.of(row)) {
      const award = input.awards[awards.award[e]];
      out.awards.push({
        award_id: award.id,
        award_slug: award.slug,
        award_name: award.name,
        year: awards.year[e],
        result: awards.result[e],
        category: awards.category[e],
      });
    }
    const names = input.alternateNames;
    for (const e of indexes.alternateNameLinks.of(row))
      out.alternate_names.push({ name: names.name[e], language: names.language[e] });
    const rel = input.relationships;
    for (const entry of indexes.relationshipLinks.of(row)) {
      const e = entry < rel.source.length ? entry : entry - rel.source.length;
      out.relationships.push({
        source: rel.source[e],
        target: rel.target[e],
        type: rel.type[e],
        ordinal: rel.ordinal[e],
      });
    }
    return out;
  }

  /** Rows whose parent_game_id is this game: by year (unknown last), then sort name, then id. */
  expansionsOf(row: number): number[] {
    if (!this.children) {
      const g = this.games;
      const children = new Map<number, number[]>();
      const parents = g.parentRows;
      for (let r = 0; r < g.size; r++) {
        const parent = parents[r];
        if (parent < 0) continue;
        const list = children.get(parent);
        if (list) list.push(r);
        else children.set(parent, [r]);
      }
      const year = g.numbers.year_published;
      const names = g.sortNames;
      const ids = g.ids;
      for (const list of children.values()) {
        list.sort((a, b) => {
          const ya = Number.isNaN(year[a]) ? Infinity : year[a];
          const yb = Number.isNaN(year[b]) ? Infinity : year[b];
          if (ya !== yb) return ya - yb;
          if (names[a] !== names[b]) return names[a] < names[b] ? -1 : 1;
          return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0;
        });
      }
      this.children = children;
    }
    return [...(this.children.get(row) ?? [])];
  }
}
