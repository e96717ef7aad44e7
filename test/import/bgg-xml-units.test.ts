// The BGG XML importer's parts on small hand-written responses: file classification, entity
// decoding, poll conversion, and a file that fails validation rolling back alone.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBggXml } from '../../loader/import/bgg-xml.js';
import { decodeDescription } from '../../loader/import/bgg-xml/entities.js';
import { parseBggXml, type BggPolls } from '../../loader/import/bgg-xml/parse.js';
import { agePoll, countsIn, languagePoll, playerCountRatings } from '../../loader/import/bgg-xml/polls.js';
import { slugify, uniqueSlug } from '../../loader/import/slugs.js';
import { emptyStore, jsonl, load } from '../loader/catalog-helpers.js';
import { aggregateRefresh } from '../../snapshots/pipeline.js';

const XML = '<?xml version="1.0" encoding="utf-8"?>';
const NOW = new Date('2025-06-01T12:00:00.000Z');

function polls(partial: Partial<BggPolls>): BggPolls {
  return { playerCount: [], playerAge: [], language: [], summary: {}, ...partial };
}

describe('classifying BGG responses', () => {
  it('rejects the 202 message, error bodies, HTML, search and collection responses', () => {
    const reason = (body: string) => {
      const r = parseBggXml(body);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason(`${XML}<message>Your request for this collection has been accepted</message>`)).toMatch(/queued/);
    expect(reason(`${XML}<errors><error><message>Invalid username specified</message></error></errors>`)).toMatch(
      /Invalid username/,
    );
    expect(reason(`${XML}<div class='messagebox error'>error reading chunk of file</div>`)).toMatch(/HTML error page/);
    expect(reason('<!DOCTYPE html><html><body>Rate limited</body></html>')).toMatch(/HTML page/);
    expect(reason(`${XML}<items total="1"><item type="boardgame" id="1"/></items>`)).toMatch(/search/);
    expect(reason(`${XML}<items totalitems="1"><item objecttype="thing" objectid="1"/></items>`)).toMatch(/collection/);
    expect(reason(`${XML}<items><item id="1" rank="1"/></items>`)).toMatch(/hot list/);
    expect(reason(`${XML}<items><item type="boardgame" id="1">`)).toMatch(/not well-formed/);
    expect(reason(`\uFEFF${XML}<items termsofuse="x"/>`)).toBe('ok');
  });

  it('decodes the XML layer and the HTML layer inside descriptions, once each', () => {
    expect(decodeDescription('Two players&amp;rsquo; turn&#10;&amp;quot;Go&amp;quot; &amp;amp;lt;')).toBe(
      'Two players’ turn\n"Go" &lt;',
    );
    expect(decodeDescription('&amp;mu;&amp;omicron;&amp;nu;')).toBe('μον');
  });

  it('decodes every named HTML entity (the full table, not a hand-picked few), strictly', () => {
    expect(decodeDescription('Sk&amp;aring;l &amp;frac12; &amp;Eacute;t&amp;eacute; &amp;hearts;')).toBe(
      'Skål ½ Été ♥',
    );
    expect(decodeDescription('Sk&aring;l')).toBe('Skål'); // a single layer too
    // A reference needs its semicolon: "AT&T" and query strings stay as written.
    expect(decodeDescription('AT&amp;T ?a=1&amp;copy=2')).toBe('AT&T ?a=1&copy=2');
  });

  it('repairs UTF-8 that BGG double-encoded as Latin-1 references, and only that', () => {
    expect(decodeDescription('Hans im Gl&amp;#195;&amp;#188;ck')).toBe('Hans im Glück'); // thing_42.xml
    expect(decodeDescription('Les Journ&amp;#195;&amp;#169;es')).toBe('Les Journées');
    expect(decodeDescription('Café für 2 × 3 — Ã bientôt')).toBe('Café für 2 × 3 — Ã bientôt');
  });
});

describe('BGG polls', () => {
  it('weights Best 5, Recommended 3.5, Not Recommended 1.5 per count; "N+" is count N+1', () => {
    const rows = playerCountRatings(
      polls({
        playerCount: [
          { count: '1', best: 0, recommended: 0, notRecommended: 0 },
          { count: '2', best: 2, recommended: 1, notRecommended: 1 },
          { count: '2+', best: 0, recommended: 0, notRecommended: 4 },
        ],
      }),
    );
    expect(rows.map((r) => r.player_count)).toEqual([2, 3]);
    expect(rows[0].average_rating).toBeCloseTo((2 * 5 + 3.5 + 1.5) / 4, 12);
    expect(rows[0].rating_count).toBe(4);
    expect(rows[1]).toMatchObject({ average_rating: 1.5, rating_count: 4, rating_stddev: 0 });
  });

  it('falls back to the poll-summary when there are no vote rows, without inventing votes', () => {
    expect(countsIn('Recommended with 1–4 players')).toEqual([1, 2, 3, 4]);
    expect(countsIn('Best with 2, 4 players')).toEqual([2, 4]);
    const rows = playerCountRatings(
      polls({ summary: { best: 'Best with 3 players', recommended: 'Recommended with 2–4 players' } }),
    );
    expect(rows).toEqual([
      { player_count: 2, average_rating: 3.5, rating_count: 0 },
      { player_count: 3, average_rating: 5, rating_count: 0 },
      { player_count: 4, average_rating: 3.5, rating_count: 0 },
    ]);
  });

  it('reads ages ("21 and up" is 21) and language levels by position', () => {
    expect(
      agePoll(
        polls({
          playerAge: [
            { value: '8', votes: 3 },
            { value: '10', votes: 0 },
            { value: '21 and up', votes: 1 },
          ],
        }),
      ),
    ).toEqual([
      { suggested_age: 8, vote_count: 3 },
      { suggested_age: 21, vote_count: 1 },
    ]);
    const language = languagePoll(
      polls({ language: [{ votes: 0 }, { votes: 5 }, { votes: 0 }, { votes: 0 }, { votes: 2 }] }),
    );
    expect(language).toEqual([
      { level: 'some_text', vote_count: 5 },
      { level: 'unplayable_without_text', vote_count: 2 },
    ]);
  });
});

describe('slugs', () => {
  it('are deterministic, ASCII, and take the id on collision or when the name has no Latin letters', () => {
    expect(slugify('Tigris & Euphrates')).toBe('tigris-and-euphrates');
    expect(slugify('Cubik-Mühle')).toBe('cubik-muhle');
    expect(uniqueSlug('Coup', 1653, (s) => s === 'coup')).toBe('coup-1653');
    expect(uniqueSlug('クー', 131357, () => false, 'game')).toBe('game-131357');
  });
});

describe('a file that fails validation', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ludex-bgg-xml-units-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is rolled back alone and reported; the other files import', async () => {
    const store = await emptyStore();
    // A stored expansion with a property modification must stay an expansion of its parent
    // (catalog rule); a BGG copy that calls it a base game breaks that, so its file fails.
    await load(
      store,
      jsonl(
        { kind: 'game', slug: 'base', name: 'Base', type: 'base_game', legacy_id: 1 },
        { kind: 'game', slug: 'exp', name: 'Exp', type: 'expansion', parent: 'base', legacy_id: 2 },
        { kind: 'property_modification', expansion: 'exp', property: 'max_players', operation: 'set', value: 6 },
      ),
    );
    const item = (id: number, type: string, name: string, mechanic: string) =>
      `<item type="${type}" id="${id}"><name type="primary" value="${name}"/>` +
      `<link type="boardgamemechanic" id="9${id}" value="${mechanic}"/></item>`;
    await writeFile(
      join(dir, 'a.xml'),
      `${XML}<items>${item(2, 'boardgame', 'Exp', 'Odd Mechanic')}${item(5, 'boardgame', 'Five', 'Odd Mechanic')}</items>`,
    );
    await writeFile(join(dir, 'b.xml'), `${XML}<items>${item(3, 'boardgame', 'Three', 'Other Mechanic')}</items>`);
    const progress: string[] = [];
    const report = await importBggXml(store, [dir, join(dir, 'missing.xml')], {
      refresh: aggregateRefresh(),
      now: NOW,
      onProgress: (s) => progress.push(s),
    });
    expect(report.rejectedFiles.map((f) => f.path)).toEqual([join(dir, 'missing.xml'), join(dir, 'a.xml')]);
    expect(report.rejectedFiles[1].reason).toMatch(/nothing from it was kept.*property modifications/);
    expect(report.created).toBe(1);
    expect(progress).toEqual(['1/2 files, 0 games', '2/2 files, 1 games', 'refreshing the aggregates of every game…']);
    const games = await store.all<{ slug: string; parent_game_id: string | null }>(
      'SELECT slug, parent_game_id FROM games ORDER BY slug',
    );
    expect(games.map((g) => g.slug)).toEqual(['base', 'exp', 'three']);
    expect(games[1].parent_game_id).not.toBeNull();
    const terms = await store.all<{ slug: string }>('SELECT slug FROM terms ORDER BY slug');
    expect(terms.map((t) => t.slug)).toEqual(['other-mechanic']); // a.xml's new term was rolled back too
  });
});
