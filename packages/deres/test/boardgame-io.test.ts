/**
 * Through boardgame.io's real master and player views: one Local() transport, a client per seat and a
 * spectator. Secret orders must reach no other seat and no spectator, in the state or in the log.
 */
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { describe, expect, it } from 'vitest';
import { DeresUenighet, legalMoves } from '../src/game.js';
import type { BuyOrders, DeresView } from '../src/types.js';

type AnyClient = ReturnType<typeof Client>;
const viewOf = (c: AnyClient) => c.getState()!.G as unknown as DeresView;

function match(seed: string) {
  const game = { ...DeresUenighet, seed };
  const multiplayer = Local();
  const seats = ['0', '1', '2'].map((playerID) => Client({ game, multiplayer, playerID, matchID: seed, numPlayers: 3, debug: false }));
  const spectator = Client({ game, multiplayer, matchID: seed, numPlayers: 3, debug: false });
  for (const c of [...seats, spectator]) c.start();
  return { seats, spectator };
}

/** Play set-up moves from each seat's own view until round 1's buy phase. */
function throughSetUp(seats: AnyClient[]) {
  for (let i = 0; i < 200 && viewOf(seats[0]!).phase !== 'buy'; i++) {
    for (const [k, c] of seats.entries()) {
      const v = viewOf(c);
      if (v.setupTurn !== String(k)) continue;
      const [first] = legalMoves(v, c.getState()!.ctx, String(k));
      c.moves[first!.move]!(...first!.args);
    }
  }
  expect(viewOf(seats[0]!).phase).toBe('buy');
}

describe('Deres uenighet through boardgame.io', () => {
  it('hides the box order from every view and plays set-up from the seats’ own views', () => {
    const { seats, spectator } = match('setup');
    for (const c of [...seats, spectator]) {
      expect((viewOf(c) as any).pile).toBeUndefined();
      expect(viewOf(c).pileCount).toBe(20);
    }
    throughSetUp(seats);
    expect(viewOf(spectator).capitals['2']).toBeTruthy();
  });

  it('keeps unrevealed orders from other seats and spectators, in the state and in the log', () => {
    const { seats, spectator } = match('orders');
    throughSetUp(seats);
    const v0 = viewOf(seats[0]!);
    const first = legalMoves(v0, null, '0').find((m) => m.move === 'submitOrders' && (m.args[0] as BuyOrders).loan)!;
    const secret = first.args[0] as BuyOrders;
    seats[0]!.moves.submitOrders!(secret);
    const text = JSON.stringify(secret);
    expect(viewOf(seats[0]!).myOrders).toEqual(secret);
    expect(JSON.stringify(seats[0]!.getState())).toContain(text);
    for (const c of [seats[1]!, seats[2]!, spectator]) {
      const whole = JSON.stringify(c.getState());
      expect(whole).not.toContain(text);
      expect(whole).not.toContain('"loan":true');
      expect(viewOf(c).myOrders).toBeNull();
      expect(viewOf(c).submitted['0']).toBe(true);
    }
    // Once everyone has submitted, the orders are revealed to all in the game's log.
    seats[1]!.moves.submitEmpty!({});
    seats[2]!.moves.submitEmpty!({});
    for (const c of [...seats, spectator]) {
      expect(viewOf(c).phase).toBe('move');
      expect(JSON.stringify(viewOf(c).log)).toContain(text);
    }
  });

  it('refuses bad orders and changes nothing', () => {
    const { seats } = match('bad');
    throughSetUp(seats);
    const before = JSON.stringify(viewOf(seats[1]!));
    seats[0]!.moves.submitOrders!({
      kind: 'buy',
      regiments: [{ x: 0, y: 0 }],
      forts: [],
      upgrades: 0,
      fortUpgrades: [],
      loan: false,
      repay: 0,
    });
    seats[0]!.moves.submitOrders!({ kind: 'move', moves: [] });
    seats[0]!.moves.submitOrders!({ kind: 'buy', nonsense: 1 });
    seats[1]!.moves.placeTile!({ slot: 0, rotation: 0 });
    expect(JSON.stringify(viewOf(seats[1]!))).toBe(before);
    expect(viewOf(seats[0]!).submitted['0']).toBe(false);
  });
});

describe('checkMove', () => {
  it('names why a move would be refused, and accepts a legal one, changing nothing', async () => {
    const { checkMove } = await import('../src/game.js');
    const { createInitialState } = await import('../src/engine/setup.js');
    const { seededRng } = await import('./helpers.js');
    const G = createInitialState(2, { nations: { '0': 'gul', '1': 'rod' } }, seededRng(3));
    const before = JSON.stringify(G);
    const turn = G.setupTurn!;
    const other = turn === '0' ? '1' : '0';
    expect(checkMove(G, turn, 'fly', [{}])).toMatchObject({ code: 'unknown-move' });
    expect(checkMove(G, turn, 'placeTile', [{ slot: 0 }])).toMatchObject({ code: 'bad-arguments' });
    expect(checkMove(G, turn, 'placeTile', [{ slot: 0, rotation: 0 }, 1])).toMatchObject({ code: 'bad-arguments' });
    expect(checkMove(G, '7', 'placeTile', [{ slot: 0, rotation: 0 }])).toMatchObject({ code: 'not-a-seat' });
    expect(checkMove(G, other, 'placeTile', [{ slot: 0, rotation: 0 }])).toMatchObject({ code: 'not-your-turn', message: /turn/ });
    expect(checkMove(G, turn, 'placeTile', [{ slot: 0, rotation: 0 }])).toBeNull();
    expect(JSON.stringify(G)).toBe(before);
  });
});

describe('a whole match through boardgame.io', () => {
  it('is played to its end by computer players reading their clients’ views', { timeout: 120_000 }, async () => {
    const { BOTS } = await import('../src/bots/index.js');
    const { uniform } = await import('./helpers.js');
    const { seats, spectator } = match('whole');
    const u = uniform(4);
    for (let i = 0; i < 5000 && !spectator.getState()!.ctx.gameover; i++) {
      const moved = seats.some((c, k) => {
        const m = BOTS.greedy(viewOf(c), String(k), u);
        if (!m) return false;
        c.moves[m.move]!(...m.args);
        return true;
      });
      expect(moved).toBe(true);
    }
    const over = spectator.getState()!.ctx.gameover as { winner: string | null; ranking: string[] };
    expect(over.ranking).toHaveLength(3);
    expect(viewOf(spectator).phase).toBe('over');
  });
});
