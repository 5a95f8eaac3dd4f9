/** Each action card's effect and its window, with the refusals the rules demand. */
import { describe, it, expect } from 'vitest';
import type { GameState } from '../src/engine/model/state.js';
import { act, legal, positionOf, units } from './helpers.js';
import { forcedDice } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';
import { cardDice } from '../src/engine/combat-dice.js';
import { legalActions } from '../src/engine/legal.js';

const diceOf = (G: GameState) => ({ attacker: cardDice(G.combat!, 'attacker'), defender: cardDice(G.combat!, 'defender') });
const refusedWith = (fn: () => void, code: RegExp) => expect(fn).toThrow(code);

/** Germany attacks Hamar from Kongsvinger (over land); Norway defends. Stops at the attacker's card step. */
function germanAttackOnHamar(
  germanHand: string[],
  norwegianHand: string[] = [],
  extra: Partial<Parameters<typeof positionOf>[0]['units']> = {},
) {
  const G = positionOf({
    turn: 'germany',
    units: { germany: { kongsvinger: 3, oslo: 1 }, norway: { hamar: 2 }, ...extra },
    hands: { germany: germanHand, norway: norwegianHand },
  });
  act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 3 });
  act(G, 'germany', 'endPhase');
  act(G, 'norway', 'pass'); // sabotage window
  expect(G.combat?.step).toBe('attackerCards');
  return G;
}

describe('combat dice cards', () => {
  it('Artilleri: +1 in attack or +1 in defence, at most one per side per combat', () => {
    const G = germanAttackOnHamar(['de.artilleri#1', 'de.artilleri#2']);
    act(G, 'germany', 'playCard', { card: 'de.artilleri#1', effect: 0 });
    expect(diceOf(G).attacker).toBe(1);
    refusedWith(() => act(G, 'germany', 'playCard', { card: 'de.artilleri#2', effect: 0 }), /already played a card of that type/);
  });

  it('attack cards may not be played in the defender window, nor defence cards by the attacker', () => {
    const G = germanAttackOnHamar(['de.gebirgsjager#1'], ['no.bakhold#1']);
    refusedWith(() => act(G, 'germany', 'playCard', { card: 'de.gebirgsjager#1', effect: 1 }), /cannot be used that way now/);
    refusedWith(() => act(G, 'norway', 'playCard', { card: 'no.bakhold#1', effect: 1 }), /waiting for germany/);
    act(G, 'germany', 'playCard', { card: 'de.gebirgsjager#1', effect: 0 });
    act(G, 'germany', 'pass');
    refusedWith(() => act(G, 'norway', 'playCard', { card: 'no.bakhold#1', effect: 0 }), /cannot be used that way now/);
    act(G, 'norway', 'playCard', { card: 'no.bakhold#1', effect: 1 });
    expect(diceOf(G)).toEqual({ attacker: 1, defender: 2 });
  });

  it('Panzer +2 is cancelled by Panservernkanon; Norway and the Allies together play one Panservernkanon', () => {
    const G = germanAttackOnHamar(['de.panzer#1'], ['no.panservernkanon#1'], { allies: { hamar: 1 } });
    G.hands.allies = ['al.panservernkanon#1'];
    G.decks.allies.draw = G.decks.allies.draw.filter((c) => c !== 'al.panservernkanon#1');
    act(G, 'germany', 'playCard', { card: 'de.panzer#1', effect: 0 });
    expect(diceOf(G).attacker).toBe(2);
    act(G, 'germany', 'pass');
    act(G, 'norway', 'playCard', { card: 'no.panservernkanon#1', effect: 1, target: 'de.panzer#1' });
    expect(diceOf(G).attacker).toBe(0);
    act(G, 'norway', 'pass');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'defenderCards' });
    refusedWith(() => act(G, 'allies', 'playCard', { card: 'al.panservernkanon#1', effect: 0 }), /already played a card of that type/);
  });

  it('attack cards are refused when only paratroopers attack (Artilleri, Gebirgsjäger, Panzer, Speidertropp)', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { oslo: 2 }, norway: { hamar: 1 } },
      hands: { germany: ['de.fallskjermtropp#1', 'de.panzer#1', 'de.artilleri#1', 'de.speidertropp#1', 'de.gebirgsjager#1'] },
    });
    act(G, 'germany', 'playCard', { card: 'de.fallskjermtropp#1', effect: 0, to: 'hamar' });
    expect(G.attacks[0]).toMatchObject({ route: 'air', target: 'hamar', from: null });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    for (const card of ['de.panzer#1', 'de.artilleri#1', 'de.speidertropp#1', 'de.gebirgsjager#1'])
      refusedWith(() => act(G, 'germany', 'playCard', { card, effect: 0 }), /only paratroopers/);
  });

  it("Speidertropp and Jagerbomber cancel only as the attacker's counter (step 3), never for a defending Germany", () => {
    // Norway attacks Kongsvinger with Bakhold in attack; defending Germany holds Speidertropp.
    const G = positionOf({
      turn: 'norway',
      units: { germany: { kongsvinger: 1 }, norway: { hamar: 2 } },
      hands: { germany: ['de.speidertropp#1'], norway: ['no.bakhold#1'] },
    });
    act(G, 'norway', 'move', { from: 'hamar', to: 'kongsvinger', count: 2 });
    act(G, 'norway', 'endPhase');
    expect(G.combat?.step).toBe('attackerCards');
    act(G, 'norway', 'playCard', { card: 'no.bakhold#1', effect: 0 });
    act(G, 'norway', 'pass');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'defenderCards' });
    refusedWith(
      () => act(G, 'germany', 'playCard', { card: 'de.speidertropp#1', effect: 1, target: 'no.bakhold#1' }),
      /only as the attacker/,
    );
    expect(legalActions(G, 'germany').some((a) => a.type === 'playCard')).toBe(false);

    // As the attacker Germany does cancel Norway's defending Bakhold with it, in the counter step.
    const H = germanAttackOnHamar(['de.speidertropp#1'], ['no.bakhold#1']);
    act(H, 'germany', 'pass');
    act(H, 'norway', 'playCard', { card: 'no.bakhold#1', effect: 1 });
    act(H, 'norway', 'pass');
    expect(actor(H)).toEqual({ faction: 'germany', stage: 'counter' });
    act(H, 'germany', 'playCard', { card: 'de.speidertropp#1', effect: 1, target: 'no.bakhold#1' });
    expect(diceOf(H).defender).toBe(0);
  });

  it('Bombefly needs air range; Bombefly and Jagerbomber share one slot; Jagerfly cannot cancel Jagerbomber', () => {
    // Finnmark → Tromsø is beyond every air field Germany holds (it holds none in the north).
    const far = positionOf({
      turn: 'germany',
      units: { germany: { finnmark: 2 }, allies: { tromso: 1 } },
      hands: { germany: ['de.bombefly#1', 'de.jagerbomber#1'] },
    });
    act(far, 'germany', 'move', { from: 'finnmark', to: 'tromso', count: 2 });
    act(far, 'germany', 'endPhase');
    refusedWith(() => act(far, 'germany', 'playCard', { card: 'de.bombefly#1', effect: 0 }), /out of air range/);
    refusedWith(() => act(far, 'germany', 'playCard', { card: 'de.jagerbomber#1', effect: 0 }), /out of air range/);

    // South of "Fra Tyskland" no air field is needed.
    const G = positionOf({
      turn: 'germany',
      units: { germany: { arendal: 2 }, allies: { kristiansand: 1 } },
      hands: { germany: ['de.bombefly#1', 'de.jagerbomber#1', 'de.jagerbomber#2'], allies: ['al.jagerfly#1'] },
    });
    act(G, 'germany', 'move', { from: 'arendal', to: 'kristiansand', count: 2 });
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'playCard', { card: 'de.jagerbomber#1', effect: 0 });
    refusedWith(() => act(G, 'germany', 'playCard', { card: 'de.bombefly#1', effect: 0 }), /already played a card of that type/);
    act(G, 'germany', 'pass');
    // Kristiansand is on zone II: Jagerfly is not allowed there anyway, and there is no Bombefly to hit.
    refusedWith(
      () => act(G, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 0 }),
      /zones III–VII|nothing to cancel|no card in play/,
    );
  });

  it('Jagerfly cancels Bombefly on the blue coast even with no Allied battalion there; Jagerbomber restores it', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { oslo: 1, haugesund: 3 }, norway: { stavanger: 1 } },
      hands: { germany: ['de.bombefly#1', 'de.jagerbomber#1'], allies: ['al.jagerfly#1'] },
    });
    act(G, 'germany', 'move', { from: 'haugesund', to: 'stavanger', count: 3 });
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'pass');
    act(G, 'germany', 'playCard', { card: 'de.bombefly#1', effect: 0 }); // Stavanger: air field range of Oslo's field
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'defenderCards' });
    act(G, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 0, target: 'de.bombefly#1' });
    expect(diceOf(G).attacker).toBe(0);
    act(G, 'allies', 'pass');
    act(G, 'germany', 'playCard', { card: 'de.jagerbomber#1', effect: 1, target: 'al.jagerfly#1' });
    expect(diceOf(G).attacker).toBe(2);
  });

  it('Fransk alpejeger and Polsk bergjeger exclude each other; Stridsvogn, Fremmedlegionær, Kystbombardement add dice', () => {
    const G = positionOf({
      turn: 'allies',
      units: { allies: { alesund: 4 }, germany: { andalsnes: 1 } },
      hands: { allies: ['al.fransk-alpejeger#1', 'al.polsk-bergjeger#1', 'al.kystbombardement#1'] },
    });
    act(G, 'allies', 'move', { from: 'alesund', to: 'andalsnes', count: 4 });
    act(G, 'allies', 'endPhase');
    act(G, 'allies', 'playCard', { card: 'al.fransk-alpejeger#1', effect: 0 });
    refusedWith(() => act(G, 'allies', 'playCard', { card: 'al.polsk-bergjeger#1', effect: 0 }), /already played/);
    act(G, 'allies', 'playCard', { card: 'al.kystbombardement#1', effect: 0 });
    expect(diceOf(G).attacker).toBe(3);

    const inland = positionOf({
      turn: 'allies',
      units: { allies: { andalsnes: 2 }, germany: { dombas: 1 } },
      hands: { allies: ['al.kystbombardement#1', 'al.stridsvogn#1', 'al.fremmedlegionaer#1'] },
    });
    act(inland, 'allies', 'move', { from: 'andalsnes', to: 'dombas', count: 2 });
    act(inland, 'allies', 'endPhase');
    refusedWith(() => act(inland, 'allies', 'playCard', { card: 'al.kystbombardement#1', effect: 0 }), /zones III–VII/);
    act(inland, 'allies', 'playCard', { card: 'al.stridsvogn#1', effect: 0 });
    act(inland, 'allies', 'playCard', { card: 'al.fremmedlegionaer#1', effect: 0 });
    expect(diceOf(inland).attacker).toBe(3);
  });

  it('Kystbombardement is refused on the coast of zones I and II', () => {
    const G = positionOf({
      turn: 'allies',
      units: { allies: { setesdal: 2 }, germany: { kristiansand: 1 } },
      hands: { allies: ['al.kystbombardement#1'] },
    });
    act(G, 'allies', 'move', { from: 'setesdal', to: 'kristiansand', count: 2 });
    act(G, 'allies', 'endPhase');
    refusedWith(() => act(G, 'allies', 'playCard', { card: 'al.kystbombardement#1', effect: 0 }), /zones III–VII/);
  });

  it('a faction with no battalions in the combat cannot play cards in it', () => {
    const G = germanAttackOnHamar(['de.artilleri#1']);
    G.hands.allies = ['al.stridsvogn#1'];
    act(G, 'germany', 'pass');
    // Only Norway is asked: nothing of the Allies' could be played here.
    expect(G.combat?.defenderQueue).toEqual(['norway']);
  });
});

describe('movement cards', () => {
  it('Rask forflytning (Germany): two areas together, into combat, never through an enemy area', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { tysfjord: 2 }, norway: { bardufoss: 1, bjornfjell: 1 } },
      hands: { germany: ['de.rask-forflytning#1'] },
    });
    refusedWith(
      () =>
        act(G, 'germany', 'playCard', {
          card: 'de.rask-forflytning#1',
          effect: 0,
          from: 'tysfjord',
          via: 'bjornfjell',
          to: 'bardufoss',
          count: 2,
        }),
      /enemy area/,
    );
    refusedWith(
      () =>
        act(G, 'germany', 'playCard', {
          card: 'de.rask-forflytning#1',
          effect: 0,
          from: 'tysfjord',
          via: 'narvik',
          to: 'bardufoss',
          count: 3,
        }),
      /1 to 2/,
    );
    act(G, 'germany', 'playCard', { card: 'de.rask-forflytning#1', effect: 0, from: 'tysfjord', via: 'narvik', to: 'bardufoss', count: 2 });
    expect(G.attacks).toEqual([expect.objectContaining({ from: 'narvik', target: 'bardufoss', count: 2 })]);
  });

  it('Rask forflytning (Norway): two areas but not into combat; or escape from an attacked area', () => {
    const G = positionOf({
      turn: 'norway',
      units: { norway: { hamar: 2 }, germany: { otta: 1 } },
      hands: { norway: ['no.rask-forflytning#1', 'no.rask-forflytning#2'] },
    });
    refusedWith(
      () =>
        act(G, 'norway', 'playCard', { card: 'no.rask-forflytning#1', effect: 0, from: 'hamar', via: 'lillehammer', to: 'otta', count: 1 }),
      /may not enter combat/,
    );
    act(G, 'norway', 'playCard', { card: 'no.rask-forflytning#1', effect: 0, from: 'hamar', via: 'lillehammer', to: 'fagernes', count: 2 });
    expect(units(G, 'fagernes', 'norway')).toBe(2);
    // The escape effect belongs to the sabotage window of a German turn.
    refusedWith(
      () => act(G, 'norway', 'playCard', { card: 'no.rask-forflytning#2', effect: 1, from: 'fagernes', to: 'gjovik', count: 1 }),
      /cannot be used that way now/,
    );

    const E = positionOf({
      turn: 'germany',
      units: { germany: { kongsvinger: 2 }, norway: { hamar: 2 } },
      hands: { norway: ['no.rask-forflytning#1'] },
    });
    act(E, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 2 });
    act(E, 'germany', 'endPhase');
    refusedWith(
      () => act(E, 'norway', 'playCard', { card: 'no.rask-forflytning#1', effect: 1, from: 'hamar', to: 'kongsvinger', count: 2 }),
      /cannot go there/,
    );
    act(E, 'norway', 'playCard', { card: 'no.rask-forflytning#1', effect: 1, from: 'hamar', to: 'gjovik', count: 2 });
    act(E, 'norway', 'pass');
    // Nobody left to fight: the Germans walk in.
    expect(units(E, 'hamar', 'germany')).toBe(2);
    expect(units(E, 'gjovik', 'norway')).toBe(2);
    expect(E.combat).toBeNull();
  });

  it('Fallskjermtropp: a new battalion in air range that has moved; Jagerfly diverts it on the blue coast only', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { trondheim: 1 }, allies: { namsos: 1 } },
      hands: { germany: ['de.fallskjermtropp#1', 'de.fallskjermtropp#2'], allies: ['al.jagerfly#1'] },
    });
    // Oppdal is inland: no Jagerfly window.
    act(G, 'germany', 'playCard', { card: 'de.fallskjermtropp#1', effect: 0, to: 'oppdal' });
    expect(units(G, 'oppdal', 'germany')).toBe(1);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'movement' });
    refusedWith(() => act(G, 'germany', 'move', { from: 'oppdal', to: 'dombas', count: 1 }), /can still move/);
    // Steinkjer is on zone V: the Allies may divert it to a neighbour of their choice.
    act(G, 'germany', 'playCard', { card: 'de.fallskjermtropp#2', effect: 0, to: 'steinkjer' });
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'paratroopers' });
    refusedWith(() => act(G, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 1, to: 'oslo' }), /next to/);
    act(G, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 1, to: 'namsos' });
    expect(units(G, 'steinkjer', 'germany')).toBe(0);
    expect(G.attacks).toEqual([expect.objectContaining({ target: 'namsos', route: 'air', count: 1 })]);
    expect(G.created.germany).toBe(3);
  });

  it('Transportfly: 1–2 battalions between German-held air fields, then spent; or reinforcements onto one', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { oslo: 3, trondheim: 1 }, norway: { bodo: 1 } },
      hands: { germany: ['de.transportfly#1', 'de.transportfly#2'] },
    });
    refusedWith(
      () => act(G, 'germany', 'playCard', { card: 'de.transportfly#1', effect: 0, from: 'oslo', to: 'bodo', count: 2 }),
      /air fields Germany holds/,
    );
    act(G, 'germany', 'playCard', { card: 'de.transportfly#1', effect: 0, from: 'oslo', to: 'trondheim', count: 2 });
    expect(units(G, 'trondheim', 'germany')).toBe(3);
    refusedWith(() => act(G, 'germany', 'move', { from: 'trondheim', to: 'oppdal', count: 3 }), /can still move/);
    refusedWith(() => act(G, 'germany', 'playCard', { card: 'de.transportfly#2', effect: 1 }), /cannot be used that way now/);
  });

  it('Invasjon lands bought battalions on the blue coast in the movement phase, never on zones I–II', () => {
    const G = positionOf({
      turn: 'allies',
      units: { germany: { bergen: 1 }, norway: { voss: 1 } },
      hands: { allies: ['al.invasjon#1', 'al.forsterkninger#1', 'al.stridsvogn#1'] },
    });
    refusedWith(() => act(G, 'allies', 'trade', { cards: ['al.forsterkninger#1'] }), /reinforcement phase/);
    act(G, 'allies', 'playCard', { card: 'al.invasjon#1', effect: 0 });
    act(G, 'allies', 'trade', { cards: ['al.forsterkninger#1'] });
    refusedWith(() => act(G, 'allies', 'place', { area: 'kristiansand', count: 1 }), /zones III–VII/);
    act(G, 'allies', 'place', { area: 'bergen', count: 2 });
    expect(G.attacks).toEqual([expect.objectContaining({ target: 'bergen', route: 'sea', count: 2 })]);
    // Germany's Ubåt window opens after the landing whatever Germany holds.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'submarine' });
  });

  it('Kystevakuering by sea: coast to coast on zones III–VII, not into combat', () => {
    const G = positionOf({
      turn: 'allies',
      units: { allies: { bergen: 3, oslo: 1 }, germany: { stavanger: 1 } },
      hands: { allies: ['al.kystevakuering#1', 'al.kystevakuering#2'] },
    });
    refusedWith(
      () => act(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 0, from: 'bergen', to: 'stavanger', count: 2 }),
      /combat/,
    );
    refusedWith(
      () => act(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 0, from: 'oslo', to: 'bergen', count: 1 }),
      /zones III–VII/,
    );
    act(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 0, from: 'bergen', to: 'tromso', count: 2 });
    expect(units(G, 'tromso', 'allies')).toBe(2);
  });

  it('Kystevakuering in combat never lands where the attackers came from: enemies never share an area', () => {
    // Germany empties Egersund to attack the Allies in Stavanger; the Allies win but lose a battalion.
    const G = positionOf({
      turn: 'germany',
      units: { germany: { egersund: 3, oslo: 1 }, allies: { stavanger: 2 }, norway: { voss: 1 } },
      hands: { allies: ['al.kystevakuering#1'] },
    });
    act(G, 'germany', 'move', { from: 'egersund', to: 'stavanger', count: 3 });
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'pass');
    act(G, 'allies', 'pass', {}, forcedDice([6, 1, 1, 6, 6]));
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'evacuate' });
    expect(legal(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 1, to: 'egersund' })).toBe(false);
    refusedWith(() => act(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 1, to: 'egersund' }), /free coast/);
    act(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 1, to: 'haugesund' });
    // The beaten Germans go back to Egersund; the rescued battalion is safe in Haugesund.
    expect(G.combat).toBeNull();
    expect(units(G, 'egersund', 'germany')).toBe(1);
    expect(units(G, 'egersund', 'allies')).toBe(0);
    expect(units(G, 'haugesund', 'allies')).toBe(1);
  });
});

describe('Ubåt against reinforcements', () => {
  /** Germany's reinforcement phase with three bought battalions; the Allies hold both their Ubåts. */
  function germanReinforcements() {
    const G = positionOf({
      turn: 'germany',
      phase: 'reinforcement',
      units: { germany: { oslo: 1 }, norway: { hamar: 1 }, allies: { namsos: 1 } },
      hands: { germany: [], allies: ['al.ubat#1', 'al.ubat#2'] },
    });
    G.reinforcements = { symbols: 9, free: 0, placed: 0, airSlots: 0, areas: [] };
    return G;
  }
  const sinkings = (G: GameState) => G.destroyed.germany;

  it('gives the same chances whether three battalions are placed at once or one by one', () => {
    // All at once: the Allies may answer each of the three battalions, so both Ubåts can strike.
    const bulk = germanReinforcements();
    act(bulk, 'germany', 'place', { area: 'oslo', count: 3 });
    expect(actor(bulk)).toEqual({ faction: 'allies', stage: 'submarine' });
    act(bulk, 'allies', 'playCard', { card: 'al.ubat#1', effect: 0 }, forcedDice([6]));
    expect(actor(bulk)).toEqual({ faction: 'allies', stage: 'submarine' });
    act(bulk, 'allies', 'playCard', { card: 'al.ubat#2', effect: 0 }, forcedDice([4]));
    expect(sinkings(bulk)).toBe(2);
    expect(units(bulk, 'oslo', 'germany')).toBe(2);
    // One battalion is still unanswered: the window stays open until the Allies pass.
    expect(actor(bulk)).toEqual({ faction: 'allies', stage: 'submarine' });
    act(bulk, 'allies', 'pass');
    expect(actor(bulk)).toEqual({ faction: 'germany', stage: 'reinforcement' });

    // One by one, with the same dice: the same result.
    const single = germanReinforcements();
    act(single, 'germany', 'place', { area: 'oslo', count: 1 });
    act(single, 'allies', 'playCard', { card: 'al.ubat#1', effect: 0 }, forcedDice([6]));
    expect(actor(single)).toEqual({ faction: 'germany', stage: 'reinforcement' });
    act(single, 'germany', 'place', { area: 'oslo', count: 1 });
    act(single, 'allies', 'playCard', { card: 'al.ubat#2', effect: 0 }, forcedDice([4]));
    act(single, 'germany', 'place', { area: 'oslo', count: 1 });
    act(single, 'allies', 'pass');
    expect(sinkings(single)).toBe(sinkings(bulk));
    expect(units(single, 'oslo', 'germany')).toBe(units(bulk, 'oslo', 'germany'));
  });

  it('answers each battalion at most once: no more Ubåts than battalions placed', () => {
    const G = germanReinforcements();
    act(G, 'germany', 'place', { area: 'oslo', count: 1 });
    act(G, 'allies', 'playCard', { card: 'al.ubat#1', effect: 0 }, forcedDice([2]));
    expect(sinkings(G)).toBe(0);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'reinforcement' });
    refusedWith(() => act(G, 'allies', 'playCard', { card: 'al.ubat#2', effect: 0 }), /waiting for germany/);
  });
});

describe('sabotage in the German turn', () => {
  function attackOnHamar(norway: string[], germany: string[] = []) {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { kongsvinger: 2, oslo: 2 }, norway: { hamar: 1 } },
      hands: { norway, germany },
    });
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 2 });
    act(G, 'germany', 'move', { from: 'oslo', to: 'hamar', count: 2 });
    act(G, 'germany', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'sabotage' });
    return G;
  }
  const fromOslo = (G: GameState) => G.attacks.find((a) => a.from === 'oslo')!.id;

  it('Sprengt bro sends a whole stack back', () => {
    const G = attackOnHamar(['no.sprengt-bro#1']);
    act(G, 'norway', 'playCard', { card: 'no.sprengt-bro#1', effect: 0, attack: fromOslo(G) });
    act(G, 'germany', 'pass');
    expect(units(G, 'oslo', 'germany')).toBe(2);
    expect(G.attacks.map((a) => a.from)).toEqual(['kongsvinger']);
  });

  it('Ingeniørkompani cancels Veisperring: the battalion keeps attacking', () => {
    const G = attackOnHamar(['no.veisperring#1'], ['de.ingeniorkompani#1']);
    act(G, 'norway', 'playCard', { card: 'no.veisperring#1', effect: 0, attack: fromOslo(G) });
    act(G, 'germany', 'playCard', { card: 'de.ingeniorkompani#1', effect: 0 });
    expect(G.attacks.reduce((s, a) => s + a.count, 0)).toBe(4);
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'sabotage' });
  });

  it('Veisperring needs a Norwegian battalion in the attacked area', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { kongsvinger: 2 }, allies: { hamar: 1 }, norway: { elverum: 1 } },
      hands: { norway: ['no.veisperring#1'] },
    });
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 2 });
    act(G, 'germany', 'endPhase');
    // No Norwegian under attack: no sabotage window at all, straight to combat.
    expect(actor(G)?.stage).toBe('attackerCards');
    expect(legal(G, 'norway', 'playCard', { card: 'no.veisperring#1', effect: 0, attack: G.attacks[0]!.id })).toBe(false);
  });
});

describe('Ubåt against reinforcements', () => {
  it('Germany sinks an Allied reinforcement on 5–6; the Allies sink a German one on 4–6, but not one flown in', () => {
    const G = positionOf({
      turn: 'allies',
      phase: 'reinforcement',
      units: { allies: { bergen: 1 }, germany: { oslo: 1 } },
      hands: { allies: ['al.forsterkninger#1', 'al.ubat#1'], germany: ['de.ubat#1', 'de.ubat#2'] },
    });
    act(G, 'allies', 'trade', { cards: ['al.forsterkninger#1'] }); // 7 symbols: 2 battalions
    act(G, 'allies', 'place', { area: 'bergen', count: 1 });
    act(G, 'germany', 'playCard', { card: 'de.ubat#1', effect: 0 }, forcedDice([4]));
    expect(units(G, 'bergen', 'allies')).toBe(2);
    act(G, 'allies', 'place', { area: 'bergen', count: 1 });
    act(G, 'germany', 'playCard', { card: 'de.ubat#2', effect: 0 }, forcedDice([5]));
    expect(units(G, 'bergen', 'allies')).toBe(2);
    expect(G.destroyed.allies).toBe(1);

    const D = positionOf({
      turn: 'germany',
      phase: 'reinforcement',
      units: { germany: { oslo: 1, trondheim: 1 }, norway: { voss: 1 } },
      hands: { allies: ['al.ubat#1', 'al.ubat#2'], germany: ['de.forsterkninger#1', 'de.transportfly#1'] },
    });
    D.reinforcements.free = 1;
    act(D, 'germany', 'trade', { cards: ['de.forsterkninger#1'] }); // 5 symbols: 1 + the free one
    act(D, 'germany', 'place', { area: 'oslo', count: 1 });
    act(D, 'allies', 'playCard', { card: 'al.ubat#1', effect: 0 }, forcedDice([4]));
    expect(units(D, 'oslo', 'germany')).toBe(1);
    act(D, 'germany', 'playCard', { card: 'de.transportfly#1', effect: 1 });
    act(D, 'germany', 'place', { area: 'trondheim', count: 1, byAir: true });
    expect(D.prompts).toEqual([]);
    expect(legalActions(D, 'allies')).toEqual([]);
  });
});
