/**
 * Deres uenighet's moves run on plain copies, not immer drafts (@kon/platform's plain-moves.ts): a
 * whole random match through boardgame.io's reducer gives exactly the states the immer path gives,
 * refused moves included, and every part a move leaves unchanged is the very object it was.
 */
import { describe, expect, it } from 'vitest';
import type { Game, State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { DeresUenighet, legalMoves } from '../src/game.js';
import { canAim, legalShots } from '../src/engine/combat.js';
import type { DeresState } from '../src/types.js';
import { uniform } from './helpers.js';

/** The game as it ran before: every move on immer's draft. */
const immerGame: Game = { ...DeresUenighet, plugins: (DeresUenighet.plugins ?? []).filter((p) => p.name !== 'kon-plain-moves') };

function runner(game: Game) {
  const processed = ProcessGameConfig({ ...game, seed: 'plain' });
  const reduce = CreateGameReducer({ game: processed }) as (s: State, a: unknown) => State;
  let state = InitializeGame({ game: processed, numPlayers: 3 }) as State;
  return {
    get state() {
      return state;
    },
    move(playerID: string, type: string, args: unknown[]) {
      state = reduce(state, { type: 'MAKE_MOVE', payload: { type, args, playerID } });
    },
  };
}

const whole = (s: State) => JSON.stringify({ G: s.G, ctx: s.ctx, id: s._stateID, plugins: s.plugins });

describe('Deres moves on plain copies', () => {
  it('give exactly the immer path states in a random match, sharing unchanged parts', { timeout: 180_000 }, () => {
    const ours = runner(DeresUenighet as Game);
    const theirs = runner(immerGame);
    const u = uniform(11);
    let shared = 0;
    let refused = 0;
    let aimChecks = 0;
    for (let i = 0; i < 1500 && !ours.state.ctx.gameover; i++) {
      const before = ours.state;
      const G = before.G as DeresState;
      const seats = Object.keys(before.ctx.activePlayers ?? {}).filter((s) => legalMoves(G, before.ctx, s).length > 0);
      const seat = seats[Math.floor(u() * seats.length)]!;
      const options = legalMoves(G, before.ctx, seat).filter((m) => m.move !== 'proposeSurrender');
      const choice = options[Math.floor(u() * options.length)] ?? { move: 'submitEmpty', args: [{}] };
      // Now and then a move the rules refuse: from another seat, or with nonsense in it.
      const roll = u();
      const [who, type, args]: [string, string, unknown[]] =
        roll > 0.95
          ? [String((Number(seat) + 1) % 3), choice.move, choice.args]
          : roll > 0.9
            ? [seat, 'submitOrders', [{ kind: 'buy', x: 1 }]]
            : [seat, choice.move, choice.args];
      ours.move(who, type, args);
      theirs.move(who, type, args);
      expect(whole(ours.state), `move ${i}: ${type}`).toBe(whole(theirs.state));
      if (ours.state === before || ours.state._stateID === before._stateID) refused++;
      const next = ours.state.G as Record<string, unknown>;
      const prev = before.G as Record<string, unknown>;
      for (const k of Object.keys(next))
        if (JSON.stringify(next[k]) === JSON.stringify(prev[k])) {
          expect(next[k], `move ${i}: ${k} unchanged but copied`).toBe(prev[k]);
          shared++;
        }
      // The quick "may it shoot at all" agrees with the full listing.
      if ((next as unknown as DeresState).phase === 'shoot')
        for (const s of ['0', '1', '2']) {
          expect(canAim(next as unknown as DeresState, s)).toBe(legalShots(next as unknown as DeresState, s).length > 0);
          aimChecks++;
        }
    }
    expect(ours.state.ctx.gameover).toBeTruthy();
    expect(shared).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(10);
    expect(aimChecks).toBeGreaterThan(0);
  });
});
