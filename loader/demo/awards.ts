// Awards and the results of demo games. Only results we are sure of are listed; each award
// year is the announcement year of the jury.

import type { AwardResult } from '../../engine/domain.js';

export interface AwardFact {
  slug: string;
  name: string;
  description?: string;
  organization?: string;
  website?: string;
}

export interface AwardResultFact {
  game: string;
  award: string;
  year: number;
  result: AwardResult;
  category?: string;
}

export const AWARDS: readonly AwardFact[] = [
  {
    slug: 'spiel-des-jahres', name: 'Spiel des Jahres',
    description: 'German game of the year, awarded by a jury of critics since 1979 to a game for families and friends.',
    organization: 'Spiel des Jahres e.V.', website: 'https://www.spiel-des-jahres.de',
  },
  {
    slug: 'kennerspiel-des-jahres', name: 'Kennerspiel des Jahres',
    description: 'Connoisseur game of the year, awarded since 2011 by the Spiel des Jahres jury to a more demanding game.',
    organization: 'Spiel des Jahres e.V.', website: 'https://www.spiel-des-jahres.de',
  },
  {
    slug: 'kinderspiel-des-jahres', name: 'Kinderspiel des Jahres',
    description: "Children's game of the year, awarded by the Spiel des Jahres association.",
    organization: 'Spiel des Jahres e.V.', website: 'https://www.spiel-des-jahres.de',
  },
  {
    slug: 'deutscher-spiele-preis', name: 'Deutscher Spiele Preis',
    description: 'German game prize decided by a vote of players, retailers and journalists, presented at SPIEL in Essen.',
  },
  {
    slug: 'as-d-or', name: "As d'Or – Jeu de l'Année",
    description: 'French game of the year award presented at the Festival International des Jeux in Cannes.',
    organization: 'Festival International des Jeux de Cannes',
  },
];

const sdj = (game: string, year: number, result: AwardResult = 'won'): AwardResultFact => ({ game, award: 'spiel-des-jahres', year, result });
const kdj = (game: string, year: number, result: AwardResult = 'won'): AwardResultFact => ({ game, award: 'kennerspiel-des-jahres', year, result });
const kids = (game: string, year: number): AwardResultFact => ({ game, award: 'kinderspiel-des-jahres', year, result: 'won' });
const dsp = (game: string, year: number): AwardResultFact => ({ game, award: 'deutscher-spiele-preis', year, result: 'won' });

export const AWARD_RESULTS: readonly AwardResultFact[] = [
  // Spiel des Jahres winners
  sdj('hare-and-tortoise', 1979),
  sdj('catan', 1995),
  sdj('el-grande', 1996),
  sdj('mississippi-queen', 1997),
  sdj('elfenland', 1998),
  sdj('tikal', 1999),
  sdj('torres', 2000),
  sdj('carcassonne', 2001),
  sdj('alhambra', 2003),
  sdj('ticket-to-ride', 2004),
  sdj('niagara', 2005),
  sdj('thurn-and-taxis', 2006),
  sdj('zooloretto', 2007),
  sdj('keltis', 2008),
  sdj('dominion', 2009),
  sdj('dixit', 2010),
  sdj('qwirkle', 2011),
  // The 2008 jury gave Agricola a special prize for complex games, before the Kennerspiel existed.
  { game: 'agricola', award: 'spiel-des-jahres', year: 2008, result: 'won', category: 'Special prize: complex game' },
  // Deutscher Spiele Preis winners (first place)
  dsp('catan', 1995),
  dsp('el-grande', 1996),
  dsp('carcassonne', 2001),
  dsp('puerto-rico', 2002),
  dsp('caylus', 2006),
  dsp('agricola', 2008),
  dsp('dominion', 2009),
  // As d'Or
  { game: 'dixit', award: 'as-d-or', year: 2009, result: 'won' },
];

export { kdj, kids };
