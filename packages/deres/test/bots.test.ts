import { describe, expect, it } from 'vitest';
import { BOTS } from '../src/bots/index.js';
import { playBots } from './bot-games.js';

function winRate(players: number, games: number): number {
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const bots = Array.from({ length: players }, (_, i) => (i === seat ? BOTS.greedy : BOTS.random));
    const G = playBots(bots, 1000 + g, 12);
    if (G.result!.winner === String(seat)) wins++;
  }
  return wins / games;
}

describe('the evaluating computer player', () => {
  it('beats the random player in most two-player games', { timeout: 120_000 }, () => {
    expect(winRate(2, 16)).toBeGreaterThan(0.6);
  });
  it('beats two random players in most three-player games', { timeout: 120_000 }, () => {
    // A random winner among three would take a third of the games.
    expect(winRate(3, 12)).toBeGreaterThan(0.6);
  });
  it('fills every seat of a four-player game to its end, from its own view', { timeout: 120_000 }, () => {
    const G = playBots([BOTS.greedy, BOTS.greedy, BOTS.greedy, BOTS.greedy], 77, 10);
    expect(G.result).not.toBeNull();
    expect(G.result!.ranking).toHaveLength(4);
  });
});
