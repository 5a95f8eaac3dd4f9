/** The turn's rules outside the card texts: dice, losses, retreats, reinforcements, new cards, victory. */
import { describe, it, expect } from 'vitest';
import type { GameState } from '../src/engine/model/state.js';
import { act, legal, positionOf, units } from './helpers.js';
import { forcedDice } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';
import { attackerBattalionDice } from '../src/engine/combat-dice.js';
import { createInitialState } from '../src/engine/setup.js';
import { parseAction } from '../src/engine/actions.js';
import { RuleError } from '../src/engine/kernel/errors.js';
import { victoryCities } from '../src/board/index.js';

const attack = (route: 'land' | 'fjord' | 'air' | 'sea', n: number) => ({
  id: route,
  faction: 'germany' as const,
  target: 'x',
  from: null,
  route,
  count: n,
});

describe('combat dice', () => {
  it('count at most five battalions, and halve those attacking across a fjord (rounded down)', () => {
    expect(attackerBattalionDice([attack('land', 7)])).toBe(5);
    expect(attackerBattalionDice([attack('fjord', 3)])).toBe(1);
    expect(attackerBattalionDice([attack('fjord', 7)])).toBe(2);
    expect(attackerBattalionDice([attack('land', 1), attack('fjord', 3)])).toBe(2);
    expect(attackerBattalionDice([attack('land', 4), attack('fjord', 4)])).toBe(4);
    expect(attackerBattalionDice([attack('air', 1), attack('sea', 2)])).toBe(3);
  });

  it('Norway and the Allies defending together get at most five dice, and roll for battalions that fall', () => {
    const G = positionOf({ turn: 'germany', units: { germany: { kongsvinger: 6, oslo: 1 }, norway: { hamar: 3 }, allies: { hamar: 3 } } });
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 6 });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass');
    const dice = forcedDice([6, 6, 6, 1, 1, 2, 2, 2, 2, 2]);
    act(G, 'allies', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.combat!.roll).toMatchObject({ attackerBattalionDice: 5, defenderBattalionDice: 5 });
    expect(G.combat!.hits).toEqual({ attacker: 0, defender: 3 });
  });
});

describe('losses and retreats', () => {
  function jointDefence(): GameState {
    const G = positionOf({ turn: 'germany', units: { germany: { kongsvinger: 4, oslo: 1 }, norway: { hamar: 2 }, allies: { hamar: 2 } } });
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 4 });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass', {}, forcedDice([6, 6, 1, 1, 1, 1, 1, 1]));
    return G;
  }
  it('joint defenders agree on losses: Norway proposes, the Allies accept', () => {
    const G = jointDefence();
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'losses' });
    expect(() => act(G, 'norway', 'chooseLosses', { losses: { norway: 1 } })).toThrow(/exactly 2/);
    act(G, 'norway', 'chooseLosses', { losses: { norway: 2 } });
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'answerLosses' });
    act(G, 'allies', 'answerLosses', { accept: true });
    // Germany won 14 to 6: Norway lost both, and the two Allied survivors must retreat; not across Mjøsa.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'retreat' });
    expect(G.combat!.retreat!.options).not.toContain('gjovik');
    act(G, 'allies', 'retreat', { to: 'elverum' });
    expect(units(G, 'elverum', 'allies')).toBe(2);
    expect(units(G, 'hamar', 'germany')).toBe(4);
    expect(G.destroyed.norway).toBe(2);
  });
  it('when they cannot agree, Germany decides', () => {
    const G = jointDefence();
    act(G, 'norway', 'chooseLosses', { losses: { allies: 2 } });
    act(G, 'allies', 'answerLosses', { accept: false });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'losses' });
    act(G, 'germany', 'chooseLosses', { losses: { norway: 1, allies: 1 } });
    expect(G.destroyed).toMatchObject({ norway: 1, allies: 1 });
  });

  it('German and Allied defenders never retreat across a fjord; Norwegians may', () => {
    // Stavanger's neighbours: Egersund (land) and Haugesund (fjord). Germany attacks from Egersund.
    for (const [defender, expected] of [
      ['allies', []],
      ['norway', ['haugesund']],
    ] as const) {
      const G = positionOf({
        turn: 'germany',
        units: {
          germany: { egersund: 3, oslo: 1 },
          [defender]: { stavanger: 1 },
          norway: { voss: 1, ...(defender === 'norway' ? { stavanger: 1 } : {}) },
        },
      });
      act(G, 'germany', 'move', { from: 'egersund', to: 'stavanger', count: 3 });
      act(G, 'germany', 'endPhase');
      if (actor(G)?.stage === 'sabotage') act(G, 'norway', 'pass');
      act(G, 'germany', 'pass');
      act(G, defender, 'pass', {}, forcedDice([5, 5, 5, 1]));
      if (expected.length === 0) {
        // Trapped Allied battalions may still be saved by Kystevakuering: the window opens; they pass.
        expect(actor(G)).toEqual({ faction: 'allies', stage: 'evacuate' });
        act(G, 'allies', 'pass');
        expect(units(G, 'stavanger', 'germany')).toBe(3);
        expect(G.destroyed[defender]).toBe(1); // nowhere to go
      } else {
        expect(units(G, 'haugesund', 'norway')).toBe(1); // the only option, taken
      }
    }
  });

  it('joint defenders with no common way out: the Allies are lost, the Norwegians still retreat across the fjord', () => {
    // Stavanger's neighbours: Egersund (land, attacked from) and Haugesund (fjord).
    const G = positionOf({
      turn: 'germany',
      units: { germany: { egersund: 3, oslo: 1 }, norway: { stavanger: 1, voss: 1 }, allies: { stavanger: 1 } },
    });
    act(G, 'germany', 'move', { from: 'egersund', to: 'stavanger', count: 3 });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass'); // sabotage window
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass', {}, forcedDice([5, 5, 5, 1, 1]));
    // Germany won 15 to 2 with no sixes. The Allied battalion may first be rescued by Kystevakuering.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'evacuate' });
    act(G, 'allies', 'pass');
    expect(G.destroyed.allies).toBe(1);
    expect(G.destroyed.norway).toBe(0);
    expect(units(G, 'haugesund', 'norway')).toBe(1);
    expect(units(G, 'stavanger', 'germany')).toBe(3);
    expect(G.combat).toBeNull();
  });

  it('paratroopers who lose retreat like defenders, across fjords if need be', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { oslo: 1 }, norway: { stavanger: 2, egersund: 1 } },
      hands: { germany: ['de.fallskjermtropp#1'] },
    });
    act(G, 'germany', 'playCard', { card: 'de.fallskjermtropp#1', effect: 0, to: 'stavanger' });
    act(G, 'allies', 'pass'); // Jagerfly window (Stavanger is on zone III)
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass', {}, forcedDice([1, 3, 3]));
    // Egersund is Norwegian: Haugesund, across the fjord, is the only way out.
    expect(units(G, 'haugesund', 'germany')).toBe(1);
  });

  it('a defender may not retreat into an area with a combat still to fight', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { kongsvinger: 2, honefoss: 2, oslo: 1 }, norway: { hamar: 1, gjovik: 1 } },
    });
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 2 });
    act(G, 'germany', 'move', { from: 'honefoss', to: 'gjovik', count: 2 });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    act(G, 'germany', 'chooseCombat', { area: 'hamar' });
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass', {}, forcedDice([5, 5, 1]));
    expect(G.combat!.retreat!.options).not.toContain('gjovik');
    expect(G.combat!.retreat!.options).not.toContain('kongsvinger');
  });
});

describe('reinforcements', () => {
  it('Norway mobilises one battalion per free mobilisation point or victory city', () => {
    const G = positionOf({
      turn: 'norway',
      phase: 'reinforcement',
      units: { germany: { hamar: 1 }, norway: { voss: 1 } },
      hands: { norway: ['no.forsterkninger#1', 'no.forsterkninger#2'] },
    });
    act(G, 'norway', 'trade', { cards: ['no.forsterkninger#1', 'no.forsterkninger#2'] }); // 5 + 4 = 3 battalions
    expect(() => act(G, 'norway', 'place', { area: 'gjovik', count: 2 })).toThrow(/at most one/);
    expect(() => act(G, 'norway', 'place', { area: 'hamar', count: 1 })).toThrow(/enemy holds/);
    expect(() => act(G, 'norway', 'place', { area: 'dombas', count: 1 })).toThrow(/mobilisation points/);
    act(G, 'norway', 'place', { area: 'gjovik', count: 1 });
    expect(() => act(G, 'norway', 'place', { area: 'gjovik', count: 1 })).toThrow(/at most one/);
    act(G, 'norway', 'place', { area: 'bergen', count: 1 });
    act(G, 'norway', 'place', { area: 'voss', count: 1 });
    expect(() => act(G, 'norway', 'place', { area: 'oslo', count: 1 })).toThrow(/bought/);
  });

  it('Germany gets a free battalion and reinforces on zones I–II only; the Allies on III–VII only', () => {
    const G = positionOf({ turn: 'germany', phase: 'reinforcement', units: { germany: { oslo: 1 }, norway: { voss: 1 } } });
    G.reinforcements.free = 1;
    expect(() => act(G, 'germany', 'place', { area: 'bergen', count: 1 })).toThrow(/zones I and II/);
    act(G, 'germany', 'place', { area: 'kristiansand', count: 1 });
    const A = positionOf({
      turn: 'allies',
      phase: 'reinforcement',
      units: { germany: { oslo: 1 }, allies: { voss: 1 } },
      hands: { allies: ['al.forsterkninger#2'] },
    });
    act(A, 'allies', 'trade', { cards: ['al.forsterkninger#2'] });
    expect(() => act(A, 'allies', 'place', { area: 'horten', count: 1 })).toThrow(/zones III–VII/);
    expect(() => act(A, 'allies', 'place', { area: 'hamar', count: 1 })).toThrow(/zones III–VII/);
    act(A, 'allies', 'place', { area: 'bergen', count: 1 });
  });

  it('the Allies land six battalions in their first reinforcement phase: two stacks of three, not bordering', () => {
    const G = positionOf({
      turn: 'allies',
      phase: 'reinforcement',
      units: { germany: { bergen: 1 }, norway: { voss: 1 } },
      alliesLanded: false,
    });
    expect(() => act(G, 'allies', 'endPhase')).toThrow(/must first land/);
    expect(() => act(G, 'allies', 'land', { areas: ['andalsnes', 'alesund'] })).toThrow(/do not border/);
    expect(() => act(G, 'allies', 'land', { areas: ['bergen', 'narvik'] })).toThrow(/free coastal/);
    expect(() => act(G, 'allies', 'land', { areas: ['oslo', 'narvik'] })).toThrow(/zones III–VII|free coastal/);
    act(G, 'allies', 'land', { areas: ['andalsnes', 'narvik'] });
    expect(units(G, 'andalsnes', 'allies')).toBe(3);
    expect(units(G, 'narvik', 'allies')).toBe(3);
    // Germany's Ubåt may strike at each stack.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'submarine' });
    act(G, 'germany', 'pass');
    act(G, 'germany', 'pass');
    expect(() => act(G, 'allies', 'land', { areas: ['bergen', 'tromso'] })).toThrow(/once/);
  });
});

describe('new cards and the end of the decks', () => {
  it('Germany must discard and draw when it used no card this round; Norway need not', () => {
    const G = createInitialState({ ruleset: 'basic' }, forcedDice([]));
    act(G, 'germany', 'endPhase'); // movement: no attacks, so no combat
    act(G, 'germany', 'place', { area: 'oslo', count: 1 });
    act(G, 'allies', 'pass');
    act(G, 'germany', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'discard' });
    const [first] = G.hands.germany;
    act(G, 'germany', 'discard', { card: first });
    expect(G.decks.germany.used).toEqual([first]);
    expect(G.hands.germany).toHaveLength(5);
    expect(G.turn).toBe('norway');
    act(G, 'norway', 'endPhase');
    act(G, 'norway', 'endPhase');
    expect(G.turn).toBe('allies');
  });

  it('Norway reshuffles its used cards when its deck runs out', () => {
    const G = positionOf({ turn: 'norway', phase: 'reinforcement', units: { norway: { voss: 1 }, germany: { oslo: 1 } } });
    const deck = G.decks.norway;
    deck.used = deck.draw.splice(1); // one face-down card left
    deck.used.push(G.hands.norway.pop()!);
    act(G, 'norway', 'endPhase', {}, forcedDice([]));
    expect(G.hands.norway).toHaveLength(3);
    expect(deck.used).toEqual([]);
    expect(deck.draw.length).toBe(22 - 3);
  });

  it('when the Allies draw their last card they withdraw four battalions and draw no more', () => {
    const G = positionOf({ turn: 'allies', phase: 'reinforcement', units: { allies: { bergen: 3, narvik: 3 }, germany: { oslo: 1 } } });
    const deck = G.decks.allies;
    deck.used.push(...deck.draw.splice(1));
    deck.used.push(G.hands.allies.pop()!);
    G.cardsUsed.allies = 1;
    act(G, 'allies', 'endPhase');
    expect(G.alliesDeckSpent).toBe(true);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'withdraw' });
    expect(() => act(G, 'allies', 'withdraw', { removals: [{ area: 'bergen', count: 3 }] })).toThrow(/exactly 4/);
    act(G, 'allies', 'withdraw', {
      removals: [
        { area: 'bergen', count: 3 },
        { area: 'narvik', count: 1 },
      ],
    });
    expect(units(G, 'narvik', 'allies')).toBe(2);
    expect(G.turn).toBe('germany');
  });

  it('the game ends the moment Germany draws its last unused card: scoring the victory cities', () => {
    const cities = victoryCities();
    const scenario = (german: string[], alliedBattalions: number) => {
      const G = positionOf({
        turn: 'germany',
        phase: 'reinforcement',
        units: { germany: Object.fromEntries(german.map((c) => [c, 1])), norway: { finnmark: alliedBattalions } },
      });
      G.cardsUsed.germany = 1;
      G.decks.germany.used.push(...G.decks.germany.draw.splice(1));
      G.decks.germany.used.push(G.hands.germany.pop()!);
      act(G, 'germany', 'endPhase');
      return G.result;
    };
    expect(scenario(cities, 3)).toMatchObject({ winner: 'germany', level: 'clear', reason: 'deck' });
    expect(scenario(cities, 4)).toMatchObject({ winner: 'germany', level: 'marginal' });
    expect(scenario(cities.slice(1), 9)).toMatchObject({ winner: 'norway-allies', level: 'marginal' });
    expect(scenario(cities.slice(2), 1)).toMatchObject({ winner: 'norway-allies', level: 'clear' });
  });

  it('the game ends at once when one side has no battalions left', () => {
    const G = positionOf({ turn: 'germany', units: { germany: { kongsvinger: 3, oslo: 1 }, norway: { hamar: 1 } } });
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 3 });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass', {}, forcedDice([6, 1, 1, 1]));
    expect(G.result).toMatchObject({ winner: 'germany', level: 'clear', reason: 'elimination' });
    expect(actor(G)).toBeNull();
  });
});

describe('refusals change nothing', () => {
  it('out of turn, wrong phase, malformed or unknown input are refused with a clear error', () => {
    const G = createInitialState({ ruleset: 'basic' }, forcedDice([]));
    const before = JSON.stringify(G);
    expect(() => act(G, 'norway', 'move', { from: 'voss', to: 'bergen', count: 1 })).toThrow(/waiting for germany/);
    expect(() => act(G, 'germany', 'chooseCombat', { area: 'oslo' })).toThrow(/not possible now/);
    expect(() => act(G, 'germany', 'move', { from: 'oslo', to: 'narvik', count: 1 })).toThrow(/neighbour/);
    expect(() => act(G, 'germany', 'move', { from: 'oslo', to: 'honefoss', count: 3 })).toThrow(/not that many/);
    expect(() => parseAction('move', { from: 'atlantis', to: 'oslo', count: 1 })).toThrow(/unknown area/);
    expect(() => parseAction('move', { from: 'oslo', to: 'honefoss', count: -1 })).toThrow(RuleError);
    expect(() => parseAction('move', { from: 'oslo', to: 'honefoss', count: 1, extra: true })).toThrow(/Unrecognized|unrecognized/);
    expect(() => parseAction('endGame', {})).toThrow(/no such action/);
    expect(() => act(G, 'germany', 'playCard', { card: 'no.bakhold#1', effect: 0 })).toThrow(/not in your hand/);
    expect(JSON.stringify(G)).toBe(before);
    expect(legal(G, 'germany', 'move', { from: 'oslo', to: 'honefoss', count: 2 })).toBe(true);
  });
});
