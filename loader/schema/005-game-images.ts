// Migration 5: a game's box image and thumbnail (optional Game fields image_url and
// thumbnail_url, as upstream OpenTabletop's Game has them; BGG's XML gives both).

export const GAME_IMAGES: readonly string[] = [
  'ALTER TABLE games ADD COLUMN image_url VARCHAR',
  'ALTER TABLE games ADD COLUMN thumbnail_url VARCHAR',
];
