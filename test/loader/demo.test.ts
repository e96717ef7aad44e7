// The bundled demo catalog: every line is a valid catalog record that only refers to earlier
// lines, it holds what issue 2 §4 promises, and the build reproduces it byte for byte.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG_PATH, DEFAULT_TAXONOMY_DIR, produceCatalogLines } from '../../loader/demo/catalog.js';
import { catalogRecord, type CatalogRecord } from '../../loader/catalog/records.js';
import { MODIFICATION_OPERATIONS, RELATIONSHIP_TYPES } from '../../engine/index.js';

const text = readFileSync(CATALOG_PATH, 'utf8');
const lines = text.split('\n').slice(0, -1);
const records: CatalogRecord[] = lines.map((line, i) => {
  const parsed = catalogRecord.safeParse(JSON.parse(line));
  if (!parsed.success) throw new Error(`line ${i + 1}: ${parsed.error.message}`);
  return parsed.data;
});
const ofKind = <K extends CatalogRecord['kind']>(kind: K): Extract<CatalogRecord, { kind: K }>[] =>
  records.filter((r): r is Extract<CatalogRecord, { kind: K }> => r.kind === kind);
const games = ofKind('game');
const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** [kind, slug] pairs a record refers to; written independently of the builder's checker. */
function refs(r: CatalogRecord): [string, string][] {
  switch (r.kind) {
    case 'mechanic':
    case 'category':
    case 'theme':
      return r.parent ? [[r.kind, r.parent]] : [];
    case 'game': {
      const out: [string, string][] = [];
      if (r.parent) out.push(['game', r.parent]);
      for (const s of r.mechanics ?? []) out.push(['mechanic', s]);
      for (const s of r.categories ?? []) out.push(['category', s]);
      for (const s of r.themes ?? []) out.push(['theme', s]);
      for (const s of r.families ?? []) out.push(['family', s]);
      for (const s of [...(r.designers ?? []), ...(r.artists ?? [])]) out.push(['person', s]);
      for (const c of r.credits ?? []) out.push(['person', c.person]);
      for (const s of r.publishers ?? []) out.push(['publisher', s]);
      for (const a of r.awards ?? []) out.push(['award', a.award]);
      return out;
    }
    case 'relationship':
      return [
        ['game', r.source],
        ['game', r.target],
      ];
    case 'property_modification':
      return [['game', r.expansion]];
    case 'expansion_combination':
      return [['game', r.base], ...r.expansions.map((s): [string, string] => ['game', s])];
    case 'person':
    case 'publisher':
    case 'family':
    case 'award':
      return [];
    default:
      return [['game', r.game]];
  }
}

describe('demo catalog', () => {
  it('is JSON Lines ending with a newline, every line a valid catalog record', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(lines.length).toBe(records.length);
    expect(lines.every((l) => l.length > 0)).toBe(true);
  });

  it('only refers to records defined on earlier lines', () => {
    const defined = new Set<string>();
    const missing: string[] = [];
    records.forEach((r, i) => {
      for (const [kind, slug] of refs(r))
        if (!defined.has(`${kind}:${slug}`)) missing.push(`line ${i + 1}: ${kind} ${slug}`);
      if ('slug' in r) defined.add(`${r.kind}:${r.slug}`);
    });
    expect(missing).toEqual([]);
  });

  it('holds at least 120 games with deterministic UUIDv7 ids', () => {
    expect(games.length).toBeGreaterThanOrEqual(120);
    for (const r of records) if ('id' in r && r.id !== undefined) expect(r.id).toMatch(UUIDV7);
    for (const kind of ['game', 'person', 'publisher', 'family', 'award', 'mechanic'] as const) {
      expect(ofKind(kind).every((r) => r.id !== undefined)).toBe(true);
    }
  });

  it('has alternate names in at least four languages and in Latin and non-Latin scripts', () => {
    const names = games.flatMap((g) => g.alternate_names ?? []);
    expect(new Set(names.map((n) => n.language)).size).toBeGreaterThanOrEqual(4);
    expect(names.some((n) => /\p{Script=Latin}/u.test(n.name))).toBe(true);
    expect(
      names.some((n) => /\p{Script=Han}|\p{Script=Katakana}|\p{Script=Hangul}|\p{Script=Cyrillic}/u.test(n.name)),
    ).toBe(true);
  });

  it('has at least five expansion families with property modifications, using every operation', () => {
    const parentOf = new Map(games.map((g) => [g.slug, g.parent]));
    const modifications = ofKind('property_modification');
    const bases = new Set(modifications.map((m) => parentOf.get(m.expansion)));
    bases.delete(undefined);
    expect(bases.size).toBeGreaterThanOrEqual(5);
    expect(new Set(modifications.map((m) => m.operation))).toEqual(new Set(MODIFICATION_OPERATIONS));
  });

  it('has at least three explicit expansion combinations, one of Spirit Island', () => {
    const combinations = ofKind('expansion_combination');
    expect(combinations.length).toBeGreaterThanOrEqual(3);
    expect(combinations.some((c) => c.base === 'spirit-island')).toBe(true);
  });

  it('has relationships of every type', () => {
    expect(new Set(ofKind('relationship').map((r) => r.relationship_type))).toEqual(new Set(RELATIONSHIP_TYPES));
  });

  it('has raw votes of every kind, each with an id', () => {
    for (const kind of [
      'rating_vote',
      'weight_vote',
      'player_count_vote',
      'age_vote',
      'language_vote',
      'play_log',
    ] as const) {
      const votes = ofKind(kind);
      expect(votes.length, kind).toBeGreaterThan(0);
      expect(
        votes.every((v) => v.id !== undefined && UUIDV7.test(v.id)),
        kind,
      ).toBe(true);
    }
  });

  it('gives every game stats whose rating distribution sums to rating_votes', () => {
    for (const g of games) {
      expect(g.stats, g.slug).toBeDefined();
      const d = g.stats?.rating_distribution;
      if (d)
        expect(
          d.reduce((a, b) => a + b, 0),
          g.slug,
        ).toBe(g.stats?.rating_votes);
    }
  });

  it('is reproduced byte for byte by the build', () => {
    if (!existsSync(DEFAULT_TAXONOMY_DIR)) {
      console.warn(`SKIPPED demo rebuild comparison: ${DEFAULT_TAXONOMY_DIR} is absent (needs ../shared)`);
      return;
    }
    expect(`${produceCatalogLines().join('\n')}\n`).toBe(text);
  });
});
