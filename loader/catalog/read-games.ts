// Stored games in catalog form: scalar fields, link lists in `position` order, legacy_id,
// and the baseline statistics (not the derived aggregates). Used by export and by import's
// "unchanged?" comparison; one query per table for a whole batch of ids.

import { EXPERIENCE_LEVELS, LANGUAGE_DEPENDENCE_LEVELS } from '../../engine/domain.js';
import type { Queryable, Row } from '../store.js';
import { canonicalLine } from './canonical.js';
import { LEGACY_SOURCE } from './tables.js';

const IN_IDS = 'IN (SELECT unnest($1::VARCHAR[]))';

type Grouped = Map<string, Row[]>;

async function grouped(db: Queryable, sql: string, ids: readonly string[]): Promise<Grouped> {
  const out: Grouped = new Map();
  for (const row of await db.all(sql, [ids])) {
    const key = String(row.game_id);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

/** Canonical catalog lines of the given games, keyed by id. */
export async function readGameLines(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const games = await db.all(
    `SELECT g.id, g.slug, g.name, g.type, g.year_published, strftime(g.release_date, '%Y-%m-%d') AS release_date,
            p.slug AS parent, g.min_players, g.max_players, g.min_playtime, g.max_playtime, g.min_age,
            g.mode, g.funding_source, g.description
     FROM games g LEFT JOIN games p ON p.id = g.parent_game_id WHERE g.id ${IN_IDS}`,
    [ids],
  );
  const [legacy, terms, families, credits, publishers, awards, names, stats, pcr, age, language, experience] =
    await Promise.all([
      grouped(
        db,
        `SELECT game_id, external_id, is_numeric FROM external_identifiers
         WHERE source = '${LEGACY_SOURCE}' AND game_id ${IN_IDS} ORDER BY external_id`,
        ids,
      ),
      grouped(
        db,
        `SELECT gt.game_id, t.kind, t.slug FROM game_terms gt JOIN terms t ON t.id = gt.term_id
         WHERE gt.game_id ${IN_IDS} ORDER BY gt.game_id, gt.position, t.slug`,
        ids,
      ),
      grouped(
        db,
        `SELECT gf.game_id, f.slug FROM game_families gf JOIN families f ON f.id = gf.family_id
         WHERE gf.game_id ${IN_IDS} ORDER BY gf.game_id, gf.position, f.slug`,
        ids,
      ),
      grouped(
        db,
        `SELECT gc.game_id, p.slug, gc.role FROM game_credits gc JOIN people p ON p.id = gc.person_id
         WHERE gc.game_id ${IN_IDS} ORDER BY gc.game_id, gc.position, p.slug, gc.role`,
        ids,
      ),
      grouped(
        db,
        `SELECT gp.game_id, p.slug FROM game_publishers gp JOIN publishers p ON p.id = gp.publisher_id
         WHERE gp.game_id ${IN_IDS} ORDER BY gp.game_id, gp.position, p.slug`,
        ids,
      ),
      grouped(
        db,
        `SELECT ga.game_id, a.slug AS award, ga.year, ga.result, ga.category FROM game_awards ga
         JOIN awards a ON a.id = ga.award_id
         WHERE ga.game_id ${IN_IDS} ORDER BY ga.game_id, ga.position, a.slug, ga.year`,
        ids,
      ),
      grouped(
        db,
        `SELECT game_id, name, language FROM alternate_names WHERE game_id ${IN_IDS}
         ORDER BY game_id, position, name`,
        ids,
      ),
      grouped(db, `SELECT * FROM baseline_stats WHERE game_id ${IN_IDS}`, ids),
      grouped(
        db,
        `SELECT game_id, player_count, average_rating, rating_count, rating_stddev FROM baseline_player_count_ratings
         WHERE game_id ${IN_IDS} ORDER BY game_id, player_count`,
        ids,
      ),
      grouped(
        db,
        `SELECT game_id, suggested_age, vote_count FROM baseline_age_poll WHERE game_id ${IN_IDS}
         ORDER BY game_id, suggested_age`,
        ids,
      ),
      grouped(db, `SELECT game_id, level, vote_count FROM baseline_language_poll WHERE game_id ${IN_IDS}`, ids),
      grouped(
        db,
        `SELECT game_id, level, median_minutes, min_minutes, max_minutes, total_reports
         FROM baseline_experience_playtime WHERE game_id ${IN_IDS}`,
        ids,
      ),
    ]);

  for (const game of games) {
    const id = String(game.id);
    const termRows = terms.get(id) ?? [];
    const creditRows = credits.get(id) ?? [];
    const legacyRow = legacy.get(id)?.[0];
    const statsRow = stats.get(id)?.[0];
    const record: Row = {
      ...game,
      legacy_id: legacyRow ? (legacyRow.is_numeric ? Number(legacyRow.external_id) : legacyRow.external_id) : undefined,
      mechanics: slugsOfKind(termRows, 'mechanic'),
      categories: slugsOfKind(termRows, 'category'),
      themes: slugsOfKind(termRows, 'theme'),
      families: (families.get(id) ?? []).map((r) => r.slug),
      designers: creditRows.filter((r) => r.role === 'designer').map((r) => r.slug),
      artists: creditRows.filter((r) => r.role === 'artist').map((r) => r.slug),
      publishers: (publishers.get(id) ?? []).map((r) => r.slug),
      credits: creditRows
        .filter((r) => r.role !== 'designer' && r.role !== 'artist')
        .map((r) => ({ person: r.slug, role: r.role })),
      alternate_names: names.get(id) ?? [],
      awards: awards.get(id) ?? [],
      stats: statsRow
        ? {
            ...statsRow,
            player_count_ratings: pcr.get(id) ?? [],
            age_poll: age.get(id) ?? [],
            language_poll: sortByLevel(language.get(id) ?? [], LANGUAGE_DEPENDENCE_LEVELS),
            experience_playtime: sortByLevel(experience.get(id) ?? [], EXPERIENCE_LEVELS),
          }
        : undefined,
    };
    out.set(id, canonicalLine('game', record));
  }
  return out;
}

function slugsOfKind(rows: readonly Row[], kind: string): unknown[] {
  return rows.filter((r) => r.kind === kind).map((r) => r.slug);
}

/** Poll rows in the enumeration's order (the order the catalog canonically lists them). */
export function sortByLevel<T extends { level?: unknown }>(rows: readonly T[], levels: readonly string[]): T[] {
  return [...rows].sort((a, b) => levels.indexOf(String(a.level)) - levels.indexOf(String(b.level)));
}
