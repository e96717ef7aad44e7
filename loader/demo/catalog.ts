// Assembles the demo catalog as JSON lines in CATALOG_KIND_ORDER. Pure apart from reading
// the OpenTabletop vocabularies, so the test can rebuild it and compare with the committed
// file. Every line is validated against the catalog schemas and may only refer to records
// on earlier lines.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOG_KIND_ORDER, catalogRecord, type CatalogRecord } from '../catalog/records.js';
import { TAXONOMY_KINDS } from '../../engine/index.js';
import { ALTERNATE_NAMES } from './names.js';
import { AWARDS, AWARD_RESULTS } from './awards.js';
import { COMBINATIONS, EXPANSIONS, MODIFICATIONS } from './expansions.js';
import { FAMILIES } from './families.js';
import { BASE_GAMES } from './games.js';
import { PUBLISHERS } from './publishers.js';
import {
  awardRecord,
  combinationRecord,
  familyRecord,
  gameRecord,
  modificationRecord,
  personRecord,
  publisherRecord,
} from './records.js';
import { checkReferences } from './references.js';
import { RELATIONSHIPS } from './relationships.js';
import { SAMPLE_STATS } from './samples.js';
import { slugify } from './slug.js';
import { generateSnapshots, subjectOf } from './snapshots.js';
import { readVocabulary, termRecords } from './taxonomy.js';
import type { GameFact } from './types.js';
import { generateVotes } from './votes.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the build finds the OpenTabletop vocabularies: ../shared next to the repo. */
export const DEFAULT_TAXONOMY_DIR = join(REPO_ROOT, '..', 'shared', 'reference', 'opentabletop', 'data', 'taxonomy');
export const CATALOG_PATH = join(REPO_ROOT, 'loader', 'demo', 'catalog.jsonl');

/** How many of the most-rated games get raw votes. */
const VOTED_GAMES = 70;

export function produceCatalogRecords(taxonomyDir: string = DEFAULT_TAXONOMY_DIR): CatalogRecord[] {
  const games: GameFact[] = [...BASE_GAMES, ...EXPANSIONS];
  checkSideTables(games);
  const records: CatalogRecord[] = [];

  for (const kind of TAXONOMY_KINDS) records.push(...termRecords(kind, readVocabulary(taxonomyDir, kind)));
  records.push(...people(games));

  const usedPublishers = new Set(games.flatMap((g) => g.publishers ?? []));
  records.push(
    ...PUBLISHERS.filter((p) => usedPublishers.has(p.slug))
      .sort(bySlug)
      .map(publisherRecord),
  );
  const usedFamilies = new Set(games.flatMap((g) => g.families ?? []));
  records.push(
    ...FAMILIES.filter((f) => usedFamilies.has(f.slug))
      .sort(bySlug)
      .map(familyRecord),
  );
  records.push(...AWARDS.map(awardRecord));

  const gameRecords = games.map((g) =>
    gameRecord(g, {
      names: ALTERNATE_NAMES[g.slug] ?? [],
      awards: AWARD_RESULTS.filter((a) => a.game === g.slug),
      override: SAMPLE_STATS[g.slug],
    }),
  );
  records.push(...gameRecords);

  for (const e of EXPANSIONS) {
    if (e.parent && e.type !== 'standalone_expansion') {
      records.push({
        kind: 'relationship',
        source: e.slug,
        target: e.parent,
        relationship_type: 'expands',
        ordinal: ordinalOf(e),
      });
    }
  }
  for (const rel of RELATIONSHIPS) {
    // integrates_with is symmetric and stored once; the exporter writes it from the smaller slug.
    const flip = rel.type === 'integrates_with' && rel.target < rel.source;
    const [source, target] = flip ? [rel.target, rel.source] : [rel.source, rel.target];
    records.push({ kind: 'relationship', source, target, relationship_type: rel.type });
  }
  for (const [i, m] of MODIFICATIONS.entries()) records.push(modificationRecord(m, i));
  records.push(...COMBINATIONS.map(combinationRecord));

  const mostRated = [...games].sort((a, b) => b.hint.votes - a.hint.votes || a.slug.localeCompare(b.slug));
  const votes = generateVotes(mostRated.slice(0, VOTED_GAMES));
  records.push(...votes.rating, ...votes.weight, ...votes.playerCount, ...votes.age, ...votes.language, ...votes.plays);

  // Every game's monthly history, ending at what the import makes of it (snapshots.ts).
  const subjects = gameRecords.map((g) => subjectOf(g, votes));
  records.push(...generateSnapshots(subjects));

  validate(records);
  return records;
}

/** The catalog file's lines (without newlines). */
export function produceCatalogLines(taxonomyDir: string = DEFAULT_TAXONOMY_DIR): string[] {
  return produceCatalogRecords(taxonomyDir).map((r) => JSON.stringify(r));
}

function bySlug(a: { slug: string }, b: { slug: string }): number {
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

function people(games: readonly GameFact[]): CatalogRecord[] {
  const names = new Map<string, string>();
  for (const g of games) {
    for (const name of [...(g.designers ?? []), ...(g.artists ?? []), ...(g.credits ?? []).map((c) => c.person)]) {
      const slug = slugify(name);
      const known = names.get(slug);
      if (known !== undefined && known !== name)
        throw new Error(`two spellings for person ${slug}: "${known}" and "${name}"`);
      names.set(slug, name);
    }
  }
  return [...names.values()].map(personRecord).sort(bySlug);
}

/** Release order of an expansion within its family, for the relationship's `ordinal`. */
function ordinalOf(e: GameFact): number {
  const siblings = EXPANSIONS.filter((x) => x.parent === e.parent);
  const sorted = [...siblings].sort((a, b) => (a.year ?? 9999) - (b.year ?? 9999) || a.slug.localeCompare(b.slug));
  return sorted.findIndex((x) => x.slug === e.slug) + 1;
}

/** Side tables are keyed by game slug; a typo there would silently drop a fact. */
function checkSideTables(games: readonly GameFact[]): void {
  const slugs = new Set(games.map((g) => g.slug));
  const keys = [
    ...Object.keys(ALTERNATE_NAMES).map((k) => `alternate names of ${k}`),
    ...Object.keys(SAMPLE_STATS).map((k) => `sample stats of ${k}`),
    ...AWARD_RESULTS.map((a) => `award result ${a.award} ${a.year} of ${a.game}`),
  ];
  for (const key of keys) {
    const slug = key.slice(key.lastIndexOf(' of ') + 4);
    if (!slugs.has(slug)) throw new Error(`${key}: no such game`);
  }
}

function validate(records: readonly CatalogRecord[]): void {
  const kindRank = new Map(CATALOG_KIND_ORDER.map((k, i) => [k, i]));
  let previous = 0;
  records.forEach((record, i) => {
    const parsed = catalogRecord.safeParse(record);
    if (!parsed.success) {
      throw new Error(`demo record ${i + 1} (${record.kind}) is invalid: ${JSON.stringify(parsed.error.issues)}`);
    }
    const rank = kindRank.get(record.kind) ?? -1;
    if (rank < previous) throw new Error(`demo record ${i + 1} (${record.kind}) is out of CATALOG_KIND_ORDER`);
    previous = rank;
  });
  checkReferences(records);
  const ids = new Set<string>();
  for (const r of records) {
    if (!('id' in r) || r.id === undefined) continue;
    if (ids.has(r.id)) throw new Error(`duplicate id ${r.id}`);
    ids.add(r.id);
  }
}
