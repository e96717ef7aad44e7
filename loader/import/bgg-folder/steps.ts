// The steps of `import bgg`, in the order they run: each names the files it takes (by name
// and first line) and the importer that reads them. Order matters: the dump creates every
// game; the 2021 dataset fills in what the dump lacks (weight, mechanics, domains); XML
// captures add links, polls, images; ranking history needs the games; awards and polls
// (bgg-awards, bgg-polls) attach to games the others created.

import { basename } from 'node:path';
import { datasetAsOf, dumpAsOf, modificationDate, xmlAsOf } from '../as-of.js';
import { importBggAwards } from '../bgg-awards.js';
import { awardOfFile } from '../bgg-awards/awards.js';
import { importBggCsv } from '../bgg-csv.js';
import { detectLayout } from '../bgg-csv/layouts.js';
import { importBggRankings } from '../bgg-rankings.js';
import { detectRankingLayout } from '../bgg-rankings/layouts.js';
import { importBggPolls } from '../bgg-polls.js';
import { importBggXml } from '../bgg-xml.js';
import type { ForeignImporter, ForeignImportOptions } from '../report.js';
import type { CandidateFile } from './find.js';

export interface BggStep {
  /** What the step imports, as the summary names it. */
  name: string;
  /** The `import <format>` that imports the same files alone. */
  format: string;
  matches: (file: CandidateFile) => boolean;
  importer: ForeignImporter;
  /** The file's as-of date, recorded with its content hash (an unchanged file is skipped next time). */
  asOf: (path: string, options: ForeignImportOptions) => Promise<string>;
}

const csvLayout = (file: CandidateFile) => (file.extension === '.csv' ? detectLayout(file.header)?.name : undefined);

export const DUMP_STEP: BggStep = {
  name: 'BGG data dump',
  format: 'bgg-csv',
  matches: (file) => csvLayout(file) === 'boardgames_ranks',
  importer: importBggCsv,
  asOf: (path, options) => dumpAsOf(path, options.asOf),
};

export const DATASET_STEP: BggStep = {
  name: '2021 BGG dataset',
  format: 'bgg-csv',
  matches: (file) => csvLayout(file) === 'bgg_dataset',
  importer: importBggCsv,
  asOf: async (_path, options) => datasetAsOf(options.asOf),
};

export const XML_STEP: BggStep = {
  name: 'XML API2 captures',
  format: 'bgg-xml',
  matches: (file) => file.extension === '.xml',
  importer: importBggXml,
  asOf: (path, options) => xmlAsOf(path, options.asOf),
};

export const RANKINGS_STEP: BggStep = {
  name: 'ranking history',
  format: 'bgg-rankings',
  matches: (file) => file.extension === '.csv' && detectRankingLayout(file.header) !== undefined,
  importer: importBggRankings,
  // The dates are in the files (their names or a date column): the content hash is the record.
  asOf: async (path) => /^\d{4}-\d{2}-\d{2}/.exec(basename(path))?.[0] ?? (await modificationDate(path)),
};

const columns = (file: CandidateFile) => new Set(file.header.split(',').map((c) => c.trim()));

export const AWARDS_STEP: BggStep = {
  name: 'awards',
  format: 'bgg-awards',
  matches: (file) => file.extension === '.csv' && awardOfFile(file.path) !== undefined && columns(file).has('jahrgang'),
  importer: importBggAwards,
  asOf: (path) => modificationDate(path),
};

export const POLLS_STEP: BggStep = {
  name: 'polls',
  format: 'bgg-polls',
  matches: (file) => {
    if (file.extension !== '.csv') return false;
    const c = columns(file);
    return c.has('bgg_id') && (c.has('numplayers') || c.has('age_2') || c.has('votes_level1_no_text'));
  },
  importer: importBggPolls,
  asOf: (path) => modificationDate(path),
};

export const BGG_STEPS: readonly BggStep[] = [
  DUMP_STEP,
  DATASET_STEP,
  XML_STEP,
  RANKINGS_STEP,
  AWARDS_STEP,
  POLLS_STEP,
];
