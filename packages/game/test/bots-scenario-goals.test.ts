// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The bots play the scenario's own goal, read from its file (bots/goal.ts): in Narvik Norway and
 * the Allies must hold Narvik, Bjørnfjell and Bardufoss together when the Allied deck runs out, in
 * Gudbrandsdalen Dombås and Åndalsnes when the German deck does; Germany needs only one of them.
 * Before, the bots knew only the full game's victory cities (Narvik alone in the north) and piled
 * into Narvik, leaving Bardufoss and Bjørnfjell empty.
 */
import { describe, it, expect } from 'vitest';
import type { AreaId, Faction } from '../src/types.js';
import { createInitialState } from '../src/engine/setup.js';
import { viewFor } from '../src/engine/view.js';
import { legalActions } from '../src/engine/legal.js';
import type { GameState } from '../src/engine/model/state.js';
import type { Action } from '../src/engine/actions.js';
import { forcedDice, seededRng } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';
import { parseAction, perform } from '../src/engine/actions.js';
import { cardDef } from '../src/cards/index.js';
import { scenarioDeck } from '../src/scenarios/decks.js';
import { playBotGame } from '../src/testing/bot-game.js';
import { easyBot, normalBot } from '../src/bots/index.js';
import { boardOf } from '../src/bots/movement.js';
import { targetsOf, worth, type Board } from '../src/bots/position.js';
import { goalOf } from '../src/bots/goal.js';
import { endsSoon } from '../src/bots/endgame.js';
import { withinClock } from '../src/bots/clock.js';
import { positionOf } from './helpers.js';
import { scenario } from './scenario-files.js';

const NARVIK = scenario('narvik');
const GUDBRANDSDALEN = scenario('gudbrandsdalen');

/** A scenario game in a chosen position: `turn`'s movement phase with exactly these battalions. */
function position(id: 'narvik' | 'gudbrandsdalen', turn: Faction, units: Partial<Record<Faction, Record<AreaId, number>>>): GameState {
  return positionOf({ scenario: id === 'narvik' ? NARVIK : GUDBRANDSDALEN, turn, units });
}

function decide(bot: typeof easyBot, G: GameState, f: Faction, seed = 1): Action {
  const view = viewFor(G, f);
  return bot({
    view,
    legal: legalActions(view as unknown as GameState, f),
    rng: seededRng(seed),
    budget: { iterations: 8, moveIterations: 8, horizonSteps: 150 },
  });
}
const destination = (a: Action): string | undefined => (a.type === 'move' ? a.args.to : undefined);

describe('the goal read from the scenario', () => {
  it('Narvik: the three objectives and the region; the full game: its victory cities', () => {
    const narvik = goalOf(createInitialState({ scenario: NARVIK }, forcedDice([])).scenario);
    expect(narvik.kind).toBe('holdAll');
    expect([...narvik.objectives].sort()).toEqual(['bardufoss', 'bjornfjell', 'narvik']);
    // Mosjøen's only way south is Namsos, out of play: nothing in the region is reached through it.
    expect(narvik.distance('mosjoen', 'narvik')).toBe(4);
    expect(narvik.distance('mosjoen', 'namsos')).toBe(99);
    expect(goalOf(undefined).objectives).toContain('oslo');
  });

  it('Narvik at the start: Norway and the Allies go for the two they lack, Germany for the one they hold', () => {
    const view = viewFor(createInitialState({ scenario: NARVIK }, forcedDice([])), 'norway');
    const b = boardOf(view);
    expect(targetsOf(b, 'norway').sort()).toEqual(['bjornfjell', 'narvik']);
    expect(targetsOf(b, 'germany')).toEqual(['bardufoss']);
  });

  it('Gudbrandsdalen: Germany goes for Dombås and Åndalsnes, not the cities it already holds', () => {
    const view = viewFor(createInitialState({ scenario: GUDBRANDSDALEN }, forcedDice([])), 'germany');
    expect(targetsOf(boardOf(view), 'germany').sort()).toEqual(['andalsnes', 'dombas']);
    expect(targetsOf(boardOf(view), 'norway')).toEqual([]);
  });

  it("Germany's evaluation: an objective Norway and the Allies left empty is Germany's, as the scenario scores it", () => {
    const G = position('narvik', 'germany', { germany: { tysfjord: 2 }, norway: { bardufoss: 2 }, allies: { narvik: 3, bjornfjell: 1 } });
    const held = boardOf(viewFor(G, 'germany'));
    const left: Board = { ...held, units: { ...held.units, bjornfjell: {}, tromso: { allies: 1 } } };
    // In the full game an empty city is not Germany's; in Narvik it wins Germany the game.
    expect(worth(left, 'germany') - worth(held, 'germany')).toBeGreaterThan(5);
    expect(worth(left, 'norway') - worth(held, 'norway')).toBeLessThan(-5);
  });
});

describe('bots play for every objective (Narvik)', () => {
  // The Allies hold Narvik in strength; Bardufoss is empty with Norwegians next to it and one German
  // at Bjørnfjell. Holding Narvik alone loses: Bardufoss must be taken too.
  const emptyBardufoss = () =>
    position('narvik', 'norway', {
      germany: { bjornfjell: 1, mosjoen: 1 },
      norway: { gratangen: 2, tromso: 1 },
      allies: { narvik: 4, harstad: 1 },
    });

  for (const [name, bot] of [
    ['Easy', easyBot],
    ['Normal', normalBot],
  ] as const)
    it(`${name} Norway walks into the empty objective rather than stack Narvik`, () => {
      const a = decide(bot, emptyBardufoss(), 'norway');
      expect(destination(a)).toBe('bardufoss');
    });

  // Bjørnfjell held by two Germans, Narvik and Bardufoss theirs, one German in Tysfjord (no objective,
  // an easier fight): the Allies attack the objective from Narvik.
  const weakBjornfjell = () =>
    position('narvik', 'allies', {
      germany: { bjornfjell: 2, tysfjord: 1 },
      norway: { bardufoss: 2, tromso: 1 },
      allies: { narvik: 5, harstad: 1 },
    });

  for (const [name, bot] of [
    ['Easy', easyBot],
    ['Normal', normalBot],
  ] as const)
    it(`${name} Allies attack the held objective rather than an easier fight elsewhere`, () => {
      const a = decide(bot, weakBjornfjell(), 'allies');
      expect(destination(a)).toBe('bjornfjell');
    });
});

describe('the last round follows the scenario clock', () => {
  it("Narvik ends with the Allies' last card, Gudbrandsdalen with Germany's", () => {
    const narvik = createInitialState({ scenario: NARVIK }, forcedDice([]));
    expect(endsSoon(viewFor(narvik, 'norway'))).toBe(false);
    narvik.decks.allies.draw = narvik.decks.allies.draw.slice(0, 1);
    expect(endsSoon(viewFor(narvik, 'norway'))).toBe(true);

    const gud = createInitialState({ scenario: GUDBRANDSDALEN }, forcedDice([]));
    gud.decks.germany.draw = gud.decks.germany.draw.slice(0, 2);
    expect(endsSoon(viewFor(gud, 'allies'))).toBe(false);
    gud.decks.germany.draw = gud.decks.germany.draw.slice(0, 1);
    expect(endsSoon(viewFor(gud, 'allies'))).toBe(true);
  });
});

describe("the clock's holder does not end a game it would lose (clock.ts)", () => {
  // Gudbrandsdalen ends when Germany draws its last card: with one left, any card Germany spends now
  // makes its next draw the last.
  function germanyOnTheClock(units: Partial<Record<Faction, Record<AreaId, number>>>): GameState {
    const G = position('gudbrandsdalen', 'germany', units);
    const pool = scenarioDeck(GUDBRANDSDALEN, 'germany');
    const rapid = pool.find((c) => c.startsWith('de.rask-forflytning'))!;
    G.hands.germany = [rapid, ...pool.filter((c) => c !== rapid).slice(0, 4)];
    G.decks.germany.draw = pool.filter((c) => !G.hands.germany.includes(c)).slice(0, 1);
    return G;
  }
  const cardPlays = (legal: readonly Action[]) => legal.filter((a) => a.type === 'playCard');

  it('while Norway and the Allies hold both objectives, Germany keeps its cards', () => {
    const G = germanyOnTheClock({ germany: { otta: 3, lillehammer: 2, oslo: 1 }, norway: { dombas: 2 }, allies: { andalsnes: 2 } });
    const view = viewFor(G, 'germany');
    const legal = legalActions(view as unknown as GameState, 'germany');
    expect(endsSoon(view)).toBe(true);
    expect(cardPlays(legal).length).toBeGreaterThan(0);
    expect(cardPlays(withinClock(view, 'germany', legal))).toEqual([]);
    expect(decide(easyBot, G, 'germany').type).not.toBe('playCard');
    expect(decide(normalBot, G, 'germany').type).not.toBe('playCard');
  });

  it("once an objective is Germany's (empty here), the cards are free again", () => {
    const G = germanyOnTheClock({ germany: { otta: 3, lillehammer: 2, oslo: 1 }, norway: { tynset: 2 }, allies: { andalsnes: 2 } });
    const view = viewFor(G, 'germany');
    const legal = legalActions(view as unknown as GameState, 'germany');
    expect(withinClock(view, 'germany', legal)).toEqual(legal);
  });

  it('in a close fight for an ordinary area Germany plays no dice card with the last draw at stake; with cards to spare Easy does', () => {
    for (const last of [true, false]) {
      const G = germanyOnTheClock({ germany: { lillehammer: 3, oslo: 1 }, norway: { otta: 3, dombas: 2 }, allies: { andalsnes: 2 } });
      // Dice cards in hand (Panzer, Artilleri, …) and, when `last`, one card left to draw.
      const pool = scenarioDeck(GUDBRANDSDALEN, 'germany');
      const dice = pool.filter((c) => cardDef(c).effects.some((e) => e.kind === 'attackDice'));
      G.hands.germany = [...dice, ...pool.filter((c) => !dice.includes(c))].slice(0, 5);
      const rest = pool.filter((c) => !G.hands.germany.includes(c));
      G.decks.germany.draw = last ? rest.slice(0, 1) : rest;
      const rng = forcedDice([]);
      perform(G, 'germany', parseAction('move', { from: 'lillehammer', to: 'otta', count: 3 }), rng);
      perform(G, 'germany', parseAction('endPhase', {}), rng);
      // Through the combat phase to Germany's card window (others pass their windows).
      for (let i = 0; i < 10 && !(actor(G)?.faction === 'germany' && actor(G)?.stage === 'attackerCards'); i++) {
        const who = actor(G)!;
        const a = who.stage === 'combat' ? parseAction('chooseCombat', { area: 'otta' }) : parseAction('pass', {});
        perform(G, who.faction, a, rng);
      }
      expect(actor(G)).toEqual({ faction: 'germany', stage: 'attackerCards' });
      const view = viewFor(G, 'germany');
      expect(cardPlays(legalActions(view as unknown as GameState, 'germany')).length).toBeGreaterThan(0);
      if (last) for (const bot of [easyBot, normalBot]) expect(decide(bot, G, 'germany').type).toBe('pass');
      else expect(decide(easyBot, G, 'germany').type).toBe('playCard');
    }
  });

  it('far from the end nothing is held back', () => {
    const G = germanyOnTheClock({ germany: { otta: 3, lillehammer: 2, oslo: 1 }, norway: { dombas: 2 }, allies: { andalsnes: 2 } });
    // Five cards still to draw: one more spent now does not bring the last.
    G.decks.germany.draw = scenarioDeck(GUDBRANDSDALEN, 'germany').filter((c) => !G.hands.germany.includes(c));
    const view = viewFor(G, 'germany');
    const legal = legalActions(view as unknown as GameState, 'germany');
    expect(withinClock(view, 'germany', legal)).toEqual(legal);
  });
});

describe('whole scenario games between the bots', () => {
  it("Easy Norway and Allies win Narvik games against Easy Germany (none of 30 when they knew only Narvik's victory city)", () => {
    let wins = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const { G, ended } = playBotGame({
        seed,
        ruleset: 'basic',
        scenario: NARVIK,
        seats: { germany: 'easy', norway: 'easy', allies: 'easy' },
        dice: 'keyed',
      });
      expect(ended, `seed ${seed}`).toBe(true);
      if (G.result!.winner === 'norway-allies') wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(5);
  });

  it('Normal plays both scenarios to their end in every seat', () => {
    for (const s of [NARVIK, GUDBRANDSDALEN])
      for (let seed = 1; seed <= 2; seed++) {
        const { G, ended } = playBotGame({
          seed,
          ruleset: 'basic',
          scenario: s,
          seats: { germany: 'normal', norway: 'normal', allies: 'normal' },
          dice: 'keyed',
          budget: { iterations: 8, moveIterations: 4 },
        });
        expect(ended, `${s.id} seed ${seed}`).toBe(true);
        expect(G.result!.objectives?.areas.length).toBeGreaterThan(0);
      }
  }, 180_000);
});
