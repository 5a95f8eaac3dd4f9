// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * determinize(view, rng): a full guessed state for the search player. At decision points of whole
 * games (both rulesets) the guess must look exactly like the real game from the seat (same view,
 * same legal actions), hold every card and ship exactly once, really vary what the seat cannot see,
 * and depend on the view alone: with the real secrets scrambled, the same seed gives the same guess.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState } from '../src/engine/model/state.js';
import { viewFor, type FactionView } from '../src/engine/view.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { perform } from '../src/engine/actions.js';
import { determinize, undeterminable } from '../src/bots/determinize.js';
import { easyBot } from '../src/bots/index.js';
import { playBotGame } from '../src/testing/bot-game.js';
import { seededRng } from '../src/testing/rng.js';
import { atEveryNthDecision, scrambleSecrets } from './bots-helpers.js';

/** The view without the log (the guess leaves history out: the rules never read it). */
const comparable = (v: FactionView) => ({ ...v, log: [], logBase: 0 });
const sorted = (xs: readonly string[]) => [...xs].sort();
const cardsOf = (G: GameState, f: Faction) => sorted([...G.hands[f], ...G.decks[f].draw, ...G.decks[f].used]);
const shipIdsOf = (G: GameState, f: Faction) => sorted([...G.ships.filter((s) => s.owner === f).map((s) => s.id), ...G.shipReserve[f]]);

describe('determinize: a guessed full state from one seat view', () => {
  for (const ruleset of ['basic', 'advanced'] as const) {
    it(`${ruleset}: agrees with the view, conserves cards and ships, varies the secrets, ignores the real ones`, () => {
      let checked = 0;
      let handsGuessedDifferently = 0;
      let shipsGuessedDifferently = 0;
      let refused = 0;
      atEveryNthDecision(ruleset, [5, 6], 5, (G, f, step, seed) => {
        const view = viewFor(G, f);
        const untouched = JSON.stringify(G);
        const S = determinize(view, seededRng(step));
        expect(JSON.stringify(G)).toBe(untouched);
        if (!S) {
          expect(undeterminable(view)).toBeTruthy();
          refused++;
          return;
        }
        // Everything the seat sees is as in the real game, and so is what it may do.
        expect(comparable(viewFor(S, f)), `seed ${seed} step ${step}`).toEqual(comparable(view));
        expect(legalActions(S, f)).toEqual(legalActions(G, f));
        for (const o of FACTIONS) {
          expect(cardsOf(S, o), `${o}'s cards`).toEqual(cardsOf(G, o));
          expect(shipIdsOf(S, o), `${o}'s ships`).toEqual(shipIdsOf(G, o));
          if (o === f) continue;
          if (S.hands[o].join() !== G.hands[o].join()) handsGuessedDifferently++;
          const hiddenReal = G.ships.filter((s) => s.owner === o && !s.faceUp).map((s) => `${s.id}@${s.at}`);
          const hiddenGuess = S.ships.filter((s) => s.owner === o && !s.faceUp).map((s) => `${s.id}@${s.at}`);
          if (sorted(hiddenReal).join() !== sorted(hiddenGuess).join()) shipsGuessedDifferently++;
        }
        // The guess comes from the view and the seed alone: the real secrets changed, the same guess.
        const scrambled = scrambleSecrets(G, f);
        if (scrambled) expect(determinize(viewFor(scrambled, f), seededRng(step))).toEqual(S);
        // The guess is a game that plays on.
        const who = actor(S)!;
        perform(
          S,
          who.faction,
          easyBot({ view: viewFor(S, who.faction), legal: legalActions(S, who.faction), rng: seededRng(1) }),
          seededRng(2),
        );
        checked++;
      });
      expect(checked).toBeGreaterThan(60);
      expect(handsGuessedDifferently).toBeGreaterThan(checked / 2);
      if (ruleset === 'advanced') {
        expect(shipsGuessedDifferently).toBeGreaterThan(10);
        // Refused only inside the 9. April turn and naval moves with hidden ships: a small part of the game.
        expect(refused).toBeLessThan(checked);
      } else expect(refused).toBe(0);
    }, 180_000);
  }

  it('refuses a full state and the spectator view, as every bot does', () => {
    const G = playBotGame({ seed: 1, ruleset: 'basic', seats: { germany: 'easy', norway: 'easy', allies: 'easy' }, maxActions: 5 }).G;
    // @ts-expect-error a GameState is not a FactionView
    expect(() => determinize(G, seededRng(1))).toThrow(/FactionView/);
    expect(() => determinize(viewFor(G, null), seededRng(1))).toThrow(/seat/);
  });
});
