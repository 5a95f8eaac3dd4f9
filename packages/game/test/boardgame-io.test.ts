// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The full path through boardgame.io's real master and player views: one Local() transport,
 * a client per seat and a spectator, as the server will run it.
 */
import { describe, it, expect } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { KampenOmNorge, legalMoves } from '../src/game.js';
import type { GameState } from '../src/engine/model/state.js';
import { FACTION_OF_PLAYER, type Faction } from '../src/types.js';
import { seededRng } from '../src/testing/rng.js';

type AnyClient = ReturnType<typeof Client>;

function match(seed: string) {
  const game = { ...KampenOmNorge, seed };
  const multiplayer = Local();
  const seats = ['0', '1', '2'].map((playerID) => Client({ game, multiplayer, playerID, matchID: seed, debug: false }));
  const spectator = Client({ game, multiplayer, matchID: seed, debug: false });
  for (const c of [...seats, spectator]) c.start();
  return { seats, spectator };
}

/** The authoritative state lives in the master; a client only ever holds its view. */
function viewOf(c: AnyClient) {
  return c.getState()!.G as unknown as GameState;
}

describe('KampenOmNorge through boardgame.io', () => {
  it('shows each seat only its own hand and nobody the deck order', () => {
    const { seats, spectator } = match('views');
    const views = seats.map(viewOf);
    for (const [i, view] of views.entries()) {
      const me = FACTION_OF_PLAYER[String(i)]!;
      for (const f of ['germany', 'norway', 'allies'] as Faction[]) {
        expect(view.hands[f].length > 0).toBe(f === me);
        expect((view.decks[f] as any).draw).toBeUndefined();
      }
    }
    const spectatorView = JSON.stringify(spectator.getState()!.G);
    const allHands = views.flatMap((v, i) => v.hands[FACTION_OF_PLAYER[String(i)]!]);
    expect(allHands).toHaveLength(11);
    for (const card of allHands) expect(spectatorView).not.toContain(card);
    // Nothing secret in any seat's view: cross-check against the ids each seat must never see.
    for (const [i, seat] of seats.entries()) {
      const text = JSON.stringify(seat.getState());
      const others = views.flatMap((v, j) => (j === i ? [] : v.hands[FACTION_OF_PLAYER[String(j)]!]));
      for (const card of others) expect(text).not.toContain(card);
    }
  });

  it('runs a legal move, refuses an out-of-turn one and an illegal one without changing anything', () => {
    const { seats } = match('moves');
    const [germany, norway] = seats as [AnyClient, AnyClient];
    const before = JSON.stringify(viewOf(norway));
    norway.moves.move!({ from: 'voss', to: 'bergen', count: 1 });
    germany.moves.move!({ from: 'oslo', to: 'narvik', count: 1 });
    germany.moves.move!({ from: 'oslo', to: 'honefoss' }); // malformed: count missing
    expect(JSON.stringify(viewOf(norway))).toBe(before);
    germany.moves.move!({ from: 'oslo', to: 'honefoss', count: 2 });
    // Hønefoss is Norwegian at the start: the two wait at its border to attack.
    expect(viewOf(norway).attacks).toEqual([expect.objectContaining({ from: 'oslo', target: 'honefoss', count: 2 })]);
  });

  it('the Norwegian sabotage window is a stage for Norway in the German turn', () => {
    const { seats } = match('stages');
    const [germany, norway] = seats as [AnyClient, AnyClient];
    germany.moves.move!({ from: 'oslo', to: 'honefoss', count: 2 });
    germany.moves.endPhase!({});
    const ctx = germany.getState()!.ctx;
    expect(ctx.currentPlayer).toBe('0');
    expect(ctx.activePlayers).toEqual({ '1': 'sabotage' });
    const legal = legalMoves(viewOf(norway), ctx, '1');
    expect(legal.some((m) => m.move === 'pass')).toBe(true);
    expect(legalMoves(viewOf(germany), ctx, '0')).toEqual([]);
  });

  // Two players: one person holds the Norway and Allied seats; four: two people share Germany's.
  const seatPlans: Record<string, string[][]> = {
    'two players': [['0'], ['1', '2']],
    'three players': [['0'], ['1'], ['2']],
    'four players (two share Germany)': [['0'], ['0'], ['1'], ['2']],
  };
  for (const [plan, people] of Object.entries(seatPlans)) {
    it(`plays a whole game of random legal moves with ${plan}, from each seat's own view`, () => {
      const { seats } = match(`plan-${plan}`);
      const pick = seededRng(plan.length);
      let moves = 0;
      for (; moves < 20_000; moves++) {
        const state = seats[0]!.getState()!;
        if (state.ctx.gameover) break;
        const seat = Object.keys(state.ctx.activePlayers ?? {})[0] ?? state.ctx.currentPlayer;
        // Any person holding that seat may move: take turns among them.
        const holders = people.filter((p) => p.includes(seat));
        expect(holders.length).toBeGreaterThan(0);
        const client = seats[Number(seat)]!;
        const options = legalMoves(viewOf(client), client.getState()!.ctx, seat);
        expect(options.length, `no legal move for seat ${seat}`).toBeGreaterThan(0);
        const choice = options[Math.floor((((pick.d6() - 1) * 6 + pick.d6() - 1) / 36) * options.length)]!;
        const stateBefore = client.getState()!._stateID;
        client.moves[choice.move]!(...choice.args);
        expect(client.getState()!._stateID, `move ${choice.move} was refused`).toBe(stateBefore + 1);
      }
      const end = seats[0]!.getState()!.ctx.gameover;
      expect(end).toMatchObject({ winner: expect.stringMatching(/germany|norway-allies/) });
      // The master's secrets never reached any seat during the game.
      for (const [i, seat] of seats.entries()) {
        const G = viewOf(seat);
        expect(JSON.stringify(seat.getState())).not.toMatch(/"seed"|prngstate/i);
        expect(G.hands[FACTION_OF_PLAYER[String((i + 1) % 3)]!]).toEqual([]);
      }
    }, 120_000);
  }
});

describe('the game definition itself refuses what is not one of its moves', () => {
  // The server checks moves before the master (apps/server); these guard the game when it is run
  // by any other boardgame.io master.
  const game = { ...KampenOmNorge, seed: 'strict' };
  const reducer = CreateGameReducer({ game, isClient: false });
  const move = (type: string, args: unknown[]) => ({ type: 'MAKE_MOVE', payload: { type, args, playerID: '0' } }) as never;

  it('has no inherited move names (boardgame.io looks moves up with `in`)', () => {
    const start = InitializeGame({ game, numPlayers: 3 });
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(name in KampenOmNorge.moves!, name).toBe(false);
      const after = reducer(start, move(name, [{}]));
      expect(after._stateID, name).toBe(start._stateID);
      expect(after.G, name).toEqual(start.G);
    }
  });

  it('takes exactly one argument: a legal move with extra arguments is refused, the same move alone passes', () => {
    const start = InitializeGame({ game, numPlayers: 3 });
    const first = legalMoves(start.G as GameState, start.ctx, '0')[0]!;
    const refused = reducer(start, move(first.move, [...first.args, 'junk']));
    expect(refused._stateID).toBe(start._stateID);
    expect(refused.G).toEqual(start.G);
    const applied = reducer(start, move(first.move, first.args));
    expect(applied._stateID).toBe(start._stateID + 1);
  });
});
