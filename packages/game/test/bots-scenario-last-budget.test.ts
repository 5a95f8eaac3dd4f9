/**
 * A scenario's last round gets a bigger search budget (bots/normal.ts LAST_ROUND_BUDGET): its
 * playouts run to the game's end, a turn or two away, so many guesses are cheap, and with the full
 * game's twelve playouts per move Normal Norway's last-round choices in Narvik were left to chance.
 * The full game, and a caller that names its own budget, keep what they had.
 */
import { describe, expect, it } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import { viewFor } from '../src/engine/view.js';
import { legalActions } from '../src/engine/legal.js';
import type { GameState } from '../src/engine/model/state.js';
import type { Action } from '../src/engine/actions.js';
import type { SearchBudget } from '../src/bots/types.js';
import { seededRng } from '../src/testing/rng.js';
import { DEFAULT_BUDGET, normalBot } from '../src/bots/normal.js';
import { endsSoon } from '../src/bots/endgame.js';
import { positionOf } from './helpers.js';
import { scenario } from './scenario-files.js';

const NARVIK = scenario('narvik');

function decide(G: GameState, f: Faction, budget?: SearchBudget, seed = 1): Action {
  const view = viewFor(G, f);
  return normalBot({ view, legal: legalActions(view as unknown as GameState, f), rng: seededRng(seed), ...(budget ? { budget } : {}) });
}

describe("the search budget of a scenario's last round", () => {
  // Narvik, Norway's last turn (the Allies' next new cards end the game): Germany has taken
  // Bardufoss with four and left Bjørnfjell empty; Norway holds Narvik with four, the Allies with
  // two. All three must be held at the end, so one Norwegian walks into Bjørnfjell and the rest
  // stay for Bardufoss. Logged on the tuning seeds (2001-2040), 400 games played on from each
  // choice: 12 % won with that walk, none with what the small budget chose there. With the full
  // game's budget the choice depends on the guesses (its rng); with the last round's it does not.
  it('Normal Norway walks one battalion into an empty Bjørnfjell whatever its rng, unlike with the small budget', () => {
    const G = positionOf({
      scenario: NARVIK,
      turn: 'norway',
      units: { germany: { bardufoss: 4, bodo: 1 }, norway: { narvik: 4 }, allies: { narvik: 2 } },
      hands: {
        germany: ['de.gebirgsjager#3', 'de.ingeniorkompani#3', 'de.ingeniorkompani#1', 'de.rask-forflytning#2', 'de.speidertropp#1'],
        norway: ['no.bakhold#1', 'no.veisperring#2', 'no.sprengt-bro#1'],
        allies: ['al.kystbombardement#1', 'al.kystbombardement#2', 'al.polsk-bergjeger#1'],
      },
    });
    const clock = FACTIONS.find((f) => NARVIK.deckOut[f] === 'endsGame')!;
    G.decks[clock].draw = G.decks[clock].draw.slice(0, 1);
    expect(endsSoon(viewFor(G, 'norway'))).toBe(true);
    const walk = (a: Action) => a.type === 'move' && a.args.from === 'narvik' && a.args.to === 'bjornfjell' && a.args.count === 1;
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect(seeds.filter((s) => walk(decide(G, 'norway', undefined, s)))).toEqual(seeds);
    expect(seeds.filter((s) => walk(decide(G, 'norway', DEFAULT_BUDGET, s))).length).toBeLessThan(seeds.length);
  });

  it("leaves the full game's last round as it was: the default budget's choices", () => {
    const G = positionOf({
      turn: 'norway',
      units: { germany: { oslo: 4, hamar: 2 }, norway: { lillehammer: 3, elverum: 2 } },
    });
    G.decks.germany.draw = G.decks.germany.draw.slice(0, 2);
    expect(endsSoon(viewFor(G, 'norway'))).toBe(true);
    // Norway's move in the full game's last round: the search runs (its playouts are not free), with the default budget.
    expect(decide(G, 'norway')).toEqual(decide(G, 'norway', DEFAULT_BUDGET));
  });
});
