/**
 * Finish a match fast in a test: the acting seat's moves are picked at random (seeded, mostly not
 * passing) from the legal list and made through the transport's one move path, as a computer seat's
 * would be. A Narvik match ends in about fifty moves.
 */
import { actor, legalActions, PLAYER_OF_FACTION, type GameState } from '@kon/game';
import type { HardenedTransport } from '../src/transport';

export interface PlayOutOptions {
  seed?: number;
  /** Stop before a move when this says so (the state it would be made on). */
  until?: (G: GameState, moves: number) => boolean;
  maxMoves?: number;
}

export async function playOut(transport: HardenedTransport, matchID: string, opts: PlayOutOptions = {}): Promise<GameState> {
  let s = (opts.seed ?? 1) >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  for (let n = 0; n < (opts.maxMoves ?? 5000); n++) {
    const state = await transport.currentState(matchID);
    if (!state) throw new Error(`no match ${matchID}`);
    const G = state.G as GameState;
    if (G.result || opts.until?.(G, n)) return G;
    const a = actor(G);
    if (!a) throw new Error('nobody can act');
    const legal = legalActions(G, a.faction);
    const active = legal.filter((x) => x.type !== 'pass' && x.type !== 'endPhase');
    const pool = active.length > 0 && rand() < 0.6 ? active : legal;
    const pick = pool[Math.floor(rand() * pool.length)]!;
    const out = await transport.submitMove(matchID, PLAYER_OF_FACTION[a.faction], { type: pick.type, args: [pick.args] }, { by: 'server' });
    if (!out.ok) throw new Error(`move refused: ${out.code} ${out.message ?? ''}`);
  }
  throw new Error('the match did not end');
}
