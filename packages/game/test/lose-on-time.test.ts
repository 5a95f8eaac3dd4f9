/**
 * Losing on time: a move only the server's clock makes. Clients can never send it (checkMove refuses
 * it unless the server submits it), and it ends the game for the seat that must act, nobody else.
 */
import { describe, it, expect } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { KampenOmNorge, checkMove } from '../src/game.js';
import { actor } from '../src/engine/flow.js';
import type { GameState } from '../src/engine/model/state.js';
import { PLAYER_OF_FACTION } from '../src/types.js';

function start() {
  const game = { ...KampenOmNorge, seed: 'time' };
  const state = InitializeGame({ game, numPlayers: 3 }) as State<GameState>;
  const reducer = CreateGameReducer({ game }) as unknown as (s: State, a: unknown) => State<GameState>;
  const move = (s: State<GameState>, playerID: string, type: string, args: unknown[]) =>
    reducer(s, { type: 'MAKE_MOVE', payload: { type, args, playerID } });
  return { state, move };
}

describe('losing on time', () => {
  it('is refused to every client, whatever it claims', () => {
    const { state } = start();
    const who = PLAYER_OF_FACTION[actor(state.G)!.faction];
    expect(checkMove(state.G, who, 'loseOnTime', [{}])?.code).toBe('server-only');
    expect(checkMove(state.G, who, 'loseOnTime', [{}], 'player')?.code).toBe('server-only');
  });

  it('is accepted from the server only for the seat that must act, with one empty argument', () => {
    const { state } = start();
    const acting = actor(state.G)!.faction;
    const other = acting === 'germany' ? 'norway' : 'germany';
    expect(checkMove(state.G, PLAYER_OF_FACTION[acting], 'loseOnTime', [{}], 'server')).toBeNull();
    expect(checkMove(state.G, PLAYER_OF_FACTION[other], 'loseOnTime', [{}], 'server')?.code).toBe('not-your-turn');
    expect(checkMove(state.G, PLAYER_OF_FACTION[acting], 'loseOnTime', [{ x: 1 }], 'server')?.code).toBe('bad-arguments');
    expect(checkMove(state.G, PLAYER_OF_FACTION[acting], 'loseOnTime', [], 'server')?.code).toBe('bad-arguments');
  });

  it('ends the game with the other side winning, reason time, and says who ran out', () => {
    const { state, move } = start();
    const acting = actor(state.G)!.faction;
    const next = move(state, PLAYER_OF_FACTION[acting], 'loseOnTime', [{}]);
    expect(next.G.result).toMatchObject({
      winner: acting === 'germany' ? 'norway-allies' : 'germany',
      reason: 'time',
      timedOut: acting,
      level: 'clear',
    });
    expect(next.ctx.gameover).toEqual(next.G.result);
    expect(next.G.log.map((e) => e.event)).toEqual(['outOfTime', 'gameOver']);
    // Nothing moves after the end.
    const after = move(next, PLAYER_OF_FACTION[acting], 'loseOnTime', [{}]);
    expect(after._stateID).toBe(next._stateID);
  });

  it('does nothing for a seat that is not to act', () => {
    const { state, move } = start();
    const acting = actor(state.G)!.faction;
    const other = acting === 'germany' ? 'norway' : 'germany';
    const next = move(state, PLAYER_OF_FACTION[other], 'loseOnTime', [{}]);
    expect(next.G.result).toBeNull();
  });
});
