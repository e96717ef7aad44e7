// The three awards of the Spiel des Jahres jury, and which file holds which: the files of
// recommend-games/spiel-des-jahres carry no award column, so the file name says it (their
// names in that repository, sdj.csv, ksdj.csv, kindersdj.csv, are accepted too). Slugs and
// names are the demo catalog's (loader/demo/awards.ts), so both name the same award.

import { basename, extname } from 'node:path';

export interface AwardDefinition {
  kind: 'award';
  slug: string;
  name: string;
  description: string;
  organization: string;
  website: string;
}

const JURY = { organization: 'Spiel des Jahres e.V.', website: 'https://www.spiel-des-jahres.de' } as const;

export const SPIEL_DES_JAHRES: AwardDefinition = {
  kind: 'award',
  slug: 'spiel-des-jahres',
  name: 'Spiel des Jahres',
  description: 'German game of the year, awarded by a jury of critics since 1979 to a game for families and friends.',
  ...JURY,
};

export const KENNERSPIEL_DES_JAHRES: AwardDefinition = {
  kind: 'award',
  slug: 'kennerspiel-des-jahres',
  name: 'Kennerspiel des Jahres',
  description:
    'Connoisseur game of the year, awarded since 2011 by the Spiel des Jahres jury to a more demanding game.',
  ...JURY,
};

export const KINDERSPIEL_DES_JAHRES: AwardDefinition = {
  kind: 'award',
  slug: 'kinderspiel-des-jahres',
  name: 'Kinderspiel des Jahres',
  description: "Children's game of the year, awarded by the Spiel des Jahres association.",
  ...JURY,
};

const BY_FILE_NAME: Readonly<Record<string, AwardDefinition>> = {
  spiel_des_jahres: SPIEL_DES_JAHRES,
  sdj: SPIEL_DES_JAHRES,
  kennerspiel_des_jahres: KENNERSPIEL_DES_JAHRES,
  ksdj: KENNERSPIEL_DES_JAHRES,
  kinderspiel_des_jahres: KINDERSPIEL_DES_JAHRES,
  kindersdj: KINDERSPIEL_DES_JAHRES,
};

/** The file names a folder is searched for (any case, `-` for `_`). */
export const AWARD_FILE_PATTERN =
  /^(spiel[_-]des[_-]jahres|kennerspiel[_-]des[_-]jahres|kinderspiel[_-]des[_-]jahres|sdj|ksdj|kindersdj)\.csv$/i;

export const AWARD_FILE_NAMES = 'spiel_des_jahres.csv, kennerspiel_des_jahres.csv, kinderspiel_des_jahres.csv';

/** The award a file is about, by its name; undefined for any other name. */
export function awardOfFile(path: string): AwardDefinition | undefined {
  const name = basename(path, extname(path)).toLowerCase().replaceAll('-', '_');
  return Object.hasOwn(BY_FILE_NAME, name) ? BY_FILE_NAME[name] : undefined;
}
