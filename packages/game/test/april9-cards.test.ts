/**
 * Every 9. April card: its effect in its window or step, and its refusal outside it or without its
 * prerequisite (EN ch. 7 and the appendix). Dice are forced; shuffles keep their order, so "a random
 * ship" is the first one placed in the zone.
 */
import { describe, it, expect } from 'vitest';
import type { GameState } from '../src/engine/model/state.js';
import { act, legal, units } from './helpers.js';
import { actor } from '../src/engine/flow.js';
import { viewFor } from '../src/engine/view.js';
import { legalActions } from '../src/engine/legal.js';
import { advancedGame, declineInterceptions, diceWith, openingTo, placeAllied } from './april9-helpers.js';

const ALL = {
  germany: ['a9.de.villedende-manover#1', 'a9.de.fallskjermtropp#1', 'a9.de.bombefly#1', 'a9.de.gebirgsjager#1', 'a9.de.bloff-trusler#1'],
  norway: ['a9.no.jagerfly#1', 'a9.no.kystfort#1', 'a9.no.omdisponering#1'],
  allies: ['a9.al.rekognoseringsfly#1', 'a9.al.stupbombefly#1', 'a9.al.minelegging#1'],
};
const HIPPER = 'ship.de.admiral-hipper';
const KARLSRUHE = 'ship.de.karlsruhe';
const DUMMY = 'ship.de.falskt-skip-1';
const WARSPITE = 'ship.al.warspite';

function refusedWith(G: GameState, f: 'germany' | 'norway' | 'allies', type: string, args: unknown, code: RegExp): void {
  const before = JSON.stringify(G);
  expect(() => act(G, f, type, args)).toThrow(code);
  expect(JSON.stringify(G)).toBe(before);
}

/** Up to the windows after Germany's placement (Norway's Omdisponering is open). */
function placed(cards = ALL, germanAt: Record<string, string> = { [HIPPER]: 'III', [KARLSRUHE]: 'III' }, eidsvoll?: string): GameState {
  const G = advancedGame([WARSPITE]);
  openingTo(G, { cards, germanAt, ...(eidsvoll ? { eidsvoll } : {}) });
  return G;
}
/** On to the movement step, with Allied ships where `alliedAt` says. */
function toMovement(G: GameState, alliedAt: Record<string, string> = { [WARSPITE]: 'III' }): void {
  act(G, 'norway', 'pass');
  act(G, 'allies', 'pass');
  placeAllied(G, alliedAt);
  act(G, 'germany', 'pass');
  declineInterceptions(G);
  expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Movement' });
}
/** On to the landing step (no paratroopers, no dive bombers). */
function toLanding(G: GameState): void {
  toMovement(G);
  act(G, 'germany', 'endPhase');
  if (actor(G)?.stage === 'april9Window') act(G, 'allies', 'pass');
  if (G.april9!.step === 'raid') act(G, 'germany', 'endPhase');
  expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
}

describe('choosing 9. April cards', () => {
  it('keeps exactly 5/3/3 of the faction’s own cards and hides the choice from the others', () => {
    const G = advancedGame();
    refusedWith(G, 'germany', 'chooseApril9', { cards: ALL.germany.slice(0, 4) }, /keep exactly 5/);
    refusedWith(G, 'germany', 'chooseApril9', { cards: [...ALL.germany.slice(0, 4), 'a9.no.ubat#1'] }, /your own/);
    refusedWith(G, 'norway', 'chooseApril9', { cards: ALL.norway }, /waiting for germany/);
    expect(legalActions(G, 'germany')).toHaveLength(462); // 5 of 11
    act(G, 'germany', 'chooseApril9', { cards: ALL.germany });
    expect(viewFor(G, 'norway').april9!.hands.germany).toEqual([]);
    expect(viewFor(G, 'norway').april9HandSizes.germany).toBe(5);
    expect(viewFor(G, 'germany').april9!.hands.germany).toEqual(ALL.germany);
    expect(JSON.stringify(viewFor(G, null))).not.toContain('a9.de.');
  });
});

describe('Skip til unnsetning (the Allies, before any ship is placed)', () => {
  it('swaps a drawn ship for one not drawn; refused with two drawn ships, or later', () => {
    const G = advancedGame();
    act(G, 'germany', 'chooseApril9', { cards: ALL.germany });
    act(G, 'norway', 'chooseApril9', { cards: ALL.norway });
    act(G, 'allies', 'chooseApril9', { cards: ['a9.al.skip-til-unnsetning#1', 'a9.al.stupbombefly#1', 'a9.al.ubat#1'] });
    const [give, keep] = G.april9!.alliedDrawn;
    const notDrawn = G.shipReserve.allies.find((s) => !G.april9!.alliedDrawn.includes(s))!;
    refusedWith(G, 'allies', 'playApril9', { card: 'a9.al.skip-til-unnsetning#1', ship: give, other: keep }, /did not draw/);
    act(G, 'allies', 'playApril9', { card: 'a9.al.skip-til-unnsetning#1', ship: give, other: notDrawn });
    expect(G.april9!.alliedDrawn).toContain(notDrawn);
    expect(G.april9!.alliedDrawn).not.toContain(give);
    expect(G.april9!.alliedDrawn).toHaveLength(9);
    // Norway is deploying now: the window is closed.
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'april9Deploy' });
    expect(G.log.some((e) => JSON.stringify(e).includes(notDrawn))).toBe(false);
  });
});

describe('Norway’s opening', () => {
  it('Finnmark, Oslo or a neighbour, two mobilisation points, Eidsvoll & Norge face up outside VIII', () => {
    const G = advancedGame();
    act(G, 'germany', 'chooseApril9', { cards: ALL.germany });
    act(G, 'norway', 'chooseApril9', { cards: ALL.norway });
    act(G, 'allies', 'chooseApril9', { cards: ALL.allies });
    act(G, 'allies', 'pass');
    expect(units(G, 'finnmark', 'norway')).toBe(1);
    refusedWith(G, 'norway', 'deploy', { area: 'bergen' }, /Oslo/);
    act(G, 'norway', 'deploy', { area: 'hamar' });
    act(G, 'norway', 'deploy', { area: 'ostfold' });
    refusedWith(G, 'norway', 'deploy', { area: 'tromso' }, /Oslo/); // both mobilisation places are taken
    act(G, 'norway', 'deploy', { area: 'oslo' });
    refusedWith(G, 'norway', 'placeShip', { ship: 'ship.no.eidsvoll-norge', zone: 'VIII' }, /zone VIII/);
    act(G, 'norway', 'placeShip', { ship: 'ship.no.eidsvoll-norge', zone: 'VII' });
    expect(G.ships).toEqual([{ id: 'ship.no.eidsvoll-norge', owner: 'norway', at: 'VII', faceUp: true }]);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Ships' });
    refusedWith(G, 'allies', 'placeShip', { ship: WARSPITE, zone: 'III' }, /waiting for germany/);
  });

  it('both mobilisation-point battalions may go on the same point ("any mobilization points", EN 7.0)', () => {
    const G = advancedGame();
    act(G, 'germany', 'chooseApril9', { cards: ALL.germany });
    act(G, 'norway', 'chooseApril9', { cards: ALL.norway });
    act(G, 'allies', 'chooseApril9', { cards: ALL.allies });
    act(G, 'allies', 'pass');
    act(G, 'norway', 'deploy', { area: 'voss' });
    expect(legal(G, 'norway', 'deploy', { area: 'voss' })).toBe(true);
    act(G, 'norway', 'deploy', { area: 'voss' });
    refusedWith(G, 'norway', 'deploy', { area: 'voss' }, /Oslo/); // both mobilisation places are taken
    act(G, 'norway', 'deploy', { area: 'oslo' });
    expect(units(G, 'voss', 'norway')).toBe(2);
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'april9Ships' });
  });
});

describe('Omdisponering (Norway, after Germany’s ships are placed)', () => {
  it('moves one battalion to a neighbour; refused across the map or later', () => {
    const G = placed();
    refusedWith(G, 'norway', 'playApril9', { card: 'a9.no.omdisponering#1', from: 'hamar', area: 'tromso' }, /neighbouring/);
    act(G, 'norway', 'playApril9', { card: 'a9.no.omdisponering#1', from: 'hamar', area: 'elverum' });
    expect(units(G, 'elverum', 'norway')).toBe(1);
    expect(units(G, 'hamar', 'norway')).toBe(0);
    // Played once, visibly: the next faction's window is the Allies'.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'april9Window' });
  });
});

describe('Rekognoseringsfly (the Allies, after Germany’s ships are placed)', () => {
  it('is refused in zones I, VI and VII and where no German ship lies', () => {
    const G = placed();
    act(G, 'norway', 'pass');
    refusedWith(G, 'allies', 'playApril9', { card: 'a9.al.rekognoseringsfly#1', zone: 'I' }, /not in sea zone I/);
    refusedWith(G, 'allies', 'playApril9', { card: 'a9.al.rekognoseringsfly#1', zone: 'IV' }, /no German ships/);
    // Two misses reveal nothing.
    act(G, 'allies', 'playApril9', { card: 'a9.al.rekognoseringsfly#1', zone: 'III' }, diceWith([4, 1]));
    expect(G.ships.filter((s) => s.owner === 'germany' && s.faceUp)).toEqual([]);
  });
});

describe('Villedende manøver (Germany, after the Allies’ ships are placed)', () => {
  it('rolls per Allied ship; each hit is moved to a neighbouring zone Germany names (never I or II)', () => {
    const G = placed();
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.villedende-manover#1', zone: 'IV' }, /no Allied ships/);
    act(G, 'germany', 'playApril9', { card: 'a9.de.villedende-manover#1', zone: 'III' }, diceWith([5]));
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Deceive' });
    refusedWith(G, 'germany', 'deceive', { to: 'II' }, /open to Allied ships/);
    act(G, 'germany', 'deceive', { to: 'IV' });
    expect(G.ships.find((s) => s.id === WARSPITE)!.at).toBe('IV');
    expect(G.log.some((e) => JSON.stringify(e).includes(WARSPITE))).toBe(false);
  });
  it('is refused before the Allies have placed', () => {
    const G = placed();
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.villedende-manover#1', zone: 'III' }, /waiting for norway/);
  });
});

describe('Fallskjermtropp and Norway’s Jagerfly (movement)', () => {
  it('drops within the 9. April air range only, and only in the movement step; Jagerfly moves it to a neighbour', () => {
    const G = placed();
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'oslo' }, /waiting for norway/);
    toMovement(G);
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'trondheim' }, /air range/);
    // Into Oslo, where Norway stands: an attack from the air.
    act(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'oslo' });
    expect(G.attacks).toEqual([expect.objectContaining({ target: 'oslo', route: 'air', count: 1 })]);
    refusedWith(G, 'norway', 'playApril9', { card: 'a9.no.jagerfly#1', area: 'bergen' }, /next to/);
    act(G, 'norway', 'playApril9', { card: 'a9.no.jagerfly#1', area: 'horten' });
    expect(G.attacks).toEqual([]);
    expect(units(G, 'horten', 'germany')).toBe(1);
  });
  it('opens the Jagerfly window although Norway has no Jagerfly', () => {
    const G = placed({ ...ALL, norway: ['a9.no.kystfort#1', 'a9.no.omdisponering#1', 'a9.no.ubat#1'] });
    toMovement(G);
    act(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'kristiansand' });
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'april9Window' });
    expect(legalActions(G, 'norway')).toEqual([{ type: 'pass', args: {} }]);
  });
});

describe('Stupbombefly (the Allies, before the naval combats)', () => {
  it('on 4–6 sinks a random German ship in zones III–V (Germany voids a card); a dummy drawn is only removed', () => {
    const G = placed();
    toMovement(G);
    act(G, 'germany', 'endPhase');
    refusedWith(G, 'allies', 'playApril9', { card: 'a9.al.stupbombefly#1', zone: 'I' }, /III–V/);
    const voidedBefore = G.decks.germany.used.length;
    act(G, 'allies', 'playApril9', { card: 'a9.al.stupbombefly#1', zone: 'III' }, diceWith([4]));
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    expect(G.decks.germany.used.length).toBe(voidedBefore + 1);
  });
  it('removes a dummy without cost', () => {
    const G = placed(ALL, { [DUMMY]: 'IV', [HIPPER]: 'III' });
    toMovement(G);
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'playApril9', { card: 'a9.al.stupbombefly#1', zone: 'IV' }, diceWith([6]));
    expect(G.shipsGone).toEqual({ sunk: [], removed: [DUMMY] });
    expect(G.decks.germany.used).toEqual([]);
  });
});

describe('raiding', () => {
  it('a slagskip in VI–VIII may raid, voiding two Allied cards once; other ships may not', () => {
    const G = placed(ALL, { 'ship.de.scharnhorst': 'VIII', 'ship.de.koln': 'VIII', [HIPPER]: 'III' });
    toMovement(G);
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Raid' });
    refusedWith(G, 'germany', 'raid', { ship: 'ship.de.koln' }, /slagskip or tung krysser/);
    act(G, 'germany', 'raid', { ship: 'ship.de.scharnhorst' });
    expect(G.ships.find((s) => s.id === 'ship.de.scharnhorst')).toMatchObject({ at: 'raid', faceUp: true });
    expect(G.decks.allies.used).toHaveLength(2);
    act(G, 'germany', 'endPhase');
    refusedWith(G, 'germany', 'landShips', { zone: 'VIII', area: 'bergen', ships: ['ship.de.koln'] }, /coast/);
  });
});

describe('landings, Minelegging and Kystfort', () => {
  it('refuses dummies, wrong coasts and ships of another zone', () => {
    const G = placed(ALL, { [DUMMY]: 'III', [HIPPER]: 'III' });
    toLanding(G);
    refusedWith(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [DUMMY] }, /German warship/);
    refusedWith(G, 'germany', 'landShips', { zone: 'III', area: 'bergen', ships: [HIPPER] }, /coast/);
    refusedWith(G, 'germany', 'landShips', { zone: 'IV', area: 'bergen', ships: [HIPPER] }, /German warship/);
  });
  it('Minelegging on 5–6 sinks a random German ship in the zone, which lands nothing', () => {
    const G = placed();
    toLanding(G);
    act(G, 'germany', 'landShips', { zone: 'III', area: 'egersund', ships: [HIPPER, KARLSRUHE] });
    act(G, 'allies', 'playApril9', { card: 'a9.al.minelegging#1' }, diceWith([5]));
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    // Egersund is no victory city: no Kystfort window, no resistance; one battalion comes ashore.
    expect(G.attacks).toEqual([expect.objectContaining({ target: 'egersund', route: 'sea', count: 1 })]);
    act(G, 'germany', 'endPhase');
    expect(units(G, 'egersund', 'germany')).toBe(1);
  });
  it('Kystfort on 6 sinks a landing ship and shuts the city; on 4–5 shuts it; refused where no city is landed on', () => {
    const G = placed();
    toLanding(G);
    act(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [HIPPER, KARLSRUHE] });
    refusedWith(G, 'norway', 'playApril9', { card: 'a9.no.kystfort#1' }, /waiting for allies/);
    act(G, 'allies', 'pass');
    act(G, 'norway', 'playApril9', { card: 'a9.no.kystfort#1' }, diceWith([6]));
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    expect(G.attacks).toEqual([]);
    refusedWith(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [KARLSRUHE] }, /shut/);
    act(G, 'germany', 'landShips', { zone: 'III', area: 'haugesund', ships: [KARLSRUHE] });
    act(G, 'allies', 'pass');
    expect(G.attacks).toEqual([expect.objectContaining({ target: 'haugesund', count: 1 })]);
  });
  it('Kystfort on 4 turns the whole landing away, the ships may land elsewhere', () => {
    const G = placed();
    toLanding(G);
    act(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [KARLSRUHE] });
    act(G, 'allies', 'pass');
    act(G, 'norway', 'playApril9', { card: 'a9.no.kystfort#1' }, diceWith([4]));
    expect(G.shipsGone.sunk).toEqual([]);
    expect(G.attacks).toEqual([]);
    expect(G.april9!.landed).toEqual([]);
  });
});

/** Land in Oslo from zone I: a combat with the Norwegian battalion there. */
function combatInOslo(G: GameState, resistance = 1): void {
  expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
  act(G, 'germany', 'landShips', { zone: 'I', area: 'oslo', ships: ['ship.de.blucher', 'ship.de.lutzow'] });
  act(G, 'allies', 'pass');
  act(G, 'norway', 'pass', {}, diceWith([resistance]));
  act(G, 'germany', 'endPhase');
  expect(G.combat?.area).toBe('oslo');
}

describe('Bombefly, Gebirgsjäger, Bløff/trusler (9. April land combat)', () => {
  it('add 2 and 1 attack dice, one of each per combat; refused outside a combat', () => {
    const cards = {
      ...ALL,
      germany: ['a9.de.bombefly#1', 'a9.de.bombefly#2', 'a9.de.gebirgsjager#1', 'a9.de.bloff-trusler#1', 'a9.de.fallskjermtropp#1'],
    };
    const G = placed(cards);
    toMovement(G);
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.bombefly#1' }, /cannot be played now/);
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass');
    combatInOslo(G);
    act(G, 'germany', 'playApril9', { card: 'a9.de.bombefly#1' });
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.bombefly#2' }, /only one Bombefly/);
    act(G, 'germany', 'playApril9', { card: 'a9.de.gebirgsjager#1' });
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.bloff-trusler#1' }, /start of the combat/);
    act(G, 'germany', 'pass');
    // Norway has no card to play; Germany none to counter with: the dice roll.
    // Two battalions + Bombefly 2 + Gebirgsjäger 1 = 5 dice against one.
    act(G, 'norway', 'pass', {}, diceWith([1, 1, 1, 1, 1, 6]));
    const roll = G.log.find((e) => e.event === 'combatRolled')!.data!;
    expect([roll.attackerDice, roll.defenderDice]).toEqual([[1, 1, 1, 1, 1], [6]]);
  });
  it('Gebirgsjäger is refused when only paratroopers attack; Bombefly is refused out of air range', () => {
    const G = placed(
      {
        ...ALL,
        germany: ['a9.de.fallskjermtropp#1', 'a9.de.gebirgsjager#1', 'a9.de.bombefly#1', 'a9.de.transportfly#1', 'a9.de.roykdekke#1'],
      },
      { [HIPPER]: 'VII', [KARLSRUHE]: 'III' },
      'VI',
    );
    toMovement(G);
    act(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'oslo' });
    act(G, 'norway', 'pass');
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass');
    act(G, 'germany', 'endPhase'); // Hipper could raid from VII; it does not
    act(G, 'germany', 'landShips', { zone: 'VII', area: 'narvik', ships: [HIPPER] });
    act(G, 'allies', 'pass');
    act(G, 'norway', 'pass', {}, diceWith([6])); // Narvik resists
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'chooseCombat', { area: 'oslo' });
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.gebirgsjager#1' }, /only paratroopers/);
    act(G, 'germany', 'pass');
    act(G, 'norway', 'pass', {}, diceWith([6, 1]));
    expect(G.combat?.area).toBe('narvik');
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.bombefly#1' }, /out of air range/);
  });
  it('Bløff/trusler: a 5 or 6 makes the battalion surrender', () => {
    const G = placed();
    toMovement(G);
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass');
    combatInOslo(G);
    act(G, 'germany', 'playApril9', { card: 'a9.de.bloff-trusler#1' }, diceWith([5]));
    expect(units(G, 'oslo', 'norway')).toBe(0);
    expect(units(G, 'oslo', 'germany')).toBe(2);
    expect(G.destroyed.norway).toBe(1);
    expect(G.combat).toBeNull();
  });
});

describe('phase 3: mobilisation, Transportfly, Ubåt, Forsterkninger', () => {
  function toReinforcement(cards = ALL): GameState {
    const G = placed(cards, { 'ship.de.karlsruhe': 'II', [HIPPER]: 'III' });
    toLanding(G);
    act(G, 'germany', 'landShips', { zone: 'II', area: 'kristiansand', ships: ['ship.de.karlsruhe'] });
    act(G, 'allies', 'pass');
    act(G, 'norway', 'pass', {}, diceWith([1]));
    act(G, 'germany', 'endPhase');
    return G;
  }
  it('Norway mobilises in every free victory city and on half the free mobilisation points', () => {
    const G = toReinforcement();
    // Kristiansand is German: Oslo, Stavanger, Bergen, Trondheim and Narvik each get one.
    expect(['oslo', 'stavanger', 'bergen', 'trondheim', 'narvik'].map((c) => units(G, c, 'norway'))).toEqual([2, 1, 1, 1, 1]);
    expect(units(G, 'kristiansand', 'germany')).toBe(1);
    expect(G.april9!.mobilization).toBe(6);
    act(G, 'norway', 'mobilize', { area: 'voss' });
    refusedWith(G, 'norway', 'mobilize', { area: 'voss' }, /one battalion each/);
    refusedWith(G, 'norway', 'mobilize', { area: 'bergen' }, /mobilisation point/);
    act(G, 'norway', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'reinforcement' });
  });
  it('Transportfly carries bought battalions onto a German air field, out of Ubåt’s reach; Ubåt sinks one otherwise', () => {
    const G = toReinforcement({
      ...ALL,
      germany: ['a9.de.transportfly#1', 'a9.de.fallskjermtropp#1', 'a9.de.bombefly#1', 'a9.de.gebirgsjager#1', 'a9.de.roykdekke#1'],
      norway: ['a9.no.ubat#1', 'a9.no.kystfort#1', 'a9.no.forsterkninger#1'],
    });
    act(G, 'norway', 'endPhase');
    refusedWith(G, 'norway', 'playApril9', { card: 'a9.no.ubat#1' }, /waiting for germany/);
    act(G, 'germany', 'playApril9', { card: 'a9.de.transportfly#1' });
    act(G, 'germany', 'place', { area: 'kristiansand', count: 1, byAir: true });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'reinforcement' }); // no Ubåt window
    act(G, 'germany', 'tradeApril9', { cards: ['a9.de.fallskjermtropp#1', 'a9.de.bombefly#1', 'a9.de.gebirgsjager#1'] });
    act(G, 'germany', 'place', { area: 'arendal', count: 1 });
    act(G, 'norway', 'playApril9', { card: 'a9.no.ubat#1' }, diceWith([4]));
    expect(units(G, 'arendal', 'germany')).toBe(0);
    act(G, 'allies', 'pass');
    expect(units(G, 'kristiansand', 'germany')).toBe(2);
    act(G, 'germany', 'endPhase');
    // Forsterkninger has no action, only its two symbols.
    refusedWith(G, 'norway', 'playApril9', { card: 'a9.no.forsterkninger#1' }, /only worth/);
    act(G, 'norway', 'tradeApril9', { cards: ['a9.no.forsterkninger#1', 'a9.no.kystfort#1'] });
    expect(G.reinforcements.symbols).toBe(3);
    act(G, 'norway', 'place', { area: 'kongsberg', count: 1 });
    act(G, 'norway', 'endPhase');
    refusedWith(G, 'allies', 'land', { areas: ['bergen', 'namsos'] }, /first ordinary turn/);
    act(G, 'allies', 'endPhase');
    expect(G.april9).toBeNull();
  });
});

describe('dummies in a 9. April naval combat', () => {
  it('stay face down and out of the combat, on the interceptor’s side too: a decoy is no ship to fight with or shoot at', () => {
    const G = placed(ALL, { [HIPPER]: 'III', [DUMMY]: 'III' });
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    act(G, 'germany', 'pass');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'intercept' });
    // One die for the one Allied ship in III: a 6 draws Warspite.
    act(G, 'germany', 'intercept', { attempt: true }, diceWith([6]));
    for (let a = actor(G); a && !G.naval?.combat; a = actor(G)) {
      if (a.stage === 'intercept') act(G, a.faction, 'intercept', { attempt: false });
      else if (a.stage === 'april9Movement') act(G, a.faction, 'endPhase');
      else act(G, a.faction, 'pass');
    }
    const c = G.naval!.combat!;
    expect(c.zone).toBe('III');
    expect(c.ships).toEqual({ germany: [HIPPER], allies: [WARSPITE] });
    expect(G.ships.find((x) => x.id === DUMMY)).toEqual({ id: DUMMY, owner: 'germany', at: 'III', faceUp: false });
    expect(JSON.stringify(viewFor(G, 'allies'))).not.toContain(DUMMY);
    // Nor may a side add its dummies to a combat as volunteers.
    expect(legalActions(G, 'germany').filter((x) => x.type === 'commitShips' && JSON.stringify(x.args).includes(DUMMY))).toEqual([]);
  });
});

describe('Røykdekke and Evakuerte matroser (naval windows)', () => {
  it('are refused while no German ship has been intercepted or sunk in naval combat', () => {
    const G = placed({
      ...ALL,
      germany: ['a9.de.roykdekke#1', 'a9.de.evakuerte-matroser#1', 'a9.de.fallskjermtropp#1', 'a9.de.bombefly#1', 'a9.de.gebirgsjager#1'],
    });
    toMovement(G);
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.roykdekke#1', ship: HIPPER }, /cannot be played now/);
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.evakuerte-matroser#1', ship: HIPPER }, /cannot be played now/);
    expect(legal(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'oslo' })).toBe(true);
  });

  const NAVAL_CARDS = {
    ...ALL,
    germany: ['a9.de.roykdekke#1', 'a9.de.evakuerte-matroser#1', 'a9.de.fallskjermtropp#1', 'a9.de.bombefly#1', 'a9.de.gebirgsjager#1'],
  };
  /** Hipper and Karlsruhe in III with Warspite; Germany lets its chance go, the Allies intercept Hipper. */
  function hipperIntercepted(): GameState {
    const G = placed(NAVAL_CARDS);
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    act(G, 'germany', 'pass');
    act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'intercept', { attempt: true }, diceWith([6, 1], [HIPPER]));
    expect(G.naval!.engagements).toEqual([{ zone: 'III', interceptors: ['allies'], intercepted: [HIPPER] }]);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Window' });
    return G;
  }

  it('Røykdekke: the intercepted ship slips away face down, no naval combat is fought, and it lands as normal', () => {
    const G = hipperIntercepted();
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.roykdekke#1', ship: KARLSRUHE }, /intercepted ships/);
    act(G, 'germany', 'playApril9', { card: 'a9.de.roykdekke#1', ship: HIPPER });
    expect(G.ships.find((x) => x.id === HIPPER)!.faceUp).toBe(false);
    expect(viewFor(G, 'allies').ships.some((x) => x.id === HIPPER)).toBe(false);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Movement' });
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass'); // Stupbombefly's window
    // No naval combat: straight on to the landings (no raider in VI–VIII), where Hipper lands.
    expect(G.shipsGone.sunk).toEqual([]);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
    expect(legal(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [HIPPER] })).toBe(true);
  });

  it('Evakuerte matroser: a German ship sunk at sea still lands its battalion from the zone where it went down', () => {
    const G = hipperIntercepted();
    act(G, 'germany', 'pass'); // no smoke
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass'); // Stupbombefly's window
    act(G, 'germany', 'commitShips', { ships: [] }); // Karlsruhe stays out
    refusedWith(G, 'germany', 'playApril9', { card: 'a9.de.evakuerte-matroser#1', ship: HIPPER }, /not possible now/);
    const dice = diceWith([1, 5], [HIPPER]); // Hipper misses; Warspite sinks it
    for (let a = actor(G); a && ['navalAttackerCards', 'navalDefenderCards', 'navalCounter'].includes(a.stage); a = actor(G))
      act(G, a.faction, 'pass', {}, dice);
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    act(G, 'allies', 'voidGermanCards', { count: 0 });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Window' });
    act(G, 'germany', 'playApril9', { card: 'a9.de.evakuerte-matroser#1', ship: HIPPER });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
    refusedWith(G, 'germany', 'landShips', { zone: 'IV', area: 'bergen', ships: [HIPPER] }, /German warship in that zone/);
    act(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [HIPPER] });
    act(G, 'allies', 'pass'); // Minelegging
    act(G, 'norway', 'pass', {}, diceWith([1])); // Kystfort kept back; Stavanger does not resist
    expect(G.attacks.some((a) => a.target === 'stavanger' && a.count === 1)).toBe(true);
  });

  it('Eidsvoll & Norge never intercepts on 9. April (NO 6.1): alone in a zone it gives the Allies no chance to', () => {
    const G = placed(NAVAL_CARDS, { [HIPPER]: 'IV', [KARLSRUHE]: 'III' }, 'IV');
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    act(G, 'germany', 'pass');
    act(G, 'germany', 'intercept', { attempt: false }); // zone III
    act(G, 'allies', 'intercept', { attempt: false });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'intercept' }); // zone IV
    act(G, 'germany', 'intercept', { attempt: false });
    // Only Eidsvoll & Norge lies with Hipper: nobody on the Allied side may try.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Movement' });
    expect(G.naval!.engagements).toEqual([]);
  });

  it("landing from Eidsvoll & Norge's zone: the landing ships fight it first, then land (EN/NO 7.2)", () => {
    // Hipper and Karlsruhe lie with Eidsvoll & Norge in IV; Germany lets phase 1's interception go.
    const G = placed(NAVAL_CARDS, { [HIPPER]: 'IV', [KARLSRUHE]: 'IV' }, 'IV');
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    act(G, 'germany', 'pass');
    declineInterceptions(G);
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass'); // Stupbombefly's window
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
    expect(G.april9!.eidsvollFought).toBe(false);
    // Hipper alone lands on Bergen: it must first fight Eidsvoll & Norge; Karlsruhe stays out.
    act(G, 'germany', 'landShips', { zone: 'IV', area: 'bergen', ships: [HIPPER] });
    expect(G.naval!.combat!.ships).toEqual({ germany: [HIPPER], allies: ['ship.no.eidsvoll-norge'] });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'navalAttackerCards' });
    // Hipper rolls 2, Eidsvoll & Norge 1: nobody is struck.
    const dice = diceWith([2, 1]);
    for (let a = actor(G); a && ['navalAttackerCards', 'navalDefenderCards', 'navalCounter'].includes(a.stage); a = actor(G))
      act(G, a.faction, 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.april9!.eidsvollFought).toBe(true);
    // Hipper is still landing, so it lies face up again (the combat turned it down); Karlsruhe was never shown.
    expect(G.ships.find((x) => x.id === HIPPER)!.faceUp).toBe(true);
    expect(G.ships.find((x) => x.id === KARLSRUHE)!.faceUp).toBe(false);
    expect(JSON.stringify(viewFor(G, 'allies'))).not.toContain(KARLSRUHE);
    // Then the landing goes on as any other: Minelegging, Kystfort, Norway's resistance.
    act(G, 'allies', 'pass');
    act(G, 'norway', 'pass', {}, diceWith([1]));
    expect(G.attacks.some((a) => a.target === 'bergen' && a.count === 1)).toBe(true);
    // Eidsvoll & Norge has fought: Karlsruhe lands without another combat.
    act(G, 'germany', 'landShips', { zone: 'IV', area: 'voss', ships: [KARLSRUHE] });
    expect(G.naval!.combat).toBeNull();
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'april9Window' });
  });

  it('a landing ship Eidsvoll & Norge drives off does not land', () => {
    const G = placed(NAVAL_CARDS, { [HIPPER]: 'IV', [KARLSRUHE]: 'III' }, 'IV');
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    act(G, 'germany', 'pass');
    declineInterceptions(G);
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass');
    act(G, 'germany', 'landShips', { zone: 'IV', area: 'bergen', ships: [HIPPER] });
    // Hipper misses (1); Eidsvoll & Norge chases on a 6, and a chased ship goes where the chaser says.
    const dice = diceWith([1, 6]);
    for (let a = actor(G); a && ['navalAttackerCards', 'navalDefenderCards', 'navalCounter'].includes(a.stage); a = actor(G))
      act(G, a.faction, 'pass', {}, dice);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalChase' });
    act(G, 'allies', 'chaseShip', { ship: HIPPER, to: 'VIII' });
    // Hipper was driven off: nothing comes ashore, no window opens, and it may not land from VIII.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
    expect(G.april9!.landing).toBeNull();
    expect(G.attacks).toEqual([]);
  });

  it("when Germany intercepts in Eidsvoll & Norge's zone in phase 1, that combat is its fight and the landing follows freely", () => {
    const G = placed(NAVAL_CARDS, { [HIPPER]: 'IV', [KARLSRUHE]: 'III' }, 'IV');
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    placeAllied(G, { [WARSPITE]: 'III' });
    act(G, 'germany', 'pass');
    act(G, 'germany', 'intercept', { attempt: false }); // zone III
    act(G, 'allies', 'intercept', { attempt: false });
    act(G, 'germany', 'intercept', { attempt: true }, diceWith([])); // zone IV: Eidsvoll & Norge drawn without a die
    act(G, 'germany', 'endPhase');
    act(G, 'allies', 'pass');
    const dice = diceWith([2, 1]);
    for (let a = actor(G); a && ['navalAttackerCards', 'navalDefenderCards', 'navalCounter'].includes(a.stage); a = actor(G))
      act(G, a.faction, 'pass', {}, dice);
    expect(G.april9!.eidsvollFought).toBe(true);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Landing' });
    act(G, 'germany', 'landShips', { zone: 'IV', area: 'bergen', ships: [HIPPER] });
    expect(G.naval!.combat).toBeNull();
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'april9Window' });
  });
});

describe('after the 9. April turn', () => {
  it('the Allies bring their other nine ships into zones III–VIII in their first movement phase', () => {
    const G = placed();
    toLanding(G);
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'endPhase');
    act(G, 'germany', 'place', { area: 'horten', count: 1 });
    act(G, 'norway', 'pass');
    act(G, 'allies', 'pass');
    act(G, 'germany', 'endPhase');
    act(G, 'norway', 'endPhase');
    act(G, 'allies', 'endPhase');
    expect(G.april9).toBeNull();
    act(G, 'germany', 'endPhase');
    while (G.turn !== 'allies') {
      const a = actor(G)!;
      act(
        G,
        a.faction,
        a.stage === 'movement' || a.stage === 'reinforcement' ? 'endPhase' : a.stage === 'discard' ? 'discard' : 'pass',
        a.stage === 'discard' ? { card: G.hands[a.faction][0] } : {},
      );
    }
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'movement' });
    refusedWith(G, 'allies', 'endPhase', {}, /other ships/);
    const [first] = G.shipReserve.allies;
    refusedWith(G, 'allies', 'placeShip', { ship: first, zone: 'II' }, /zones I and II/);
    for (const id of [...G.shipReserve.allies]) act(G, 'allies', 'placeShip', { ship: id, zone: 'VIII' });
    expect(G.homeFleetDue).toBe(false);
    act(G, 'allies', 'endPhase');
  });
});
