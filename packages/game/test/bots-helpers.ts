import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState } from '../src/engine/model/state.js';
import { actor } from '../src/engine/flow.js';
import { playBotGame } from '../src/testing/bot-game.js';

/**
 * Plays all-Easy games of `ruleset`, one per seed, and calls `check` at every `every`-th decision
 * point before the end, with the faction that must decide there (a whole game of checks is slow).
 */
export function atEveryNthDecision(
  ruleset: 'basic' | 'advanced',
  seeds: readonly number[],
  every: number,
  check: (G: GameState, f: Faction, step: number, seed: number) => void,
) {
  for (const seed of seeds) {
    let step = 0;
    playBotGame({
      seed,
      ruleset,
      seats: { germany: 'easy', norway: 'easy', allies: 'easy' },
      afterAction: (G) => {
        if (G.result || ++step % every) return;
        check(G, actor(G)!.faction, step, seed);
      },
    });
  }
}

/**
 * A copy of G that differs from it only in what `f` may not know: the other factions' hands traded
 * with their draw piles, every draw pile in another order, the other factions' face-down ships
 * traded among themselves, and their 9. April hands reordered. Counts stay the same, so a view-only
 * player must decide exactly as in G; returns null when there was nothing secret to change.
 */
export function scrambleSecrets(G: GameState, f: Faction): GameState | null {
  const S = structuredClone(G);
  let changed = false;
  for (const o of FACTIONS) {
    const draw = S.decks[o].draw;
    if (draw.length > 1) {
      S.decks[o].draw = [...draw.slice(1), draw[0]!];
      changed = true;
    }
    if (o === f) continue;
    const hand = S.hands[o];
    const pool = [...S.decks[o].draw, ...hand];
    if (hand.length && S.decks[o].draw.length) {
      // Hand and draw pile traded: the other faction now holds different cards.
      const rotated = [...pool.slice(hand.length), ...pool.slice(0, hand.length)];
      S.decks[o].draw = rotated.slice(0, S.decks[o].draw.length);
      S.hands[o] = rotated.slice(S.decks[o].draw.length);
      changed ||= S.hands[o].join() !== hand.join();
    }
    const a9 = S.april9?.hands[o];
    if (a9 && a9.length > 1) {
      S.april9!.hands[o] = [...a9].reverse();
      changed = true;
    }
    if (!S.naval) {
      const hidden = S.ships.filter((s) => s.owner === o && !s.faceUp);
      if (hidden.length > 1) {
        const ids = hidden.map((s) => s.id);
        hidden.forEach((s, i) => (s.id = ids[(i + 1) % ids.length]!));
        changed ||= new Set(hidden.map((s) => s.at)).size > 1;
      }
    }
  }
  return changed ? S : null;
}
