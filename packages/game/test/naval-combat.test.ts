/**
 * Naval combat (EN 8.2, steps 1–8) in the ordinary turns of the advanced game, with forced dice:
 * who fights, card windows and their limits, rolls strongest ship first, sinking with voided cards,
 * chasing, and the survivors face down again. Then land combat follows.
 */
import { describe, it, expect } from 'vitest';
import { act } from './helpers.js';
import { advancedPosition } from './advanced-helpers.js';
import { forcedDice } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { RuleError } from '../src/engine/kernel/errors.js';
import { viewFor } from '../src/engine/view.js';
import type { GameState } from '../src/engine/model/state.js';

const HIPPER = 'ship.de.admiral-hipper';
const KARLSRUHE = 'ship.de.karlsruhe';
const KOLN = 'ship.de.koln';
const BLUCHER = 'ship.de.blucher';
const WARSPITE = 'ship.al.warspite';
const LETT = 'ship.al.lett-krysser-med-jagere';
const RENOWN = 'ship.al.renown';
const DEVONSHIRE = 'ship.al.devonshire';
const FURIOUS = 'ship.al.furious';
const EIDSVOLL = 'ship.no.eidsvoll-norge';

const piece = (G: GameState, id: string) => G.ships.find((s) => s.id === id);
function refused(fn: () => void, code: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    expect((e as RuleError).code).toBe(code);
    return;
  }
  throw new Error(`expected refusal ${code}`);
}

/**
 * Example 4's naval combat, met in an ordinary German turn: Hipper and Karlsruhe sail into zone III
 * where Warspite and "Lett krysser med jagere" lie; the Allies intercept (Y and W): Hipper is drawn.
 */
function example4(
  hands: { germany?: string[]; allies?: string[] } = {},
  units = { germany: { stavanger: 1, oslo: 1 }, norway: { hamar: 1 } },
) {
  const G = advancedPosition({
    turn: 'germany',
    units,
    ships: [
      { id: HIPPER, at: 'II' },
      { id: KARLSRUHE, at: 'II' },
      { id: WARSPITE, at: 'III' },
      { id: LETT, at: 'III' },
    ],
    hands,
  });
  act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
  act(G, 'germany', 'intercept', { attempt: false });
  act(G, 'allies', 'intercept', { attempt: true }, forcedDice([5, 3]));
  act(G, 'germany', 'anchor');
  act(G, 'germany', 'endPhase');
  return G;
}

describe('naval combat, as in Example 4', () => {
  it("Hipper alone against Warspite and the light cruiser: U misses, Warspite's Y sinks it, one German card voided", () => {
    const G = example4();
    // Naval combat comes before land combat. Germany may add Karlsruhe, and does not.
    expect(G.phase).toBe('combat');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'navalVolunteer' });
    expect(legalActions(G, 'germany')).toContainEqual({ type: 'commitShips', args: { ships: [KARLSRUHE] } });
    act(G, 'germany', 'commitShips', { ships: [] });
    expect(G.naval!.combat!.ships).toEqual({ germany: [HIPPER], allies: [WARSPITE, LETT] });
    act(G, 'germany', 'pass'); // 1. no cards
    // 2. no cards; 3. nothing to counter: the dice. 4. Hipper rolls U. 5. Warspite, the strongest, rolls Y; no more dice are needed.
    const dice = forcedDice([1, 5]);
    const topCard = G.decks.germany.draw[0]!;
    act(G, 'allies', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.naval!.combat!.rolls.map((r) => [r.by, r.die, r.result, r.target])).toEqual([
      [HIPPER, 1, null, null],
      [WARSPITE, 5, 'sink', HIPPER],
    ]);
    // 6. Hipper is removed; the Allies decide how many German cards are voided (at most one).
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalVoid' });
    refused(() => act(G, 'allies', 'voidGermanCards', { count: 2 }), 'too-many');
    act(G, 'allies', 'voidGermanCards', { count: 1 });
    expect(G.decks.germany.used).toEqual([topCard]);
    // 7. nothing chased. 8. The Allied ships turn face down; Karlsruhe never showed itself.
    expect([piece(G, WARSPITE)!.faceUp, piece(G, LETT)!.faceUp, piece(G, KARLSRUHE)!.faceUp]).toEqual([false, false, false]);
    expect(G.naval!.combat).toBeNull();
    // No land combat: on to reinforcements.
    expect(G.phase).toBe('reinforcement');
    // The German view still shows what happened, but not the Allied ships now face down.
    const json = JSON.stringify(viewFor(G, 'germany'));
    expect(json).not.toContain(WARSPITE);
    expect(json).toContain(HIPPER);
  });

  it('the Allies may decline to void German cards', () => {
    const G = example4();
    act(G, 'germany', 'commitShips', { ships: [] });
    act(G, 'germany', 'pass');
    act(G, 'allies', 'pass', {}, forcedDice([1, 5]));
    const deck = [...G.decks.germany.draw];
    act(G, 'allies', 'voidGermanCards', { count: 0 });
    expect(G.decks.germany.draw).toEqual(deck);
  });

  it("voiding takes the last face-down card too: the game ends at Germany's next draw (EN 8.2 step 6, 2.4)", () => {
    const G = example4();
    G.decks.germany.used.push(...G.decks.germany.draw.splice(1));
    act(G, 'germany', 'commitShips', { ships: [] });
    act(G, 'germany', 'pass');
    act(G, 'allies', 'pass', {}, forcedDice([1, 5]));
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    // Hipper's loss may void one card, the deck's last one.
    expect(legalActions(G, 'allies').map((a) => a.args)).toEqual([{ count: 0 }, { count: 1 }]);
    act(G, 'allies', 'voidGermanCards', { count: 1 });
    expect(G.decks.germany.draw).toHaveLength(0);
    expect(G.result).toBeNull();
    expect(G.phase).toBe('reinforcement');
    act(G, 'germany', 'endPhase');
    // The next draw reveals the first face-up card: the deck is used up and the cities are scored.
    expect(G.result).not.toBeNull();
    expect(G.log.some((e) => e.event === 'germanDeckOut')).toBe(true);
  });

  it("an Allied deck emptied by voiding brings the withdrawal at the Allies' next draw", () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 1 }, norway: { hamar: 1 }, allies: { namsos: 5 } },
      ships: [
        { id: HIPPER, at: 'V' },
        { id: WARSPITE, at: 'VI' },
      ],
    });
    G.decks.allies.used.push(...G.decks.allies.draw.splice(2));
    act(G, 'allies', 'sail', { ships: [WARSPITE], to: 'V' });
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([6]));
    if (actor(G)?.stage === 'intercept') act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'endPhase');
    act(G, 'allies', 'pass');
    // Warspite misses (1), Hipper sinks it (6): a battleship voids two Allied cards, the last two.
    act(G, 'germany', 'pass', {}, forcedDice([1, 6]));
    expect(G.shipsGone.sunk).toEqual([WARSPITE]);
    expect(G.decks.allies.draw).toHaveLength(0);
    expect(G.alliesDeckSpent).toBe(false);
    expect(G.phase).toBe('reinforcement');
    act(G, 'allies', 'endPhase');
    expect(G.alliesDeckSpent).toBe(true);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'withdrawShips' });
    expect(G.prompts.map((p) => p.kind)).toEqual(['withdraw', 'withdrawShips']);
  });

  it('Bombefly strikes at sea within air range (Sola reaches zone III), one card of a type per combat', () => {
    const G = example4({ germany: ['de.bombefly#1', 'de.bombefly#2', 'de.panzer#1'] });
    act(G, 'germany', 'commitShips', { ships: [] });
    refused(() => act(G, 'germany', 'playNavalCard', { card: 'de.panzer#1', effect: 0 }), 'not-at-sea');
    refused(() => act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 0 }), 'not-at-sea');
    act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 });
    refused(() => act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#2', effect: 1 }), 'card-type-used');
    act(G, 'germany', 'pass');
    // Hipper rolls 2 (miss), the bombers 6: a random Allied ship is sunk; both Allied ships still fire (1, 1).
    const dice = forcedDice([2, 6, 1, 1]);
    act(G, 'allies', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.shipsGone.sunk).toEqual([WARSPITE]);
    // The Allies lose a battleship: two Allied cards are voided at once.
    expect(G.naval!.lastCombat?.voided.allies ?? G.naval!.combat?.voided.allies).toHaveLength(2);
  });

  it('Bombefly needs a German air field that reaches the zone', () => {
    const G = example4({ germany: ['de.bombefly#1'] }, { germany: { oslo: 1 }, norway: { hamar: 1 } } as never);
    act(G, 'germany', 'commitShips', { ships: [] });
    refused(() => act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 }), 'out-of-air-range');
  });

  it('Jagerfly cancels Bombefly only with a carrier in the zone; Jagerbomber cancels Jagerfly in the counter step', () => {
    const G = example4({ germany: ['de.bombefly#1', 'de.jagerbomber#1'], allies: ['al.jagerfly#1', 'al.jagerfly#2'] });
    act(G, 'germany', 'commitShips', { ships: [] });
    act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 });
    act(G, 'germany', 'pass');
    refused(() => act(G, 'allies', 'playNavalCard', { card: 'al.jagerfly#1', effect: 0, target: 'de.bombefly#1' }), 'needs-ship');
    // A carrier in zone III (not in the fight) is enough.
    G.shipReserve.allies = G.shipReserve.allies.filter((x) => x !== FURIOUS);
    G.ships.push({ id: FURIOUS, owner: 'allies', at: 'III', faceUp: false });
    act(G, 'allies', 'playNavalCard', { card: 'al.jagerfly#1', effect: 0, target: 'de.bombefly#1' });
    act(G, 'allies', 'pass');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'navalCounter' });
    act(G, 'germany', 'playNavalCard', { card: 'de.jagerbomber#1', effect: 1, target: 'al.jagerfly#1' });
    // Bombefly is in force again: Hipper 2, bombers 5 (sink); Warspite and Lett krysser 1, 1.
    const dice = forcedDice([2, 5, 1, 1]);
    act(G, 'germany', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.shipsGone.sunk).toEqual([WARSPITE]);
  });

  it('Ubåt: either side, sinking on its own faces', () => {
    const G = example4({ allies: ['al.ubat#1'] });
    act(G, 'germany', 'commitShips', { ships: [] });
    act(G, 'germany', 'pass');
    act(G, 'allies', 'playNavalCard', { card: 'al.ubat#1', effect: 1 });
    refused(() => act(G, 'allies', 'playNavalCard', { card: 'al.ubat#1', effect: 0 }), 'card-not-in-hand');
    // Hipper 1; Warspite 2, Lett 3, Ubåt 5 (sinks Hipper).
    const dice = forcedDice([1, 2, 3, 5]);
    act(G, 'allies', 'pass', {}, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
  });
});

describe('sinking, chasing, Eidsvoll & Norge', () => {
  it('struck ships still shoot back; the chaser moves a chased ship to a neighbouring zone', () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 1 }, allies: { namsos: 1 } },
      ships: [
        { id: RENOWN, at: 'IV' },
        { id: KOLN, at: 'V' },
      ],
    });
    act(G, 'allies', 'sail', { ships: [RENOWN], to: 'V' });
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([6]));
    act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalAttackerCards' });
    act(G, 'allies', 'pass');
    const alliedDeck = G.decks.allies.draw.length;
    // Renown 3: chases Köln; Köln, struck, still fires: 6 sinks Renown.
    act(G, 'germany', 'pass', {}, forcedDice([3, 6]));
    expect(G.shipsGone.sunk).toEqual([RENOWN]);
    expect(G.decks.allies.draw.length).toBe(alliedDeck - 2);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalChase' });
    refused(() => act(G, 'allies', 'chaseShip', { ship: KOLN, to: 'III' }), 'wrong-zone');
    act(G, 'allies', 'chaseShip', { ship: KOLN, to: 'VI' });
    expect(piece(G, KOLN)).toEqual({ id: KOLN, owner: 'germany', at: 'VI', faceUp: false });
    expect(G.phase).toBe('reinforcement');
  });

  it('Eidsvoll & Norge joins the Allied side, is the first Allied ship sunk, and costs Norway no cards', () => {
    const G = advancedPosition({
      turn: 'germany',
      units: { germany: { oslo: 1 }, norway: { narvik: 1 } },
      ships: [
        { id: BLUCHER, at: 'VI' },
        { id: DEVONSHIRE, at: 'VII' },
        { id: EIDSVOLL, at: 'VII' },
      ],
    });
    act(G, 'germany', 'sail', { ships: [BLUCHER], to: 'VII' });
    // Eidsvoll is drawn without a die; Devonshire's die misses.
    act(G, 'germany', 'intercept', { attempt: true }, forcedDice([2]));
    act(G, 'allies', 'intercept', { attempt: false });
    act(G, 'germany', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalVolunteer' });
    act(G, 'allies', 'commitShips', { ships: [DEVONSHIRE] });
    expect(G.naval!.combat!.ships.allies).toEqual([DEVONSHIRE, EIDSVOLL]);
    act(G, 'germany', 'pass');
    const norway = JSON.stringify(G.decks.norway);
    // Blücher 6 sinks: Eidsvoll goes first. Devonshire 1, Eidsvoll (struck, still firing) 1.
    act(G, 'allies', 'pass', {}, forcedDice([6, 1, 1]));
    expect(G.shipsGone.sunk).toEqual([EIDSVOLL]);
    expect(JSON.stringify(G.decks.norway)).toBe(norway);
    expect(piece(G, DEVONSHIRE)!.faceUp).toBe(false);
  });

  it('Eidsvoll & Norge is sunk when chased', () => {
    const G = advancedPosition({
      turn: 'germany',
      units: { germany: { oslo: 1 }, norway: { narvik: 1 } },
      ships: [
        { id: BLUCHER, at: 'VI' },
        { id: EIDSVOLL, at: 'VII' },
      ],
    });
    act(G, 'germany', 'sail', { ships: [BLUCHER], to: 'VII' });
    act(G, 'germany', 'intercept', { attempt: true });
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'pass');
    // Blücher 4 chases; Eidsvoll fires back (1) and then sinks, too slow to get away.
    act(G, 'allies', 'pass', {}, forcedDice([4, 1]));
    expect(G.shipsGone.sunk).toEqual([EIDSVOLL]);
    expect(G.naval!.lastCombat!.chased).toEqual([]);
  });

  it('the attacker chooses the order of several naval combats', () => {
    const G = advancedPosition({
      turn: 'germany',
      units: { germany: { oslo: 1 }, norway: { narvik: 1 } },
      ships: [
        { id: HIPPER, at: 'II' },
        { id: BLUCHER, at: 'VI' },
        { id: WARSPITE, at: 'III' },
        { id: EIDSVOLL, at: 'VII' },
      ],
    });
    act(G, 'germany', 'sail', { ships: [HIPPER], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: true }, forcedDice([6]));
    act(G, 'allies', 'intercept', { attempt: false });
    act(G, 'germany', 'sail', { ships: [BLUCHER], to: 'VII' });
    act(G, 'germany', 'intercept', { attempt: true });
    act(G, 'germany', 'endPhase');
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'navalCombat' });
    expect(legalActions(G, 'germany').map((a) => a.args)).toEqual([{ zone: 'III' }, { zone: 'VII' }]);
    refused(() => act(G, 'germany', 'chooseNavalCombat', { zone: 'V' }), 'no-combat');
    act(G, 'germany', 'chooseNavalCombat', { zone: 'VII' });
    expect(G.naval!.combat!.zone).toBe('VII');
  });
});

describe('refusals at sea', () => {
  it('Bombefly from Bardufoss reaches zone VII, not as the defender, and never outside a naval combat', () => {
    const make = (turn: 'germany' | 'allies') => {
      const G = advancedPosition({
        turn,
        units: { germany: { bardufoss: 1, oslo: 1 }, norway: { hamar: 1 }, allies: { harstad: 1 } },
        ships:
          turn === 'germany'
            ? [
                { id: BLUCHER, at: 'VI' },
                { id: DEVONSHIRE, at: 'VII' },
              ]
            : [
                { id: BLUCHER, at: 'VII' },
                { id: DEVONSHIRE, at: 'VI' },
              ],
        hands: { germany: ['de.bombefly#1', 'de.ubat#1'], allies: ['al.ubat#1'] },
      });
      return G;
    };
    const G = make('germany');
    refused(() => act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 }), 'wrong-time');
    act(G, 'germany', 'sail', { ships: [BLUCHER], to: 'VII' });
    act(G, 'germany', 'intercept', { attempt: true }, forcedDice([6]));
    act(G, 'allies', 'intercept', { attempt: false });
    act(G, 'germany', 'endPhase');
    refused(() => act(G, 'norway', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 }), 'not-your-turn');
    refused(() => act(G, 'allies', 'playNavalCard', { card: 'al.ubat#1', effect: 1 }), 'not-your-turn');
    expect(legalActions(G, 'germany')).toContainEqual({ type: 'playNavalCard', args: { card: 'de.bombefly#1', effect: 1 } });
    act(G, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 });

    const A = make('allies');
    act(A, 'allies', 'sail', { ships: [DEVONSHIRE], to: 'VII' });
    act(A, 'allies', 'intercept', { attempt: true }, forcedDice([6]));
    act(A, 'germany', 'intercept', { attempt: false });
    act(A, 'allies', 'endPhase');
    act(A, 'allies', 'pass');
    expect(actor(A)).toEqual({ faction: 'germany', stage: 'navalDefenderCards' });
    refused(() => act(A, 'germany', 'playNavalCard', { card: 'de.bombefly#1', effect: 1 }), 'wrong-time');
    act(A, 'germany', 'playNavalCard', { card: 'de.ubat#1', effect: 1 });
  });

  it("only the other side's ships may be added, and only the chaser moves a chased ship", () => {
    const G = example4();
    refused(() => act(G, 'germany', 'commitShips', { ships: [WARSPITE] }), 'bad-ship');
    refused(() => act(G, 'allies', 'commitShips', { ships: [] }), 'not-your-turn');
    act(G, 'germany', 'commitShips', { ships: [KARLSRUHE] });
    act(G, 'germany', 'pass');
    // Hipper 3 (tung krysser: nothing), Karlsruhe 5 chases; Warspite 4 chases, Lett krysser 1.
    act(G, 'allies', 'pass', {}, forcedDice([3, 5, 4, 1]));
    expect(G.naval!.combat!.chased).toHaveLength(2);
    const first = actor(G)!;
    const other = first.faction === 'germany' ? 'allies' : 'germany';
    const ship = G.naval!.combat!.chased[0]!;
    refused(() => act(G, other, 'chaseShip', { ship, to: 'IV' }), 'not-your-turn');
  });
});
