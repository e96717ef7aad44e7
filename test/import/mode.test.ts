// deriveMode: a BGG game's GameMode from its mechanics and player counts (loader/import/mode.ts).

import { describe, expect, it } from 'vitest';
import { deriveMode, modeFor } from '../../loader/import/mode.js';

describe('deriveMode', () => {
  it('reads the cooperative mechanic as cooperative, whatever the player counts', () => {
    expect(deriveMode({ mechanics: ['hand-management', 'cooperative'], min_players: 1, max_players: 4 })).toBe(
      'cooperative',
    );
    expect(deriveMode({ mechanics: ['cooperative', 'solo'], max_players: 1 })).toBe('cooperative');
  });

  it('calls cooperative play with a traitor, teams or semi-cooperation mixed', () => {
    expect(deriveMode({ mechanics: ['cooperative', 'traitor'] })).toBe('mixed');
    expect(deriveMode({ mechanics: ['cooperative', 'team-based-game'] })).toBe('mixed');
    expect(deriveMode({ mechanics: ['semi-cooperative'], min_players: 2, max_players: 5 })).toBe('mixed');
  });

  it('reads team play as team', () => {
    expect(deriveMode({ mechanics: ['team-based-game', 'trick-taking'], min_players: 4, max_players: 4 })).toBe('team');
  });

  it('calls a one-player game solo, and a solo-mechanic game without player counts', () => {
    expect(deriveMode({ min_players: 1, max_players: 1 })).toBe('solo');
    expect(deriveMode({ mechanics: ['solo'] })).toBe('solo');
    // A multiplayer game with a solo variant is still played against each other.
    expect(deriveMode({ mechanics: ['solo', 'worker-placement'], min_players: 1, max_players: 4 })).toBe('competitive');
  });

  it('calls everything else competitive, including a game nothing is known about', () => {
    expect(deriveMode({ mechanics: ['auction'], min_players: 3, max_players: 5 })).toBe('competitive');
    expect(deriveMode({})).toBe('competitive');
  });
});

describe('modeFor', () => {
  it('re-derives a mode that was derived, and leaves a curated one', () => {
    const stored = { mechanics: ['auction'], max_players: 4, mode: 'competitive' };
    expect(modeFor({ mechanics: ['auction', 'cooperative'], max_players: 4 }, stored)).toBe('cooperative');
    const curated = { mechanics: ['auction'], max_players: 4, mode: 'team' };
    expect(modeFor({ mechanics: ['auction', 'cooperative'], max_players: 4 }, curated)).toBeUndefined();
    expect(modeFor({ max_players: 1 }, undefined)).toBe('solo');
  });
});
