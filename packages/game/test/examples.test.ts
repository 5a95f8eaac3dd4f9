/**
 * The rulebook's worked examples (EN ch. 4, Examples 1–3), replayed with the dice the book rolls.
 * Every assertion is a sentence of the example.
 */
import { describe, it, expect } from 'vitest';
import { act, positionOf, units } from './helpers.js';
import { forcedDice } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';

describe('Example 1: German turn (Veisperring, fjord attack, Panzer, Bakhold, Speidertropp)', () => {
  it('plays out as the book says', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { oslo: 2, gjovik: 3, kongsvinger: 1 }, norway: { hamar: 1 } },
      hands: {
        germany: ['de.panzer#1', 'de.speidertropp#1', 'de.forsterkninger#1', 'de.artilleri#1', 'de.gebirgsjager#1'],
        norway: ['no.veisperring#1', 'no.bakhold#1', 'no.rask-forflytning#1'],
      },
    });
    // Germany moves Oslo's two battalions to Hønefoss: no Norwegians there, so no sabotage is possible.
    act(G, 'germany', 'move', { from: 'oslo', to: 'honefoss', count: 2 });
    expect(units(G, 'honefoss', 'germany')).toBe(2);
    // Attacks on Hamar from Kongsvinger (over land) and Gjøvik (across Mjøsa).
    act(G, 'germany', 'move', { from: 'kongsvinger', to: 'hamar', count: 1 });
    act(G, 'germany', 'move', { from: 'gjovik', to: 'hamar', count: 3 });
    expect(G.attacks.map((a) => [a.from, a.route, a.count])).toEqual([
      ['kongsvinger', 'land', 1],
      ['gjovik', 'fjord', 3],
    ]);
    // Movement done: Norway may sabotage.
    act(G, 'germany', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'sabotage' });
    const fromKongsvinger = G.attacks.find((a) => a.from === 'kongsvinger')!.id;
    act(G, 'norway', 'playCard', { card: 'no.veisperring#1', effect: 0, attack: fromKongsvinger });
    // Germany may answer with Ingeniørkompani but has none.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'engineers' });
    act(G, 'germany', 'pass');
    expect(units(G, 'kongsvinger', 'germany')).toBe(1);
    expect(G.attacks).toHaveLength(1);
    act(G, 'norway', 'pass');

    // Combat at Hamar: the only one, so it starts at once.
    expect(G.combat?.area).toBe('hamar');
    act(G, 'germany', 'playCard', { card: 'de.panzer#1', effect: 0 });
    act(G, 'germany', 'pass');
    act(G, 'norway', 'playCard', { card: 'no.bakhold#1', effect: 1 });
    act(G, 'norway', 'pass');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'counter' });
    const dice = forcedDice([2, 2, 2, 6]);
    act(G, 'germany', 'playCard', { card: 'de.speidertropp#1', effect: 1, target: 'no.bakhold#1' });
    act(G, 'germany', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);

    const roll = G.log.find((e) => e.event === 'combatRolled')!.data!;
    // Three battalions across a lake give one die; Panzer two more. Bakhold is cancelled.
    expect(roll.attackerDice).toEqual([2, 2, 2]);
    expect(roll.defenderDice).toEqual([6]);
    expect(roll.attackerTotal).toBe(6);
    expect(roll.defenderTotal).toBe(6);
    // The six defeats one German battalion; the tie goes to the defender; two go back to Gjøvik.
    expect(units(G, 'hamar', 'norway')).toBe(1);
    expect(units(G, 'hamar', 'germany')).toBe(0);
    expect(units(G, 'gjovik', 'germany')).toBe(2);
    expect(G.destroyed.germany).toBe(1);

    // Reinforcements: Forsterkninger with 5 symbols buys one, plus the free one; both to Oslo.
    expect(G.phase).toBe('reinforcement');
    act(G, 'germany', 'trade', { cards: ['de.forsterkninger#1'] });
    act(G, 'germany', 'place', { area: 'oslo', count: 2 });
    expect(units(G, 'oslo', 'germany')).toBe(2);
    act(G, 'allies', 'pass'); // the Allies' Ubåt window after a German reinforcement
    act(G, 'germany', 'endPhase');
    // Three cards used, three drawn: a full hand of five, and the three used lie face up under the deck.
    expect(G.hands.germany).toHaveLength(5);
    expect(G.decks.germany.used).toEqual(['de.panzer#1', 'de.speidertropp#1', 'de.forsterkninger#1']);
    expect(G.turn).toBe('norway');
  });
});

describe('Example 2: Allied turn (Invasjon, reinforcements as cards, no retreat across fjords)', () => {
  it('plays out as the book says', () => {
    const G = positionOf({
      turn: 'allies',
      units: { germany: { andalsnes: 2, oslo: 1 }, norway: { dombas: 1 } },
      hands: { allies: ['al.invasjon#1', 'al.forsterkninger#1', 'al.kystevakuering#1'] },
    });
    act(G, 'allies', 'playCard', { card: 'al.invasjon#1', effect: 0 });
    // Forsterkninger (7) + Kystevakuering (2) = 9 symbols = 3 battalions; Kystevakuering's action is ignored.
    act(G, 'allies', 'trade', { cards: ['al.forsterkninger#1', 'al.kystevakuering#1'] });
    expect(G.reinforcements.symbols).toBe(9);
    act(G, 'allies', 'place', { area: 'andalsnes', count: 3 });
    expect(G.attacks).toEqual([expect.objectContaining({ target: 'andalsnes', route: 'sea', count: 3, from: null })]);
    act(G, 'germany', 'pass'); // Germany's Ubåt window
    act(G, 'allies', 'endPhase');
    expect(G.combat?.area).toBe('andalsnes');
    // The Allies have no cards left; Germany has none for defence; nothing to counter.
    act(G, 'allies', 'pass');
    const dice = forcedDice([3, 5, 4, 6, 1]);
    act(G, 'germany', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    const roll = G.log.find((e) => e.event === 'combatRolled')!.data!;
    expect(roll.attackerTotal).toBe(12);
    expect(roll.defenderTotal).toBe(7);
    // One Allied battalion falls; Kystevakuering could save it, but it was traded in.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'evacuate' });
    act(G, 'allies', 'pass');
    // Fjords to Ålesund and Kristiansund, Norwegians in Dombås: the Germans cannot retreat and are lost.
    expect(units(G, 'andalsnes', 'germany')).toBe(0);
    expect(G.destroyed.germany).toBe(2);
    expect(units(G, 'andalsnes', 'allies')).toBe(2);
    expect(G.phase).toBe('reinforcement');
    act(G, 'allies', 'endPhase');
    expect(G.hands.allies).toHaveLength(3);
    expect(G.turn).toBe('germany');
    expect(G.round).toBe(2);
  });
});

describe('Example 3: German turn (Rask forflytning, Fallskjermtropp, Jagerfly, Kystevakuering, Transportfly)', () => {
  it('plays out as the book says', () => {
    const G = positionOf({
      turn: 'germany',
      units: { germany: { tysfjord: 2, trondheim: 1 }, norway: { bardufoss: 1 }, allies: { narvik: 2 } },
      hands: {
        germany: ['de.rask-forflytning#1', 'de.fallskjermtropp#1', 'de.bombefly#1', 'de.panzer#1', 'de.transportfly#1'],
        allies: ['al.jagerfly#1', 'al.kystevakuering#1', 'al.invasjon#1'],
        norway: ['no.forsterkninger#1', 'no.forsterkninger#2', 'no.forsterkninger#3'],
      },
    });
    // One battalion rushes via Bjørnfjell to the Bardufoss border.
    act(G, 'germany', 'playCard', {
      card: 'de.rask-forflytning#1',
      effect: 0,
      from: 'tysfjord',
      via: 'bjornfjell',
      to: 'bardufoss',
      count: 1,
    });
    expect(G.attacks[0]).toMatchObject({ target: 'bardufoss', from: 'bjornfjell' });
    act(G, 'germany', 'move', { from: 'tysfjord', to: 'narvik', count: 1 });
    // Trondheim's air field reaches Narvik but not Bardufoss, Gratangen or Tromsø.
    for (const out of ['bardufoss', 'gratangen', 'tromso'])
      expect(() => act(G, 'germany', 'playCard', { card: 'de.fallskjermtropp#1', effect: 0, to: out })).toThrow(/air range/);
    act(G, 'germany', 'playCard', { card: 'de.fallskjermtropp#1', effect: 0, to: 'narvik' });
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'paratroopers' }); // Jagerfly could divert it
    act(G, 'allies', 'pass');
    act(G, 'germany', 'endPhase');
    // Norway has no Veisperring or Sprengt bro.
    act(G, 'norway', 'pass');
    // Germany picks the order: Narvik first.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'combat' });
    act(G, 'germany', 'chooseCombat', { area: 'narvik' });
    act(G, 'germany', 'playCard', { card: 'de.bombefly#1', effect: 0 });
    act(G, 'germany', 'playCard', { card: 'de.panzer#1', effect: 0 });
    act(G, 'germany', 'pass');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'defenderCards' });
    act(G, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 0, target: 'de.bombefly#1' });
    act(G, 'allies', 'pass');
    // Germany could counter Jagerfly with Jagerbomber, but holds none.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'counter' });
    const dice = forcedDice([2, 6, 3, 6, 6, 5, 5, 4]);
    act(G, 'germany', 'pass', {}, dice);
    const rolls = G.log.filter((e) => e.event === 'combatRolled').map((e) => e.data!);
    expect(rolls[0]).toMatchObject({ attackerDice: [2, 6, 3, 6], attackerTotal: 17, defenderDice: [6, 5], defenderTotal: 11 });
    // One six against Germany, split between two groups: Germany chooses which battalion falls.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'losses' });
    act(G, 'germany', 'chooseLosses', { losses: { 'germany:air>narvik': 1 } });
    // Both Allied battalions fall; Kystevakuering rescues one to Tromsø.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'evacuate' });
    act(G, 'allies', 'playCard', { card: 'al.kystevakuering#1', effect: 1, to: 'tromso' });
    expect(units(G, 'tromso', 'allies')).toBe(1);
    expect(units(G, 'narvik', 'germany')).toBe(1);
    expect(units(G, 'narvik', 'allies')).toBe(0);

    // Bardufoss: one against one, no cards; 5 beats 4.
    expect(G.combat?.area).toBe('bardufoss');
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(rolls.length).toBe(1);
    // Norway may not retreat to Bjørnfjell (the attack came from there) nor Narvik (German): it takes Tromsø.
    expect(G.combat?.retreat?.options).not.toContain('bjornfjell');
    expect(G.combat?.retreat?.options).not.toContain('narvik');
    act(G, 'norway', 'retreat', { to: 'tromso' });
    expect(units(G, 'tromso', 'norway')).toBe(1);
    expect(units(G, 'tromso', 'allies')).toBe(1);
    expect(units(G, 'bardufoss', 'germany')).toBe(1);

    // Transportfly puts the free battalion on the Bardufoss air field; no Ubåt can touch it.
    expect(G.phase).toBe('reinforcement');
    act(G, 'germany', 'playCard', { card: 'de.transportfly#1', effect: 1 });
    act(G, 'germany', 'place', { area: 'bardufoss', count: 1, byAir: true });
    expect(units(G, 'bardufoss', 'germany')).toBe(2);
    expect(G.prompts).toEqual([]);
    act(G, 'germany', 'endPhase');
    // All five cards were used: five new ones.
    expect(G.decks.germany.used).toHaveLength(5);
    expect(G.hands.germany).toHaveLength(5);
    expect(G.turn).toBe('norway');
  });
});
