// Alternate names of demo games: localized titles in BCP-47-tagged languages.

export interface AlternateNameFact {
  name: string;
  language: string;
}

export const ALTERNATE_NAMES: Readonly<Record<string, readonly AlternateNameFact[]>> = {
  catan: [
    { name: 'Die Siedler von Catan', language: 'de' },
    { name: 'Les Colons de Catane', language: 'fr' },
    { name: 'Los Colonos de Catán', language: 'es' },
    { name: 'カタン', language: 'ja' },
    { name: '卡坦岛', language: 'zh-Hans' },
    { name: '카탄', language: 'ko' },
    { name: 'Колонизаторы', language: 'ru' },
  ],
  carcassonne: [
    { name: 'カルカソンヌ', language: 'ja' },
    { name: '卡卡颂', language: 'zh-Hans' },
    { name: '카르카손', language: 'ko' },
    { name: 'Каркассон', language: 'ru' },
  ],
  'ticket-to-ride': [
    { name: 'Zug um Zug', language: 'de' },
    { name: 'Les Aventuriers du Rail', language: 'fr' },
    { name: 'チケット・トゥ・ライド', language: 'ja' },
  ],
  'ticket-to-ride-europe': [
    { name: 'Zug um Zug: Europa', language: 'de' },
    { name: 'Les Aventuriers du Rail: Europe', language: 'fr' },
  ],
  pandemic: [
    { name: 'Pandemie', language: 'de' },
    { name: 'Pandémie', language: 'fr' },
    { name: 'パンデミック', language: 'ja' },
    { name: 'Пандемия', language: 'ru' },
    { name: '팬데믹', language: 'ko' },
  ],
  dominion: [
    { name: 'ドミニオン', language: 'ja' },
    { name: 'Доминион', language: 'ru' },
  ],
  agricola: [{ name: 'アグリコラ', language: 'ja' }],
  'puerto-rico': [{ name: 'プエルトリコ', language: 'ja' }],
  'power-grid': [
    { name: 'Funkenschlag', language: 'de' },
    { name: 'Mégawatts', language: 'fr' },
  ],
  'tigris-and-euphrates': [{ name: 'Euphrat & Tigris', language: 'de' }],
  'hare-and-tortoise': [{ name: 'Hase und Igel', language: 'de' }],
  dixit: [
    { name: 'ディクシット', language: 'ja' },
    { name: 'Диксит', language: 'ru' },
  ],
  '7-wonders': [
    { name: '世界の七不思議', language: 'ja' },
    { name: '7 чудес', language: 'ru' },
  ],
  splendor: [{ name: '宝石の煌き', language: 'ja' }],
  'love-letter': [{ name: 'ラブレター', language: 'ja' }],
  codenames: [
    { name: 'コードネーム', language: 'ja' },
    { name: 'Кодовые имена', language: 'ru' },
    { name: '코드네임', language: 'ko' },
  ],
  'terraforming-mars': [
    { name: 'Покорение Марса', language: 'ru' },
    { name: 'テラフォーミング・マーズ', language: 'ja' },
    { name: '殖民火星', language: 'zh-Hans' },
  ],
  azul: [
    { name: 'アズール', language: 'ja' },
    { name: '花砖物语', language: 'zh-Hans' },
  ],
  wingspan: [
    { name: 'Flügelschlag', language: 'de' },
    { name: 'ウイングスパン', language: 'ja' },
    { name: 'Крылья', language: 'ru' },
  ],
  gloomhaven: [{ name: 'Мрачная гавань', language: 'ru' }],
  scythe: [{ name: 'Серп', language: 'ru' }],
  root: [{ name: 'Корни', language: 'ru' }],
  'the-quacks-of-quedlinburg': [{ name: 'Die Quacksalber von Quedlinburg', language: 'de' }],
  'the-crew-the-quest-for-planet-nine': [{ name: 'Die Crew: Reist gemeinsam zum 9. Planeten', language: 'de' }],
  'the-quest-for-el-dorado': [{ name: 'Wettlauf nach El Dorado', language: 'de' }],
  'thats-pretty-clever': [{ name: 'Ganz schön clever', language: 'de' }],
  'legends-of-andor': [{ name: 'Die Legenden von Andor', language: 'de' }],
  'the-castles-of-burgundy': [{ name: 'Die Burgen von Burgund', language: 'de' }],
  'pandemic-legacy-season-1': [{ name: 'Pandemic Legacy: Saison 1', language: 'fr' }],
  'spirit-island': [{ name: 'スピリット・アイランド', language: 'ja' }],
};
