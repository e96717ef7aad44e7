// Every base game of the demo catalog, in catalog order.

import { CLASSIC_GAMES } from './games-classic.js';
import { MODERN_GAMES } from './games-modern.js';
import { RECENT_GAMES } from './games-recent.js';
import type { GameFact } from './types.js';

export const BASE_GAMES: readonly GameFact[] = [...CLASSIC_GAMES, ...MODERN_GAMES, ...RECENT_GAMES];
