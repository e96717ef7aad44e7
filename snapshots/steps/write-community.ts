// Writes the staged community rows (step1-community.ts) into the community_* tables the
// API serves, touching only the games whose rows differ in any of the four: those games'
// rows are deleted and inserted again. Their ids are kept in COMMUNITY_CHANGED_TABLE, so
// writeGames counts them as changed (updated_at = the run time, D46) even when no Game
// field moved (a vote for an age that is not the median changes only the poll). A repeat
// run finds no difference and writes nothing.

import type { Queryable } from '../../loader/store.js';
import { COMMUNITY_COLUMNS, COMMUNITY_TABLES } from './step1-community.js';

export const COMMUNITY_CHANGED_TABLE = 'ludex_community_changed';

const POLLS = Object.keys(COMMUNITY_TABLES) as (keyof typeof COMMUNITY_TABLES)[];

const difference = (a: string, b: string, columns: string) =>
  `SELECT game_id FROM (SELECT ${columns} FROM ${a} EXCEPT SELECT ${columns} FROM ${b})`;

// EXCEPT compares NULLs as equal, so an unchanged null stddev or min is no difference.
const CHANGED_SQL = `
CREATE OR REPLACE TEMP TABLE ${COMMUNITY_CHANGED_TABLE} AS
SELECT DISTINCT game_id AS id FROM (
${POLLS.flatMap((poll) => {
  const staged = COMMUNITY_TABLES[poll];
  const stored = `community_${poll}`;
  const columns = COMMUNITY_COLUMNS[poll];
  return [difference(staged, stored, columns), difference(stored, staged, columns)];
}).join('\n  UNION ALL\n')}
)`;

/** Rewrites the community rows of the games whose rows changed; returns how many games. */
export async function writeCommunity(db: Queryable): Promise<number> {
  await db.run(CHANGED_SQL);
  for (const poll of POLLS) {
    const columns = COMMUNITY_COLUMNS[poll];
    await db.run(`DELETE FROM community_${poll} WHERE game_id IN (SELECT id FROM ${COMMUNITY_CHANGED_TABLE})`);
    await db.run(
      `INSERT INTO community_${poll} (${columns}) SELECT ${columns} FROM ${COMMUNITY_TABLES[poll]}
       WHERE game_id IN (SELECT id FROM ${COMMUNITY_CHANGED_TABLE}) ORDER BY ${columns.split(',').slice(0, 2).join(',')}`,
    );
  }
  const [row] = await db.all<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n FROM ${COMMUNITY_CHANGED_TABLE}`);
  return row?.n ?? 0;
}
