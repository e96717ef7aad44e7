// Expansion families: the expansion products (each a game with a `parent`), how each one
// changes its base game's effective properties, and explicit combinations for popular sets.
// Player-count changes are publisher facts; weight and play-time effects are editorial
// estimates in the same illustrative spirit as the statistics (see docs/demo-catalog.md).
// Spirit Island's values follow the OpenTabletop samples (CC-BY-4.0, see NOTICE).

import type { CombinationFact, GameFact, ModificationFact } from './types.js';

export const EXPANSIONS: readonly GameFact[] = [
  // Spirit Island (OpenTabletop sample family)
  {
    slug: 'spirit-island-branch-and-claw', name: 'Spirit Island: Branch & Claw', type: 'expansion', parent: 'spirit-island',
    year: 2017, players: [1, 4], time: [90, 120], age: 13, mode: 'cooperative',
    designers: ['R. Eric Reuss'], publishers: ['greater-than-games'], families: ['spirit-island'],
    mechanics: ['cooperative', 'events', 'variable-player-powers'], themes: ['fantasy', 'nature'],
    description: 'The first Spirit Island expansion, adding an event deck, beast, wilds, disease and strife tokens, two spirits and new power cards.',
    hint: { weight: 4.01, rating: 8.52, votes: 8420, language: 'moderate_text' },
  },
  {
    slug: 'spirit-island-promo-pack-1', name: 'Spirit Island: Promo Pack 1', type: 'promo', parent: 'spirit-island',
    year: 2018, mode: 'cooperative', designers: ['R. Eric Reuss'], publishers: ['greater-than-games'], families: ['spirit-island'],
    description: 'Promotional spirits for Spirit Island.',
    hint: { weight: 3.9, rating: 7.42, votes: 890, language: 'moderate_text' },
  },
  {
    slug: 'spirit-island-jagged-earth', name: 'Spirit Island: Jagged Earth', type: 'expansion', parent: 'spirit-island',
    year: 2020, players: [1, 6], age: 13, mode: 'cooperative',
    designers: ['R. Eric Reuss'], publishers: ['greater-than-games'], families: ['spirit-island'],
    mechanics: ['cooperative', 'variable-player-powers'], themes: ['fantasy', 'nature'],
    description: 'A large Spirit Island expansion with ten new spirits, two adversaries, badlands tokens and support for five and six players.',
    hint: { weight: 4.12, rating: 8.71, votes: 5840, language: 'moderate_text' },
  },
  {
    slug: 'spirit-island-promo-pack-2', name: 'Spirit Island: Promo Pack 2', type: 'promo', parent: 'spirit-island',
    year: 2020, mode: 'cooperative', designers: ['R. Eric Reuss'], publishers: ['greater-than-games'], families: ['spirit-island'],
    description: 'Two further promotional spirits for Spirit Island.',
    hint: { weight: 3.9, rating: 7.38, votes: 620, language: 'moderate_text' },
  },
  {
    slug: 'spirit-island-horizons', name: 'Horizons of Spirit Island', type: 'standalone_expansion', parent: 'spirit-island',
    year: 2022, players: [1, 3], mode: 'cooperative',
    designers: ['R. Eric Reuss'], publishers: ['greater-than-games'], families: ['spirit-island'],
    mechanics: ['cooperative', 'variable-player-powers', 'hand-management'], categories: ['cooperative-game'], themes: ['fantasy', 'nature'],
    description: 'A standalone introductory box with five new spirits that can also be mixed into the full game.',
    hint: { weight: 2.84, rating: 7.89, votes: 3210, language: 'moderate_text' },
  },
  {
    slug: 'spirit-island-nature-incarnate', name: 'Spirit Island: Nature Incarnate', type: 'expansion', parent: 'spirit-island',
    year: 2023, players: [1, 6], mode: 'cooperative',
    designers: ['R. Eric Reuss'], publishers: ['greater-than-games'], families: ['spirit-island'],
    mechanics: ['cooperative', 'variable-player-powers'], themes: ['fantasy', 'nature'],
    description: 'The third large Spirit Island expansion, with eight new spirits, aspects for existing spirits and incarna.',
    hint: { weight: 4.18, rating: 8.65, votes: 2150, language: 'moderate_text' },
  },
  // Catan
  {
    slug: 'catan-5-6-player-extension', name: 'Catan: 5-6 Player Extension', type: 'expansion', parent: 'catan',
    players: [5, 6], mode: 'competitive', designers: ['Klaus Teuber'], publishers: ['kosmos'], families: ['catan'],
    description: 'Extra pieces and frame parts that let five or six players settle Catan.',
    hint: { weight: 2.3, rating: 7.0, votes: 14000, language: 'some_text' },
  },
  {
    slug: 'catan-seafarers', name: 'Catan: Seafarers', type: 'expansion', parent: 'catan',
    year: 1997, players: [3, 4], mode: 'competitive', designers: ['Klaus Teuber'], publishers: ['kosmos'], families: ['catan'],
    mechanics: ['map-exploration', 'modular-board'], themes: ['nautical', 'exploration'],
    description: 'Adds ships, sea routes and islands to Catan, with a set of scenarios for exploring beyond the main island.',
    hint: { weight: 2.5, rating: 7.2, votes: 16000, language: 'some_text' },
  },
  {
    slug: 'catan-cities-and-knights', name: 'Catan: Cities & Knights', type: 'expansion', parent: 'catan',
    year: 1998, players: [3, 4], mode: 'competitive', designers: ['Klaus Teuber'], publishers: ['kosmos'], families: ['catan'],
    mechanics: ['tech-tree', 'events'], themes: ['medieval'],
    description: 'Adds commodities, city improvements, knights and barbarian attacks that the players must defend against together.',
    hint: { weight: 2.9, rating: 7.6, votes: 20000, language: 'some_text' },
  },
  {
    slug: 'catan-seafarers-5-6-player-extension', name: 'Catan: Seafarers – 5-6 Player Extension', type: 'expansion', parent: 'catan',
    players: [5, 6], mode: 'competitive', designers: ['Klaus Teuber'], publishers: ['kosmos'], families: ['catan'],
    description: 'Extra pieces that extend Seafarers to five or six players.',
    hint: { weight: 2.5, rating: 7.1, votes: 4000, language: 'some_text' },
  },
  {
    slug: 'catan-cities-and-knights-5-6-player-extension', name: 'Catan: Cities & Knights – 5-6 Player Extension', type: 'expansion', parent: 'catan',
    players: [5, 6], mode: 'competitive', designers: ['Klaus Teuber'], publishers: ['kosmos'], families: ['catan'],
    description: 'Extra pieces that extend Cities & Knights to five or six players.',
    hint: { weight: 2.9, rating: 7.4, votes: 4500, language: 'some_text' },
  },
  // Terraforming Mars
  {
    slug: 'terraforming-mars-venus-next', name: 'Terraforming Mars: Venus Next', type: 'expansion', parent: 'terraforming-mars',
    year: 2017, players: [1, 5], mode: 'competitive', publishers: ['fryxgames'], families: ['terraforming-mars'],
    themes: ['space'],
    description: 'Adds the terraforming of Venus as a new global parameter, with its own board, cards and corporations.',
    hint: { weight: 3.3, rating: 8.0, votes: 15000, language: 'moderate_text' },
  },
  {
    slug: 'terraforming-mars-hellas-and-elysium', name: 'Terraforming Mars: Hellas & Elysium', type: 'expansion', parent: 'terraforming-mars',
    year: 2017, players: [1, 5], mode: 'competitive', publishers: ['fryxgames'], families: ['terraforming-mars'],
    themes: ['space'],
    description: 'A double-sided board with two new regions of Mars, each with its own milestones and awards.',
    hint: { weight: 3.2, rating: 8.0, votes: 12000, language: 'moderate_text' },
  },
  {
    slug: 'terraforming-mars-prelude', name: 'Terraforming Mars: Prelude', type: 'expansion', parent: 'terraforming-mars',
    year: 2018, players: [1, 5], mode: 'competitive', publishers: ['fryxgames'], families: ['terraforming-mars'],
    themes: ['space'],
    description: 'Prelude cards give each corporation a strong start, which shortens the game.',
    hint: { weight: 3.2, rating: 8.3, votes: 20000, language: 'moderate_text' },
  },
  {
    slug: 'terraforming-mars-the-colonies', name: 'Terraforming Mars: The Colonies', type: 'expansion', parent: 'terraforming-mars',
    year: 2018, players: [1, 5], mode: 'competitive', publishers: ['fryxgames'], families: ['terraforming-mars'],
    themes: ['space'],
    description: 'Adds colony tiles around the solar system for trade fleets and colonies, plus new cards and corporations.',
    hint: { weight: 3.3, rating: 8.2, votes: 14000, language: 'moderate_text' },
  },
  {
    slug: 'terraforming-mars-turmoil', name: 'Terraforming Mars: Turmoil', type: 'expansion', parent: 'terraforming-mars',
    year: 2019, players: [1, 5], mode: 'competitive', publishers: ['fryxgames'], families: ['terraforming-mars'],
    mechanics: ['voting', 'events'], themes: ['space', 'politics'],
    description: 'Adds a terraforming committee of political parties and global events that change the rules from generation to generation.',
    hint: { weight: 3.5, rating: 8.1, votes: 9000, language: 'moderate_text' },
  },
  // Carcassonne
  {
    slug: 'carcassonne-inns-and-cathedrals', name: 'Carcassonne: Inns & Cathedrals', type: 'expansion', parent: 'carcassonne',
    year: 2002, players: [2, 6], mode: 'competitive', designers: ['Klaus-Jürgen Wrede'], publishers: ['hans-im-gluck'], families: ['carcassonne'],
    mechanics: ['tile-placement'], themes: ['medieval'],
    description: 'Adds inns, cathedrals, large followers and pieces for a sixth player.',
    hint: { weight: 1.9, rating: 7.5, votes: 22000, language: 'no_text' },
  },
  {
    slug: 'carcassonne-traders-and-builders', name: 'Carcassonne: Traders & Builders', type: 'expansion', parent: 'carcassonne',
    year: 2003, players: [2, 6], mode: 'competitive', designers: ['Klaus-Jürgen Wrede'], publishers: ['hans-im-gluck'], families: ['carcassonne'],
    mechanics: ['tile-placement', 'set-collection'], themes: ['medieval', 'trade'],
    description: 'Adds goods tokens in cities, the builder for extra turns and the pig for richer farms.',
    hint: { weight: 2.1, rating: 7.5, votes: 18000, language: 'no_text' },
  },
  {
    slug: 'carcassonne-big-box', name: 'Carcassonne: Big Box', players: [2, 6], mode: 'competitive',
    designers: ['Klaus-Jürgen Wrede'], publishers: ['hans-im-gluck'], families: ['carcassonne'],
    mechanics: ['tile-placement', 'area-control', 'map-addition'], categories: ['family', 'tile-laying-game'], themes: ['medieval'],
    description: 'A collection box holding Carcassonne together with several of its expansions, among them Inns & Cathedrals and Traders & Builders.',
    hint: { weight: 2.0, rating: 7.9, votes: 9000, language: 'no_text' },
  },
  // Wingspan
  {
    slug: 'wingspan-european-expansion', name: 'Wingspan: European Expansion', type: 'expansion', parent: 'wingspan',
    year: 2019, players: [1, 5], mode: 'competitive', designers: ['Elizabeth Hargrave'], publishers: ['stonemaier-games'], families: ['wingspan'],
    themes: ['animals', 'nature'],
    description: 'Adds birds of Europe with new powers, including round-end powers, and new bonus cards.',
    hint: { weight: 2.5, rating: 8.1, votes: 16000, language: 'moderate_text' },
  },
  {
    slug: 'wingspan-oceania-expansion', name: 'Wingspan: Oceania Expansion', type: 'expansion', parent: 'wingspan',
    year: 2020, players: [1, 5], mode: 'competitive', designers: ['Elizabeth Hargrave'], publishers: ['stonemaier-games'], families: ['wingspan'],
    themes: ['animals', 'nature'],
    description: 'Adds birds of Oceania, nectar as a new food, and new player mats.',
    hint: { weight: 2.6, rating: 8.3, votes: 13000, language: 'moderate_text' },
  },
  {
    slug: 'wingspan-asia', name: 'Wingspan Asia', type: 'standalone_expansion', parent: 'wingspan',
    year: 2022, players: [1, 2], mode: 'competitive', publishers: ['stonemaier-games'], families: ['wingspan'],
    themes: ['animals', 'nature'],
    description: 'A standalone set of Asian birds with a two-player duet mode that can also combine with Wingspan for larger games.',
    hint: { weight: 2.5, rating: 8.1, votes: 5000, language: 'moderate_text' },
  },
  // Scythe
  {
    slug: 'scythe-invaders-from-afar', name: 'Scythe: Invaders from Afar', type: 'expansion', parent: 'scythe',
    year: 2016, players: [1, 7], mode: 'competitive', designers: ['Jamey Stegmaier'], publishers: ['stonemaier-games'], families: ['scythe'],
    themes: ['steampunk'],
    description: 'Adds two new factions and pieces for a sixth and seventh player.',
    hint: { weight: 3.4, rating: 8.3, votes: 14000, language: 'some_text' },
  },
  {
    slug: 'scythe-the-wind-gambit', name: 'Scythe: The Wind Gambit', type: 'expansion', parent: 'scythe',
    year: 2017, mode: 'competitive', publishers: ['stonemaier-games'], families: ['scythe'],
    themes: ['steampunk'],
    description: 'Adds airships with abilities and resolution tiles that change how the game ends.',
    hint: { weight: 3.4, rating: 8.0, votes: 9000, language: 'some_text' },
  },
  {
    slug: 'scythe-the-rise-of-fenris', name: 'Scythe: The Rise of Fenris', type: 'expansion', parent: 'scythe',
    year: 2018, mode: 'competitive', publishers: ['stonemaier-games'], families: ['scythe'],
    mechanics: ['campaign'], themes: ['steampunk'],
    description: 'A campaign expansion of eight linked episodes followed by a set of modules for regular games.',
    hint: { weight: 3.5, rating: 8.5, votes: 7000, language: 'moderate_text' },
  },
  // Pandemic
  {
    slug: 'pandemic-on-the-brink', name: 'Pandemic: On the Brink', type: 'expansion', parent: 'pandemic',
    year: 2009, players: [2, 5], mode: 'cooperative', designers: ['Matt Leacock', 'Thomas Lehmann'], publishers: ['z-man-games'], families: ['pandemic'],
    themes: ['medicine'],
    description: 'Adds new roles and events, challenges such as virulent strains and a bio-terrorist, and a fifth player.',
    hint: { weight: 2.6, rating: 7.6, votes: 16000, language: 'some_text' },
  },
  {
    slug: 'pandemic-in-the-lab', name: 'Pandemic: In the Lab', type: 'expansion', parent: 'pandemic',
    year: 2013, players: [1, 5], mode: 'cooperative', designers: ['Matt Leacock', 'Thomas Lehmann'], publishers: ['z-man-games'], families: ['pandemic'],
    themes: ['medicine'],
    description: 'Adds a laboratory board on which diseases must be sequenced before they can be cured.',
    hint: { weight: 2.7, rating: 7.5, votes: 7000, language: 'some_text' },
  },
  {
    slug: 'pandemic-state-of-emergency', name: 'Pandemic: State of Emergency', type: 'expansion', parent: 'pandemic',
    year: 2015, players: [2, 5], mode: 'cooperative', designers: ['Matt Leacock', 'Thomas Lehmann'], publishers: ['z-man-games'], families: ['pandemic'],
    themes: ['medicine'],
    description: 'Adds zoonotic diseases spread by animals, hazmat challenges and emergency events.',
    hint: { weight: 2.6, rating: 7.5, votes: 5000, language: 'some_text' },
  },
  // Dominion
  {
    slug: 'dominion-intrigue', name: 'Dominion: Intrigue', type: 'standalone_expansion', parent: 'dominion',
    year: 2009, players: [2, 4], time: [30, 30], age: 13, mode: 'competitive',
    designers: ['Donald X. Vaccarino'], publishers: ['rio-grande-games'], families: ['dominion'],
    mechanics: ['deck-building', 'hand-management'], categories: ['deck-builder'], themes: ['medieval'],
    description: 'A standalone Dominion set with choice-heavy and interactive kingdom cards that can also be combined with the base game.',
    hint: { weight: 2.5, rating: 7.7, votes: 30000, language: 'moderate_text' },
  },
  {
    slug: 'dominion-seaside', name: 'Dominion: Seaside', type: 'expansion', parent: 'dominion',
    year: 2009, players: [2, 4], mode: 'competitive', designers: ['Donald X. Vaccarino'], publishers: ['rio-grande-games'], families: ['dominion'],
    mechanics: ['deck-building'], themes: ['nautical'],
    description: 'Adds duration cards whose effects carry over into the next turn.',
    hint: { weight: 2.5, rating: 7.9, votes: 22000, language: 'moderate_text' },
  },
  {
    slug: 'dominion-prosperity', name: 'Dominion: Prosperity', type: 'expansion', parent: 'dominion',
    year: 2010, players: [2, 4], mode: 'competitive', designers: ['Donald X. Vaccarino'], publishers: ['rio-grande-games'], families: ['dominion'],
    mechanics: ['deck-building'], themes: ['trade'],
    description: 'Adds expensive kingdom cards, platinum and colonies for bigger, richer games.',
    hint: { weight: 2.6, rating: 7.9, votes: 18000, language: 'moderate_text' },
  },
  // 7 Wonders
  {
    slug: '7-wonders-leaders', name: '7 Wonders: Leaders', type: 'expansion', parent: '7-wonders',
    year: 2011, players: [2, 7], mode: 'competitive', designers: ['Antoine Bauza'], publishers: ['repos-production'], families: ['7-wonders'],
    themes: ['ancient-history'],
    description: 'Adds leader cards drafted before the first age that grant each city a historical figure.',
    hint: { weight: 2.4, rating: 7.8, votes: 15000, language: 'some_text' },
  },
  {
    slug: '7-wonders-cities', name: '7 Wonders: Cities', type: 'expansion', parent: '7-wonders',
    year: 2012, players: [2, 8], mode: 'competitive', designers: ['Antoine Bauza'], publishers: ['repos-production'], families: ['7-wonders'],
    themes: ['ancient-history'],
    description: 'Adds black city cards with diplomacy and debt, a team variant and an eighth player.',
    hint: { weight: 2.4, rating: 7.8, votes: 12000, language: 'some_text' },
  },
  {
    slug: '7-wonders-armada', name: '7 Wonders: Armada', type: 'expansion', parent: '7-wonders',
    year: 2018, players: [2, 7], mode: 'competitive', designers: ['Antoine Bauza'], publishers: ['repos-production'], families: ['7-wonders'],
    themes: ['ancient-history', 'nautical'],
    description: 'Adds shipyards and fleets sailing on four coloured tracks, naval conflicts and islands to explore.',
    hint: { weight: 2.6, rating: 7.9, votes: 5000, language: 'some_text' },
  },
  // Root
  {
    slug: 'root-the-riverfolk-expansion', name: 'Root: The Riverfolk Expansion', type: 'expansion', parent: 'root',
    year: 2018, players: [1, 6], mode: 'competitive', designers: ['Cole Wehrle'], artists: ['Kyle Ferrin'], publishers: ['leder-games'], families: ['root'],
    themes: ['animals'],
    description: 'Adds two factions, a second vagabond and automated opponents, supporting up to six players.',
    hint: { weight: 3.8, rating: 8.4, votes: 12000, language: 'some_text' },
  },
  {
    slug: 'root-the-underworld-expansion', name: 'Root: The Underworld Expansion', type: 'expansion', parent: 'root',
    year: 2020, players: [2, 6], mode: 'competitive', designers: ['Cole Wehrle'], artists: ['Kyle Ferrin'], publishers: ['leder-games'], families: ['root'],
    themes: ['animals'],
    description: 'Adds the Underground Duchy and the Corvid Conspiracy factions and two new maps.',
    hint: { weight: 3.9, rating: 8.5, votes: 7000, language: 'some_text' },
  },
];

export const MODIFICATIONS: readonly ModificationFact[] = [
  // Spirit Island: the per-expansion effects of the OpenTabletop effective-properties example.
  { expansion: 'spirit-island-branch-and-claw', property: 'weight', operation: 'add', value: 0.16 },
  { expansion: 'spirit-island-branch-and-claw', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'spirit-island-jagged-earth', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'spirit-island-jagged-earth', property: 'weight', operation: 'add', value: 0.21 },
  { expansion: 'spirit-island-jagged-earth', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'spirit-island-jagged-earth', property: 'top_at', operation: 'add', value: [3] },
  { expansion: 'spirit-island-jagged-earth', property: 'recommended_at', operation: 'add', value: [4, 5] },
  { expansion: 'spirit-island-nature-incarnate', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'spirit-island-nature-incarnate', property: 'weight', operation: 'add', value: 0.26 },
  { expansion: 'spirit-island-nature-incarnate', property: 'min_playtime', operation: 'add', value: 30 },
  { expansion: 'spirit-island-nature-incarnate', property: 'max_playtime', operation: 'add', value: 60 },
  // Catan
  { expansion: 'catan-5-6-player-extension', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'catan-5-6-player-extension', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'catan-5-6-player-extension', property: 'recommended_at', operation: 'add', value: [5] },
  { expansion: 'catan-seafarers', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'catan-seafarers', property: 'weight', operation: 'multiply', value: 1.1 },
  { expansion: 'catan-cities-and-knights', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'catan-cities-and-knights', property: 'weight', operation: 'multiply', value: 1.2 },
  { expansion: 'catan-seafarers-5-6-player-extension', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'catan-cities-and-knights-5-6-player-extension', property: 'max_players', operation: 'set', value: 6 },
  // Terraforming Mars
  { expansion: 'terraforming-mars-venus-next', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'terraforming-mars-venus-next', property: 'weight', operation: 'add', value: 0.1 },
  { expansion: 'terraforming-mars-prelude', property: 'max_playtime', operation: 'add', value: -20 },
  { expansion: 'terraforming-mars-the-colonies', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'terraforming-mars-turmoil', property: 'max_playtime', operation: 'add', value: 30 },
  { expansion: 'terraforming-mars-turmoil', property: 'weight', operation: 'multiply', value: 1.08 },
  // Carcassonne
  { expansion: 'carcassonne-inns-and-cathedrals', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'carcassonne-inns-and-cathedrals', property: 'max_playtime', operation: 'add', value: 15 },
  { expansion: 'carcassonne-traders-and-builders', property: 'max_playtime', operation: 'add', value: 15 },
  { expansion: 'carcassonne-traders-and-builders', property: 'weight', operation: 'add', value: 0.2 },
  // Wingspan
  { expansion: 'wingspan-european-expansion', property: 'weight', operation: 'add', value: 0.05 },
  { expansion: 'wingspan-oceania-expansion', property: 'weight', operation: 'add', value: 0.1 },
  { expansion: 'wingspan-oceania-expansion', property: 'max_playtime', operation: 'add', value: 10 },
  { expansion: 'wingspan-asia', property: 'max_players', operation: 'set', value: 7 },
  // Scythe (after the worked example in SPEC-NOTES §6.4)
  { expansion: 'scythe-invaders-from-afar', property: 'max_players', operation: 'set', value: 7 },
  { expansion: 'scythe-invaders-from-afar', property: 'max_playtime', operation: 'set', value: 140 },
  { expansion: 'scythe-the-wind-gambit', property: 'weight', operation: 'set', value: 3.41 },
  { expansion: 'scythe-the-rise-of-fenris', property: 'weight', operation: 'set', value: 3.42 },
  { expansion: 'scythe-the-rise-of-fenris', property: 'max_playtime', operation: 'set', value: 150 },
  // Pandemic
  { expansion: 'pandemic-on-the-brink', property: 'max_players', operation: 'set', value: 5 },
  { expansion: 'pandemic-on-the-brink', property: 'weight', operation: 'multiply', value: 1.1 },
  { expansion: 'pandemic-in-the-lab', property: 'weight', operation: 'add', value: 0.15 },
  { expansion: 'pandemic-state-of-emergency', property: 'max_playtime', operation: 'add', value: 15 },
  // Dominion
  { expansion: 'dominion-intrigue', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'dominion-seaside', property: 'weight', operation: 'add', value: 0.1 },
  { expansion: 'dominion-prosperity', property: 'weight', operation: 'add', value: 0.15 },
  { expansion: 'dominion-prosperity', property: 'max_playtime', operation: 'add', value: 15 },
  // 7 Wonders
  { expansion: '7-wonders-leaders', property: 'weight', operation: 'add', value: 0.15 },
  { expansion: '7-wonders-leaders', property: 'max_playtime', operation: 'add', value: 10 },
  { expansion: '7-wonders-cities', property: 'max_players', operation: 'set', value: 8 },
  { expansion: '7-wonders-cities', property: 'max_playtime', operation: 'add', value: 10 },
  { expansion: '7-wonders-armada', property: 'max_playtime', operation: 'add', value: 15 },
  { expansion: '7-wonders-armada', property: 'weight', operation: 'multiply', value: 1.05 },
  // Root
  { expansion: 'root-the-riverfolk-expansion', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'root-the-underworld-expansion', property: 'max_players', operation: 'set', value: 6 },
  { expansion: 'root-the-underworld-expansion', property: 'weight', operation: 'multiply', value: 1.05 },
];

export const COMBINATIONS: readonly CombinationFact[] = [
  // The OpenTabletop examples; recommended_at includes the top counts (both are "rated above a
  // threshold", and the top threshold is the higher one).
  // Jagged Earth alone: players and play time follow Jagged Earth's effect in the OpenTabletop
  // example (max players 6, +30 minutes, weight +0.21 on the base 3.86); top_at is editorial
  // and narrower than what the modifications compute, as the records with Branch & Claw are.
  {
    base: 'spirit-island', expansions: ['spirit-island-jagged-earth'],
    min_players: 1, max_players: 6, min_playtime: 90, max_playtime: 150, weight: 4.07,
    top_at: [2, 3], recommended_at: [1, 2, 3, 4, 5],
  },
  {
    base: 'spirit-island', expansions: ['spirit-island-branch-and-claw', 'spirit-island-jagged-earth'],
    min_players: 1, max_players: 6, min_playtime: 90, max_playtime: 180, weight: 4.12,
    top_at: [2, 3], recommended_at: [1, 2, 3, 4, 5],
  },
  {
    base: 'spirit-island', expansions: ['spirit-island-branch-and-claw', 'spirit-island-jagged-earth', 'spirit-island-nature-incarnate'],
    min_players: 1, max_players: 6, min_playtime: 120, max_playtime: 180, weight: 4.35,
    top_at: [2, 3, 4], recommended_at: [1, 2, 3, 4, 5],
  },
  {
    base: 'catan', expansions: ['catan-5-6-player-extension', 'catan-seafarers', 'catan-seafarers-5-6-player-extension'],
    min_players: 3, max_players: 6, min_playtime: 90, max_playtime: 180, weight: 2.6,
    top_at: [4], recommended_at: [3, 4, 5, 6],
  },
  {
    base: 'terraforming-mars', expansions: ['terraforming-mars-prelude', 'terraforming-mars-venus-next', 'terraforming-mars-the-colonies'],
    min_players: 1, max_players: 5, min_playtime: 120, max_playtime: 180, weight: 3.4,
    top_at: [3], recommended_at: [2, 3, 4],
  },
  {
    base: 'scythe', expansions: ['scythe-invaders-from-afar', 'scythe-the-wind-gambit', 'scythe-the-rise-of-fenris'],
    min_players: 1, max_players: 7, min_playtime: 90, max_playtime: 150, weight: 3.5, min_age: 14,
    top_at: [4, 5], recommended_at: [2, 3, 4, 5, 6],
  },
];
