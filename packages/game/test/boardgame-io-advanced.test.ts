/**
 * The advanced game through boardgame.io's real master and player views: every move is chosen from
 * the acting seat's own view (so legality must not depend on secrets), and no seat or spectator
 * ever holds the identity of another faction's face-down ship.
 */
import { describe, it, expect } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { KampenOmNorge, legalMoves } from '../src/game.js';
import type { FactionView } from '../src/engine/view.js';
import { FACTION_OF_PLAYER, type Faction } from '../src/types.js';
import { seededRng } from '../src/testing/rng.js';

const SHIP_ID = /ship\.(de|no|al)\.[a-z0-9-]+/g;

/** Ship ids in a view that the viewer may not know: another faction's ship neither face up nor gone. */
function leakedShips(G: FactionView, viewer: Faction | null): string[] {
  const open = new Set([
    ...G.ships.filter((s) => s.id && (s.faceUp || s.owner === viewer)).map((s) => s.id!),
    ...G.shipsGone.sunk,
    ...G.shipsGone.removed,
    ...(viewer ? G.shipReserve[viewer] : []),
  ]);
  const own = (id: string) => viewer !== null && id.startsWith(`ship.${{ germany: 'de', norway: 'no', allies: 'al' }[viewer]}.`);
  return [...new Set(JSON.stringify(G).match(SHIP_ID) ?? [])].filter((id) => !open.has(id) && !own(id));
}

describe('the advanced game through boardgame.io', () => {
  it("plays a whole game from each seat's own view; no view holds another faction's face-down ship", () => {
    // The match is created with the advanced ruleset (as the lobby does through setupData).
    const setupData = { ruleset: 'advanced' as const };
    const game = {
      ...KampenOmNorge,
      seed: 'advanced-1',
      setup: (ctx: Parameters<NonNullable<typeof KampenOmNorge.setup>>[0]) => KampenOmNorge.setup!(ctx, setupData),
    };
    const multiplayer = Local();
    const seats = ['0', '1', '2'].map((playerID) => Client({ game, multiplayer, playerID, matchID: 'adv', debug: false }));
    const spectator = Client({ game, multiplayer, matchID: 'adv', debug: false });
    for (const c of [...seats, spectator]) c.start();
    const pick = seededRng(7);
    let moves = 0;
    let sailed = 0;
    for (; moves < 20_000; moves++) {
      const state = seats[0]!.getState()!;
      if (state.ctx.gameover) break;
      const seat = Object.keys(state.ctx.activePlayers ?? {})[0] ?? state.ctx.currentPlayer;
      const client = seats[Number(seat)]!;
      const options = legalMoves(client.getState()!.G as never, client.getState()!.ctx, seat);
      expect(
        options.length,
        `no legal move for seat ${seat} in ${JSON.stringify(state.ctx.activePlayers)} after ${moves} moves; april9 ${JSON.stringify((client.getState()!.G as never as FactionView).april9?.step)}`,
      ).toBeGreaterThan(0);
      const choice = options[Math.floor((((pick.d6() - 1) * 6 + pick.d6() - 1) / 36) * options.length)]!;
      if (choice.move === 'sail') sailed++;
      const before = client.getState()!._stateID;
      client.moves[choice.move]!(...choice.args);
      expect(client.getState()!._stateID, `move ${choice.move} was refused`).toBe(before + 1);
      for (const [i, c] of seats.entries()) expect(leakedShips(c.getState()!.G as never, FACTION_OF_PLAYER[String(i)]!)).toEqual([]);
      expect(leakedShips(spectator.getState()!.G as never, null)).toEqual([]);
    }
    expect(seats[0]!.getState()!.ctx.gameover).toMatchObject({ winner: expect.stringMatching(/germany|norway-allies/) });
    expect(sailed).toBeGreaterThan(0);
  }, 300_000);
});
