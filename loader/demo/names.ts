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
};
