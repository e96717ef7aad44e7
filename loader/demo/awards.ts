// Awards and the results of demo games. Only results we are sure of are listed; each award
// year is the announcement year of the jury.

import type { AwardResult } from '../../engine/index.js';

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
    slug: 'spiel-des-jahres',
    name: 'Spiel des Jahres',
    description: 'German game of the year, awarded by a jury of critics since 1979 to a game for families and friends.',
    organization: 'Spiel des Jahres e.V.',
    website: 'https://www.spiel-des-jahres.de',
  },
  {
    slug: 'kennerspiel-des-jahres',
    name: 'Kennerspiel des Jahres',
    description:
      'Connoisseur game of the year, awarded since 2011 by the Spiel des Jahres jury to a more demanding game.',
    organization: 'Spiel des Jahres e.V.',
    website: 'https://www.spiel-des-jahres.de',
  },
  {
    slug: 'kinderspiel-des-jahres',
    name: 'Kinderspiel des Jahres',
    description: "Children's game of the year, awarded by the Spiel des Jahres association.",
    organization: 'Spiel des Jahres e.V.',
    website: 'https://www.spiel-des-jahres.de',
  },
  {
    slug: 'deutscher-spiele-preis',
    name: 'Deutscher Spiele Preis',
    description:
      'German game prize decided by a vote of players, retailers and journalists, presented at SPIEL in Essen.',
  },
  {
    slug: 'as-d-or',
    name: "As d'Or – Jeu de l'Année",
    description: 'French game of the year award presented at the Festival International des Jeux in Cannes.',
    organization: 'Festival International des Jeux de Cannes',
  },
];

const sdj = (game: string, year: number, result: AwardResult = 'won'): AwardResultFact => ({
  game,
  award: 'spiel-des-jahres',
  year,
  result,
});
const kdj = (game: string, year: number, result: AwardResult = 'won'): AwardResultFact => ({
  game,
  award: 'kennerspiel-des-jahres',
  year,
  result,
});
const kids = (game: string, year: number): AwardResultFact => ({
  game,
  award: 'kinderspiel-des-jahres',
  year,
  result: 'won',
});
const dsp = (game: string, year: number): AwardResultFact => ({
  game,
  award: 'deutscher-spiele-preis',
  year,
  result: 'won',
});

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
  sdj('kingdom-builder', 2012),
  sdj('hanabi', 2013),
  sdj('camel-up', 2014),
  sdj('colt-express', 2015),
  sdj('codenames', 2016),
  sdj('kingdomino', 2017),
  sdj('azul', 2018),
  sdj('just-one', 2019),
  sdj('pictures', 2020),
  sdj('micromacro-crime-city', 2021),
  sdj('cascadia', 2022),
  sdj('dorfromantik-the-board-game', 2023),
  sdj('sky-team', 2024),
  // Spiel des Jahres nominations
  sdj('pandemic', 2009, 'nominated'),
  sdj('forbidden-island', 2011, 'nominated'),
  sdj('qwixx', 2013, 'nominated'),
  sdj('splendor', 2014, 'nominated'),
  sdj('concept', 2014, 'nominated'),
  sdj('machi-koro', 2015, 'nominated'),
  sdj('the-game', 2015, 'nominated'),
  sdj('imhotep', 2016, 'nominated'),
  sdj('karuba', 2016, 'nominated'),
  sdj('magic-maze', 2017, 'nominated'),
  sdj('the-quest-for-el-dorado', 2017, 'nominated'),
  sdj('the-mind', 2018, 'nominated'),
  sdj('lama', 2019, 'nominated'),
  sdj('nova-luna', 2020, 'nominated'),
  sdj('my-city', 2020, 'nominated'),
  sdj('the-adventures-of-robin-hood', 2021, 'nominated'),
  sdj('top-ten', 2022, 'nominated'),
  sdj('scout', 2022, 'nominated'),
  sdj('next-station-london', 2023, 'nominated'),
  // Kennerspiel des Jahres winners and nominations
  kdj('7-wonders', 2011),
  kdj('village', 2012),
  kdj('legends-of-andor', 2013),
  kdj('istanbul', 2014),
  kdj('concordia', 2014, 'nominated'),
  kdj('broom-service', 2015),
  kdj('orleans', 2015, 'nominated'),
  kdj('isle-of-skye', 2016),
  kdj('pandemic-legacy-season-1', 2016, 'nominated'),
  kdj('exit-the-abandoned-cabin', 2017),
  kdj('raiders-of-the-north-sea', 2017, 'nominated'),
  kdj('terraforming-mars', 2017, 'nominated'),
  kdj('the-quacks-of-quedlinburg', 2018),
  kdj('thats-pretty-clever', 2018, 'nominated'),
  kdj('wingspan', 2019),
  kdj('the-crew-the-quest-for-planet-nine', 2020),
  kdj('cartographers', 2020, 'nominated'),
  kdj('the-kings-dilemma', 2020, 'nominated'),
  kdj('paleo', 2021),
  kdj('lost-ruins-of-arnak', 2021, 'nominated'),
  kdj('fantasy-realms', 2021, 'nominated'),
  kdj('living-forest', 2022),
  kdj('dune-imperium', 2022, 'nominated'),
  kdj('challengers', 2023),
  // Kinderspiel des Jahres winners
  kids('stone-age-junior', 2016),
  kids('ice-cool', 2017),
  kids('valley-of-the-vikings', 2019),
  kids('dragomino', 2021),
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
  dsp('7-wonders', 2011),
  dsp('village', 2012),
  dsp('terra-mystica', 2013),
  dsp('russian-railroads', 2014),
  dsp('orleans', 2015),
  dsp('great-western-trail', 2017),
  dsp('gaia-project', 2018),
  dsp('wingspan', 2019),
  dsp('the-crew-the-quest-for-planet-nine', 2020),
  dsp('lost-ruins-of-arnak', 2021),
  dsp('ark-nova', 2022),
  // As d'Or
  { game: 'dixit', award: 'as-d-or', year: 2009, result: 'won' },
  { game: '7-wonders', award: 'as-d-or', year: 2011, result: 'won' },
];
