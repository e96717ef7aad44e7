// Synthetic, ASCII-only names for games, people and publishers (the SQL methods sort any
// name as the engine does: sql-sort-names.ts re-encodes its key for byte order). Some
// names start with an article and some repeat, so the `name` sort strips "the/a/an" and
// breaks real ties by id.

import type { Random } from './random.js';

const ADJECTIVES = [
  'Lost',
  'Crimson',
  'Hidden',
  'Golden',
  'Silent',
  'Iron',
  'Forgotten',
  'Eternal',
  'Broken',
  'Wild',
  'Ancient',
  'Burning',
  'Frozen',
  'Shattered',
  'Sunken',
  'Emerald',
  'Black',
  'Twin',
  'Little',
  'Grand',
  'Royal',
  'Savage',
  'Clockwork',
  'Haunted',
  'Brave',
  'Cursed',
  'Distant',
  'Endless',
  'First',
  'Last',
];
const NOUNS = [
  'Castle',
  'Empire',
  'Harbor',
  'Kingdom',
  'Forest',
  'Tower',
  'Dragon',
  'Island',
  'Crown',
  'Garden',
  'Railway',
  'Colony',
  'Voyage',
  'Citadel',
  'Market',
  'Galaxy',
  'Expedition',
  'Dynasty',
  'Temple',
  'Frontier',
  'Labyrinth',
  'Orchard',
  'Canal',
  'Fleet',
  'Oracle',
  'Reef',
  'Caravan',
  'Vault',
  'Monastery',
  'Workshop',
  'Summit',
  'Festival',
  'Cartel',
  'Armada',
  'Heist',
  'Village',
  'Tavern',
  'Observatory',
  'Mine',
  'Bazaar',
];
const PLACES = [
  'Avalon',
  'Carthage',
  'Venice',
  'Kyoto',
  'Atlantis',
  'Mars',
  'Babylon',
  'Samarkand',
  'Eldoria',
  'Nova Terra',
  'the North',
  'the Deep',
  'the Stars',
  'the Desert',
  'the Ancients',
  'Catan Bay',
  'Old York',
  'Ravenmoor',
];
const SUBTITLES = ['Second Edition', 'Deluxe', 'The Card Game', 'The Dice Game', 'Legacy', 'Big Box', 'Duel', 'Rising'];
const FIRST = [
  'Anna',
  'Bruno',
  'Carla',
  'Dirk',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Karin',
  'Luca',
  'Mara',
  'Nils',
  'Olga',
  'Paul',
  'Rosa',
  'Stefan',
  'Tara',
  'Uwe',
  'Vera',
  'Wolfgang',
  'Yuki',
  'Zoe',
];
const LAST = [
  'Becker',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hoffmann',
  'Ito',
  'Jensen',
  'Kramer',
  'Lopez',
  'Moreau',
  'Novak',
  'Olsen',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Urban',
  'Vogel',
  'Weber',
  'Young',
  'Zimmer',
  'Andersen',
  'Bauer',
  'Chen',
  'Silva',
  'Kim',
  'Walsh',
];
const PUBLISHER_SUFFIXES = ['Games', 'Spiele', 'Studio', 'Publishing', 'Entertainment', 'Editions', 'Workshop'];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random.next() * items.length)];
}

export function gameName(random: Random): string {
  const adjective = pick(random, ADJECTIVES);
  const noun = pick(random, NOUNS);
  const roll = random.next();
  if (roll < 0.2) return `The ${adjective} ${noun}`;
  if (roll < 0.4) return `${noun} of ${pick(random, PLACES)}`;
  if (roll < 0.5) return `${adjective} ${noun}: ${pick(random, SUBTITLES)}`;
  if (roll < 0.55) return `A ${noun} in ${pick(random, PLACES)}`;
  if (roll < 0.6) return `An ${adjective} ${noun}`;
  if (roll < 0.65) return `${noun} & ${pick(random, NOUNS)}`;
  if (roll < 0.7) return `${noun} ${random.int(2, 9)}`;
  return `${adjective} ${noun}`;
}

/** Lowercase, hyphen-separated slug of an ASCII name. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Person i's name, a pure function of i so queries can name designers without the store. */
export function personName(i: number): string {
  return `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
}

/** Unique slug of person i (the index suffix keeps repeated names apart). */
export function personSlug(i: number): string {
  return `${slugify(personName(i))}-${i}`;
}

export function publisherName(i: number): string {
  return `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${
    PUBLISHER_SUFFIXES[i % PUBLISHER_SUFFIXES.length]
  }`;
}
