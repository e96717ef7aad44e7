// The search quality set of issue 15: queries a BoardGameGeek user types, on the BGG store
// (bench/bgg-store.ts), each with the BGG id that must appear in the top 3. Where the expected
// game comes from: `dump` = a row of ../shared/data/bgg-csv/boardgames_ranks_2025-12-10.csv
// (BGG id, primary name as on its BGG page); `xml-alt` = an alternate name of that game in the
// XML API2 samples (../shared/data/bgg-xml); `xml-credit` = a designer credited on that game in
// the XML samples (the most popular game crediting that person: the dump carries no people).
// `name` is the game's primary name in the store: the stage fails loudly when an id is missing
// or names another game, so a changed store cannot silently change the set.
//
// Chosen as a user would type them, not for what the engine already finds: lower case, no
// punctuation, articles dropped, common typos (dropped, doubled and swapped letters), the
// names people say ("quacks of quedlinburg", "avalon"), titles in the scripts the samples hold.

export type SearchQueryKind = 'name' | 'partial' | 'typo' | 'script' | 'designer';
export type SearchQuerySource = 'dump' | 'xml-alt' | 'xml-credit';

export interface SearchQuery {
  q: string;
  kind: SearchQueryKind;
  /** BGG id that must be in the top 3. */
  bggId: string;
  /** Its primary name in the store (checked at setup). */
  name: string;
  source: SearchQuerySource;
}

const q = (
  kind: SearchQueryKind,
  text: string,
  bggId: string,
  name: string,
  source: SearchQuerySource = 'dump',
): SearchQuery => ({ q: text, kind, bggId, name, source });

export const SEARCH_QUERIES: readonly SearchQuery[] = [
  // Whole names, as typed.
  q('name', 'catan', '13', 'CATAN'),
  q('name', 'carcassonne', '822', 'Carcassonne'),
  q('name', 'pandemic', '30549', 'Pandemic'),
  q('name', 'wingspan', '266192', 'Wingspan'),
  q('name', 'azul', '230802', 'Azul'),
  q('name', 'codenames', '178900', 'Codenames'),
  q('name', 'root', '237182', 'Root'),
  q('name', 'everdell', '199792', 'Everdell'),
  q('name', 'scythe', '169786', 'Scythe'),
  q('name', 'ark nova', '342942', 'Ark Nova'),
  q('name', 'spirit island', '162886', 'Spirit Island'),
  q('name', 'uno', '2223', 'UNO'),
  q('name', 'chess', '171', 'Chess'),
  q('name', 'risk', '181', 'Risk'),
  q('name', 'monopoly', '1406', 'Monopoly'),
  q('name', 'viticulture', '183394', 'Viticulture Essential Edition'),
  q('name', 'kingdomino', '204583', 'Kingdomino'),
  q('name', 'mysterium', '181304', 'Mysterium'),
  // Partial titles, prefixes and two-word queries.
  q('partial', 'brass', '224517', 'Brass: Birmingham'),
  q('partial', 'gloom', '174430', 'Gloomhaven'),
  q('partial', 'terraform', '167791', 'Terraforming Mars'),
  q('partial', '7 wonders duel', '173346', '7 Wonders Duel'),
  q('partial', 'ticket to ride europe', '14996', 'Ticket to Ride: Europe'),
  q('partial', 'dune imperium', '316554', 'Dune: Imperium'),
  q('partial', 'heat', '366013', 'Heat: Pedal to the Metal'),
  q('partial', 'the crew', '284083', 'The Crew: The Quest for Planet Nine'),
  q('partial', 'castles of burgundy', '84876', 'The Castles of Burgundy'),
  q('partial', 'twilight str', '12333', 'Twilight Struggle'),
  q('partial', 'lords of water', '110327', 'Lords of Waterdeep'),
  q('partial', 'pandemic legacy', '161936', 'Pandemic Legacy: Season 1'),
  q('partial', 'arkham horror card game', '205637', 'Arkham Horror: The Card Game'),
  q('partial', 'arnak', '312484', 'Lost Ruins of Arnak'),
  q('partial', 'great western', '193738', 'Great Western Trail'),
  q('partial', 'mage knight', '96848', 'Mage Knight Board Game'),
  q('partial', 'game of thrones board game', '103343', 'A Game of Thrones: The Board Game (Second Edition)'),
  q('partial', 'star wars rebellion', '187645', 'Star Wars: Rebellion'),
  q('partial', 'jaws of the lion', '291457', 'Gloomhaven: Jaws of the Lion'),
  q('partial', 'robinson crusoe', '121921', 'Robinson Crusoe: Adventures on the Cursed Island'),
  q('partial', 'dead of winter', '150376', 'Dead of Winter: A Crossroads Game'),
  q('partial', 'betrayal house hill', '10547', 'Betrayal at House on the Hill'),
  q('partial', 'quacks of quedlinburg', '244521', 'Quacks'),
  q('partial', 'through the ages', '182028', 'Through the Ages: A New Story of Civilization'),
  q('partial', 'five tribes', '157354', 'Five Tribes: The Djinns of Naqala'),
  q('partial', 'clank', '201808', 'Clank!: A Deck-Building Adventure'),
  q('partial', 'avalon', '128882', 'The Resistance: Avalon'),
  q('partial', 'one night werewolf', '147949', 'One Night Ultimate Werewolf'),
  q('partial', 'tzolkin', '126163', "Tzolk'in: The Mayan Calendar"),
  q('partial', 'orleans', '164928', 'Orléans'),
  // Typos: dropped, doubled, swapped and wrong letters.
  q('typo', 'wingspn', '266192', 'Wingspan'),
  q('typo', 'terraformng mars', '167791', 'Terraforming Mars'),
  q('typo', 'glommhaven', '174430', 'Gloomhaven'),
  q('typo', 'carcasonne', '822', 'Carcassonne'),
  q('typo', 'splender', '148228', 'Splendor'),
  q('typo', 'agricolla', '31260', 'Agricola'),
  q('typo', 'dominon', '36218', 'Dominion'),
  q('typo', 'everdel', '199792', 'Everdell'),
  q('typo', 'brass birmigham', '224517', 'Brass: Birmingham'),
  q('typo', 'small wrold', '40692', 'Small World'),
  q('typo', 'twilight struggel', '12333', 'Twilight Struggle'),
  q('typo', 'kingdomnio', '204583', 'Kingdomino'),
  q('typo', 'codenmes', '178900', 'Codenames'),
  q('typo', 'pandemc', '30549', 'Pandemic'),
  q('typo', 'mysterum', '181304', 'Mysterium'),
  q('typo', 'gloomhavn jaws of the lion', '291457', 'Gloomhaven: Jaws of the Lion'),
  // Other scripts and languages (alternate names in the XML samples).
  q('script', '幽港迷城', '174430', 'Gloomhaven', 'xml-alt'),
  q('script', 'アグリコラ', '31260', 'Agricola', 'xml-alt'),
  q('script', 'Агрикола', '31260', 'Agricola', 'xml-alt'),
  q('script', '兩河流域', '42', 'Tigris & Euphrates', 'xml-alt'),
  q('script', 'Тигр и Евфрат', '42', 'Tigris & Euphrates', 'xml-alt'),
  q('script', 'パンデミックレガシー', '161936', 'Pandemic Legacy: Season 1', 'xml-alt'),
  q('script', '글룸헤이븐', '174430', 'Gloomhaven', 'xml-alt'),
  q('script', 'Самурай', '3', 'Samurai', 'xml-alt'),
  q('script', 'Мрачная Гавань', '174430', 'Gloomhaven', 'xml-alt'),
  q('script', 'テレストレーション', '46213', 'Telestrations', 'xml-alt'),
  q('script', 'euphrat und tigris', '42', 'Tigris & Euphrates', 'xml-alt'),
  q('script', 'looping louie', '327', "Loopin' Louie", 'xml-alt'),
  // Designers (credits in the XML samples).
  q('designer', 'reiner knizia', '42', 'Tigris & Euphrates', 'xml-credit'),
  q('designer', 'knizia', '42', 'Tigris & Euphrates', 'xml-credit'),
  q('designer', 'martin wallace', '28720', 'Brass: Lancashire', 'xml-credit'),
  q('designer', 'rob daviau', '161936', 'Pandemic Legacy: Season 1', 'xml-credit'),
  q('designer', 'matt leacock', '161936', 'Pandemic Legacy: Season 1', 'xml-credit'),
  q('designer', 'uwe rosenberg', '31260', 'Agricola', 'xml-credit'),
  q('designer', 'isaac childres', '174430', 'Gloomhaven', 'xml-credit'),
  q('designer', 'bruno cathala', '232043', 'Queendomino', 'xml-credit'),
  q('designer', 'sid sackson', '5', 'Acquire', 'xml-credit'),
  q('designer', 'jamey stegmaier', '242277', 'Scythe: The Rise of Fenris', 'xml-credit'),
  q('designer', 'touko tahkokallio', '72125', 'Eclipse: New Dawn for the Galaxy', 'xml-credit'),
  q('designer', 'rikki tahta', '131357', 'Coup', 'xml-credit'),
];
