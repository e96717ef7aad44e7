// The two in-process search libraries the engine's text index is compared with (issue 15,
// point 5): MiniSearch and Orama, over the same games' names, alternate names and people
// (designers, artists, publishers). Each gets the configuration its documentation gives for
// this job — prefix search, typo tolerance, field boosts (name > alternate names > people) —
// and MiniSearch also a popularity boost per document (1 + log10(1 + rating votes)), the
// signal our index ranks by inside a tier; Orama has no per-document boost (its `sortBy`
// replaces relevance), so it ranks by its BM25 score alone.

import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';

/** One game as the libraries index it. */
export interface LibraryDoc {
  /** Position in the document list (the libraries' id). */
  key: number;
  bggId: string;
  name: string;
  alternates: string;
  people: string;
  /** rating_votes, or owner_count when there are none; 0 when neither is known. */
  popularity: number;
}

export interface SearchMethod {
  name: string;
  /** What the method is, for the report. */
  description: string;
  /** BGG ids of the best `limit` hits, best first. */
  search(query: string, limit: number): string[] | Promise<string[]>;
}

/** Lower case, diacritics stripped (NFKD), as our index folds. */
const fold = (term: string): string =>
  term
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

export function miniSearchMethod(docs: readonly LibraryDoc[]): SearchMethod {
  const boost = Float64Array.from(docs, (d) => 1 + Math.log10(1 + d.popularity));
  const index = new MiniSearch<LibraryDoc>({
    idField: 'key',
    fields: ['name', 'alternates', 'people'],
    processTerm: (term) => fold(term) || null,
    searchOptions: {
      boost: { name: 3, alternates: 2, people: 1 },
      prefix: true,
      fuzzy: 0.2,
      boostDocument: (key) => boost[key as number],
    },
  });
  index.addAll(docs);
  return {
    name: 'minisearch',
    description:
      'MiniSearch 7: prefix, fuzzy 0.2, boosts name 3 / alternates 2 / people 1, document boost 1 + log10(1 + votes), NFKD folding',
    search(query, limit) {
      const hits = index.search(query);
      const out: string[] = [];
      for (let i = 0; i < hits.length && i < limit; i++) out.push(docs[hits[i].id as number].bggId);
      return out;
    },
  };
}

const ORAMA_SCHEMA = { key: 'number', name: 'string', alternates: 'string', people: 'string' } as const;

export async function oramaMethod(docs: readonly LibraryDoc[]): Promise<SearchMethod> {
  const db = create({ schema: ORAMA_SCHEMA });
  await insertMultiple(
    db,
    docs.map((d) => ({ key: d.key, name: d.name, alternates: d.alternates, people: d.people })),
    5_000,
  );
  return {
    name: 'orama',
    description: 'Orama 3: default tokenizer (english), tolerance 1, boosts name 3 / alternates 2 / people 1, BM25',
    async search(query, limit) {
      const result = await oramaSearch(db, {
        term: query,
        properties: ['name', 'alternates', 'people'],
        tolerance: 1,
        boost: { name: 3, alternates: 2 },
        limit,
      });
      return result.hits.map((hit) => docs[hit.document.key].bggId);
    },
  };
}
