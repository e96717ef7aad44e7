// Game families: loose groupings of related products (SPEC-NOTES §3.2).

export interface FamilyFact {
  slug: string;
  name: string;
  description?: string;
}

export const FAMILIES: readonly FamilyFact[] = [
  { slug: '7-wonders', name: '7 Wonders', description: 'The 7 Wonders card-drafting games and their expansions.' },
  {
    slug: 'arkham-horror-files',
    name: 'Arkham Horror Files',
    description: 'Games set in the Lovecraftian town of Arkham and its shared universe.',
  },
  { slug: 'brass', name: 'Brass', description: 'Industrial Revolution economic games built on the original Brass.' },
  {
    slug: 'carcassonne',
    name: 'Carcassonne',
    description: 'The Carcassonne tile-laying game, its expansions and collections.',
  },
  { slug: 'catan', name: 'Catan', description: 'The Catan base game, its expansions and extensions.' },
  {
    slug: 'codenames',
    name: 'Codenames',
    description: 'Team word- and picture-association games in the Codenames line.',
  },
  { slug: 'dixit', name: 'Dixit', description: 'Dixit and related storytelling picture-card games.' },
  { slug: 'dominion', name: 'Dominion', description: 'The Dominion deck-building game and its expansions.' },
  { slug: 'dune', name: 'Dune', description: 'Games based on the Dune novels.' },
  { slug: 'eclipse', name: 'Eclipse', description: 'The Eclipse space-exploration 4X games.' },
  {
    slug: 'exit-the-game',
    name: 'EXIT: The Game',
    description: 'Single-use escape-room puzzle games in the EXIT series.',
  },
  { slug: 'gloomhaven', name: 'Gloomhaven', description: 'Tactical campaign games set in the world of Gloomhaven.' },
  {
    slug: 'pandemic',
    name: 'Pandemic',
    description: 'Cooperative games built on the Pandemic system, including the Legacy seasons.',
  },
  { slug: 'root', name: 'Root', description: 'The asymmetric woodland war game Root and its expansions.' },
  { slug: 'scythe', name: 'Scythe', description: 'The Scythe engine-building game and its expansions.' },
  {
    slug: 'spirit-island',
    name: 'Spirit Island',
    description: 'The cooperative Spirit Island game, its expansions and its standalone introductory box.',
  },
  {
    slug: 'terraforming-mars',
    name: 'Terraforming Mars',
    description: 'The Terraforming Mars game and its expansions.',
  },
  { slug: 'the-resistance', name: 'The Resistance', description: 'Hidden-role games in The Resistance line.' },
  {
    slug: 'through-the-ages',
    name: 'Through the Ages',
    description: 'Card-driven civilization games by Vlaada Chvátil.',
  },
  {
    slug: 'ticket-to-ride',
    name: 'Ticket to Ride',
    description: 'Train route-building games in the Ticket to Ride line.',
  },
  { slug: 'wingspan', name: 'Wingspan', description: 'The bird-themed engine builder Wingspan and its expansions.' },
];
