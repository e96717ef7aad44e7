import { afterEach, describe, expect, it } from 'vitest';
import { CatalogImportError } from '../../loader/catalog/import.js';
import type { Store } from '../../loader/store.js';
import { dumpTables, emptyStore, exportLines, fixtureLines, game, jsonl, load } from './catalog-helpers.js';

async function failure(store: Store, lines: string[]): Promise<CatalogImportError> {
  const error = await load(store, lines).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogImportError);
  return error as CatalogImportError;
}

interface Baseline {
  store: Store;
  exported: string[];
  tables: Record<string, unknown[]>;
}

/** One store holding the fixture per test: every failed import must leave it as it was. */
let baseline: Baseline | undefined;
afterEach(() => {
  baseline = undefined;
});

/** Imports `lines` into a store that already holds the fixture, expects failure, and checks nothing changed. */
async function rejected(lines: string[]): Promise<CatalogImportError> {
  if (!baseline) {
    const store = await emptyStore();
    await load(store, fixtureLines());
    baseline = { store, exported: await exportLines(store), tables: await dumpTables(store) };
  }
  const error = await failure(baseline.store, lines);
  expect(await exportLines(baseline.store)).toEqual(baseline.exported);
  expect(await dumpTables(baseline.store)).toEqual(baseline.tables);
  return error;
}

describe('import errors', () => {
  it('names line, field and reason, and leaves the store exactly as before', async () => {
    const error = await rejected(jsonl(game('ok'), game('bad', { min_players: 5, max_players: 2 })));
    expect(error).toMatchObject({ line: 2, field: 'min_players', reason: 'must not exceed max_players' });
    expect(error.message).toBe('line 2, field "min_players": must not exceed max_players');
  });

  it('rolls back after batches were already written', async () => {
    // More games than one write batch, then a bad line: the earlier batches must vanish too.
    const lines = Array.from({ length: 10_100 }, (_, i) => JSON.stringify(game(`g-${i}`)));
    lines.push(JSON.stringify({ kind: 'rating_vote', game: 'g-1', rating: 11 }));
    const error = await rejected(lines);
    expect(error).toMatchObject({ line: 10_101, field: 'rating' });
  });

  it('reports invalid JSON with the line number, counting blank lines', async () => {
    const error = await rejected([JSON.stringify(game('a')), '', '{"kind":"game",']);
    expect(error.line).toBe(3);
    expect(error.field).toBe('');
    expect(error.reason).toMatch(/^invalid JSON/);
    expect(error.message).toMatch(/^line 3: invalid JSON/);
  });

  it('rejects non-objects, missing and unknown kinds, and unknown fields', async () => {
    expect(await rejected(['[1,2]'])).toMatchObject({ line: 1, field: '' });
    expect(await rejected(['{"slug":"x"}'])).toMatchObject({ field: 'kind', reason: 'is required' });
    expect((await rejected(['{"kind":"boardgame"}'])).reason).toMatch(/^unknown kind "boardgame"/);
    expect(await rejected(jsonl({ ...game('a'), colour: 'red' }))).toMatchObject({
      field: 'colour',
      reason: 'is not a field of this kind of record',
    });
  });

  it('gives nested field paths', async () => {
    const award = await rejected(
      jsonl(game('a', { awards: [{ award: 'spiel-des-jahres', year: 2020, result: 'lost' }] })),
    );
    expect(award.field).toBe('awards.0.result');
    const histogram = await rejected(
      jsonl(
        game('a', {
          stats: {
            rating: 7,
            rating_votes: 3,
            weight: 2,
            weight_votes: 1,
            rating_distribution: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
          },
        }),
      ),
    );
    expect(histogram).toMatchObject({ field: 'stats.rating_distribution', reason: 'must sum to rating_votes' });
    const mechanic = await rejected(jsonl(game('a', { mechanics: ['hand-management', 'no-such-mechanic'] })));
    expect(mechanic).toMatchObject({
      field: 'mechanics.1',
      reason: "no mechanic with slug 'no-such-mechanic' earlier in the file or in the store",
    });
  });

  it('requires references to point backwards in the file or into the store', async () => {
    const forward = await rejected(jsonl(game('child', { type: 'expansion', parent: 'later' }), game('later')));
    expect(forward).toMatchObject({
      line: 1,
      field: 'parent',
      reason: "no game with slug 'later' earlier in the file or in the store",
    });
    // The fixture is in the store, so these refer to it.
    const store = await emptyStore();
    await load(store, fixtureLines());
    const report = await load(
      store,
      jsonl(
        game('spirit-island-nature-incarnate', {
          type: 'expansion',
          parent: 'spirit-island',
          designers: ['r-eric-reuss'],
        }),
        {
          kind: 'relationship',
          source: 'spirit-island-nature-incarnate',
          target: 'spirit-island',
          relationship_type: 'expands',
        },
        { kind: 'rating_vote', game: 'agricola', rating: 8 },
      ),
    );
    expect(report.kinds.game.inserted).toBe(1);
    expect(report.kinds.relationship.inserted).toBe(1);
  });

  it('checks expansions of combinations and modifications', async () => {
    const combination = await rejected(
      jsonl({
        kind: 'expansion_combination',
        base: 'spirit-island',
        expansions: ['spirit-island-jagged-earth', 'agricola-revised'],
      }),
    );
    expect(combination).toMatchObject({
      field: 'expansions.1',
      reason: "game 'agricola-revised' is not an expansion of 'spirit-island'",
    });
    const modification = await rejected(
      jsonl({ kind: 'property_modification', expansion: 'agricola', property: 'weight', operation: 'add', value: 0.1 }),
    );
    expect(modification).toMatchObject({
      field: 'expansion',
      reason: "game 'agricola' is not an expansion with a parent game",
    });
    const listValue = await rejected(
      jsonl({
        kind: 'property_modification',
        expansion: 'spirit-island-jagged-earth',
        property: 'top_at',
        operation: 'set',
        value: 5,
      }),
    );
    expect(listValue.field).toBe('value');
    const orphaned = await rejected(jsonl(game('spirit-island-jagged-earth', { type: 'standalone_expansion' })));
    expect(orphaned.field).toBe('parent');
  });

  it('refuses ids that conflict with stored ids', async () => {
    const sameSlug = await rejected(jsonl(game('agricola', { id: '01890000-0000-7000-8000-0000000000ff' })));
    expect(sameSlug.field).toBe('id');
    expect(sameSlug.reason).toMatch(/conflicts with the stored id .* of game 'agricola'/);
    const store = await emptyStore();
    const id = '01890000-0000-7000-8000-0000000000ab';
    const taken = await failure(store, jsonl(game('a', { id }), game('b', { id })));
    expect(taken).toMatchObject({ line: 2, field: 'id', reason: `${id} is already the id of game 'a'` });
  });

  it('keeps aliases unique per kind', async () => {
    const slugClash = await rejected(
      jsonl({ kind: 'mechanic', slug: 'dice', name: 'Dice', aliases: ['hand-management'] }),
    );
    expect(slugClash).toMatchObject({
      field: 'aliases.0',
      reason: "'hand-management' is the slug of another mechanic",
    });
    const aliasClash = await rejected(jsonl({ kind: 'mechanic', slug: 'dice', name: 'Dice', aliases: ['coop'] }));
    expect(aliasClash).toMatchObject({
      field: 'aliases.0',
      reason: "'coop' is already an alias of mechanic 'cooperative-play'",
    });
    const slugIsAlias = await rejected(jsonl({ kind: 'mechanic', slug: 'coop', name: 'Coop' }));
    expect(slugIsAlias.field).toBe('slug');
    // The same alias is fine for another kind.
    const store = await emptyStore();
    await load(store, fixtureLines());
    await load(store, jsonl({ kind: 'category', slug: 'cooperative', name: 'Cooperative', aliases: ['coop'] }));
  });

  it('refuses parent cycles, duplicate links and a legacy_id used twice', async () => {
    const cycle = await rejected(
      jsonl({ kind: 'mechanic', slug: 'hand-management', name: 'Hand Management', parent: 'worker-placement' }),
    );
    expect(cycle.field).toBe('parent');
    const twice = await rejected(jsonl(game('a', { designers: ['uwe-rosenberg', 'uwe-rosenberg'] })));
    expect(twice).toMatchObject({ field: 'designers.1' });
    const aliasTwice = await rejected(jsonl(game('a', { mechanics: ['area-control', 'area-majority'] })));
    expect(aliasTwice).toMatchObject({ field: 'mechanics.1', reason: "mechanic 'area-control' is listed twice" });
    const legacy = await rejected(jsonl(game('a', { legacy_id: 162886 })));
    expect(legacy).toMatchObject({
      field: 'legacy_id',
      reason: "162886 is already the legacy_id of game 'spirit-island'",
    });
  });
});
