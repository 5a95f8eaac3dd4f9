/**
 * EN Example 4, "9. April Turn", replayed through the engine with the book's dice. The example
 * shows zone III and the land around it; the rest of the board is played plainly (ships elsewhere,
 * nothing landed elsewhere) so that nothing outside the example rolls a die.
 */
import { describe, it, expect } from 'vitest';
import { act, units } from './helpers.js';
import { actor } from '../src/engine/flow.js';
import { viewFor } from '../src/engine/view.js';
import { advancedGame, diceWith, openingTo, placeAllied } from './april9-helpers.js';

const HIPPER = 'ship.de.admiral-hipper';
const KARLSRUHE = 'ship.de.karlsruhe';
const WARSPITE = 'ship.al.warspite';
const LETT = 'ship.al.lett-krysser-med-jagere';

describe('Example 4: the 9. April turn', () => {
  it('plays out as the book prints it', () => {
    // The Allies' random draw includes Warspite and "Lett krysser med jagere".
    const G = advancedGame([WARSPITE, LETT]);
    expect(G.april9!.alliedDrawn).toContain(WARSPITE);
    expect(G.april9!.alliedDrawn).toContain(LETT);

    // Initial phase: the cards the example names.
    openingTo(G, {
      cards: {
        germany: [
          'a9.de.fallskjermtropp#1',
          'a9.de.fallskjermtropp#2',
          'a9.de.bombefly#1',
          'a9.de.bloff-trusler#1',
          'a9.de.gebirgsjager#1',
        ],
        norway: ['a9.no.kystfort#1', 'a9.no.jagerfly#1', 'a9.no.ubat#1'],
        allies: ['a9.al.rekognoseringsfly#1', 'a9.al.stupbombefly#1', 'a9.al.forsterkninger#1'],
      },
      // "Admiral Hipper" and "Karlsruhe" in Sea Zone III, face down; the rest outside the example.
      germanAt: { [HIPPER]: 'III', [KARLSRUHE]: 'III' },
    });
    expect(G.ships.filter((s) => s.at === 'III').map((s) => [s.id, s.faceUp])).toEqual([
      [HIPPER, false],
      [KARLSRUHE, false],
    ]);
    // Norway's hidden view shows two face-down German ships in III and not which.
    expect(viewFor(G, 'norway').ships.filter((s) => s.at === 'III')).toEqual([
      { id: null, owner: 'germany', at: 'III', faceUp: false },
      { id: null, owner: 'germany', at: 'III', faceUp: false },
    ]);

    // Norway does not use Omdisponering (it has not got it); the Allies fly Rekognoseringsfly over III.
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'april9Window' });
    act(G, 'norway', 'pass');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'april9Window' });
    // Z and V: one German ship is discovered, and it is "Admiral Hipper".
    const recon = diceWith([6, 2]);
    act(G, 'allies', 'playApril9', { card: 'a9.al.rekognoseringsfly#1', zone: 'III' }, recon);
    expect(recon.remaining()).toBe(0);
    expect(G.ships.find((s) => s.id === HIPPER)!.faceUp).toBe(true);
    expect(viewFor(G, 'allies').ships.some((s) => s.id === HIPPER)).toBe(true);
    expect(viewFor(G, 'allies').ships.some((s) => s.id === KARLSRUHE)).toBe(false);

    // The Allies place Warspite and the light cruiser in III, face down; Hipper is turned down again.
    placeAllied(G, { [WARSPITE]: 'III', [LETT]: 'III' });
    expect(G.ships.find((s) => s.id === HIPPER)!.faceUp).toBe(false);
    expect(G.ships.filter((s) => s.owner === 'allies' && s.at === 'III').map((s) => s.faceUp)).toEqual([false, false]);
    // Germany has no Villedende manøver to play.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Window' });
    act(G, 'germany', 'pass');

    // Phase 1, naval interception in zone III: Germany does not try; the Allies do, turning their
    // ships face up, and roll Y W: one German ship is intercepted, drawn at random: "Admiral Hipper".
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'intercept' });
    act(G, 'germany', 'intercept', { attempt: false });
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'intercept' });
    const interception = diceWith([5, 3], [HIPPER]);
    act(G, 'allies', 'intercept', { attempt: true }, interception);
    expect(interception.remaining()).toBe(0);
    expect(G.ships.find((s) => s.id === HIPPER)!.faceUp).toBe(true);
    expect(G.ships.find((s) => s.id === KARLSRUHE)!.faceUp).toBe(false);
    expect(G.ships.filter((s) => s.owner === 'allies' && s.at === 'III').every((s) => s.faceUp)).toBe(true);
    // Røykdekke could hide Hipper: the window opens although Germany has not kept it.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Window' });
    act(G, 'germany', 'pass');

    // Movement: Fallskjermtropp into Stavanger; Norway's Jagerfly puts it in Haugesund.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Movement' });
    act(G, 'germany', 'playApril9', { card: 'a9.de.fallskjermtropp#1', area: 'stavanger' });
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'april9Window' });
    act(G, 'norway', 'playApril9', { card: 'a9.no.jagerfly#1', area: 'haugesund' });
    expect(units(G, 'haugesund', 'germany')).toBe(1);
    expect(units(G, 'stavanger', 'germany')).toBe(0);
    act(G, 'germany', 'endPhase');

    // Phase 2a: the Allies' Stupbombefly rolls W over zone III: no German ship is sunk.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'april9Window' });
    const dive = diceWith([3]);
    act(G, 'allies', 'playApril9', { card: 'a9.al.stupbombefly#1', zone: 'III' }, dive);
    expect(dive.remaining()).toBe(0);
    expect(G.shipsGone.sunk).toEqual([]);

    // The naval combat in III: Germany leaves the unintercepted Karlsruhe out of it.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'navalVolunteer' });
    act(G, 'germany', 'commitShips', { ships: [] });
    expect(G.naval!.combat!.ships).toEqual({ germany: [HIPPER], allies: [WARSPITE, LETT] });
    // 1.–3. No cards. 4. Hipper rolls U: nothing. 5. Warspite, the strongest, rolls Y: a German ship
    // is sunk, and Hipper is the only one; "Lett krysser med jagere" has nothing left to roll for.
    const naval = diceWith([1, 5], [HIPPER]);
    for (let a = actor(G); a && ['navalAttackerCards', 'navalDefenderCards', 'navalCounter'].includes(a.stage); a = actor(G))
      act(G, a.faction, 'pass', {}, naval);
    expect(naval.remaining()).toBe(0);
    expect(G.naval!.combat!.rolls.map((r) => [r.by, r.die, r.result])).toEqual([
      [HIPPER, 1, null],
      [WARSPITE, 5, 'sink'],
    ]);
    // 6. Hipper is removed, and one German action card is voided (the Allies choose to void it).
    expect(G.shipsGone.sunk).toEqual([HIPPER]);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalVoid' });
    const germanUsed = G.decks.germany.used.length;
    act(G, 'allies', 'voidGermanCards', { count: 1 });
    expect(G.decks.germany.used.length).toBe(germanUsed + 1);
    // 7. Nothing was chased. 8. The two Allied ships lie face down again.
    expect(G.ships.filter((s) => s.owner === 'allies' && s.at === 'III').map((s) => s.faceUp)).toEqual([false, false]);
    // Evakuerte matroser could still land Hipper's battalion: its window opens; Germany has not got it.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Window' });
    act(G, 'germany', 'pass');

    // Raiding: no German slagskip or tung krysser lies in VI–VIII, so nobody raids.
    expect(G.april9!.step).toBe('landing');
    // Karlsruhe, still face down, lands a battalion in Stavanger and is turned face up.
    act(G, 'germany', 'landShips', { zone: 'III', area: 'stavanger', ships: [KARLSRUHE] });
    expect(G.ships.find((s) => s.id === KARLSRUHE)!.faceUp).toBe(true);
    act(G, 'allies', 'pass'); // Minelegging's window (the Allies have none)
    // Norway keeps its Kystfort; its resistance roll is a Z: a Norwegian battalion in Stavanger.
    const resistance = diceWith([6]);
    act(G, 'norway', 'pass', {}, resistance);
    expect(resistance.remaining()).toBe(0);
    expect(units(G, 'stavanger', 'norway')).toBe(1);
    act(G, 'germany', 'endPhase');

    // Phase 2b: the combat in Stavanger, one battalion each. Bløff/trusler rolls a W: the Norwegian
    // battalion must retreat, and Egersund is the only area open to it (Haugesund is German).
    expect(G.combat?.area).toBe('stavanger');
    const bluff = diceWith([3]);
    act(G, 'germany', 'playApril9', { card: 'a9.de.bloff-trusler#1' }, bluff);
    expect(bluff.remaining()).toBe(0);
    expect(units(G, 'egersund', 'norway')).toBe(1);
    expect(units(G, 'stavanger', 'germany')).toBe(1);
    expect(G.combat).toBeNull();

    // Phase 3: Norway mobilises outside the example's section.
    expect(actor(G)).toEqual({ faction: 'norway', stage: 'april9Mobilize' });
    act(G, 'norway', 'endPhase');
    // Germany places its free battalion outside the section; nobody else can buy one.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'reinforcement' });
    act(G, 'germany', 'place', { area: 'horten', count: 1 });
    act(G, 'norway', 'pass'); // Ubåt windows
    act(G, 'allies', 'pass');
    act(G, 'germany', 'endPhase');
    // Kystfort and Ubåt are worth 2 symbols, the Allies' Forsterkninger 2: not enough for a battalion.
    act(G, 'norway', 'tradeApril9', { cards: ['a9.no.kystfort#1', 'a9.no.ubat#1'] });
    expect(G.reinforcements.symbols).toBe(2);
    expect(() => act(G, 'norway', 'place', { area: 'kongsberg', count: 1 })).toThrow(/not bought/);
    act(G, 'norway', 'endPhase');
    act(G, 'allies', 'endPhase');

    // Phase 4: the 9. April cards leave the game, 5/3/3 action cards are drawn, dummies go.
    expect(G.april9).toBeNull();
    expect([G.hands.germany.length, G.hands.norway.length, G.hands.allies.length]).toEqual([5, 3, 3]);
    expect(G.ships.some((s) => s.id.includes('falskt-skip'))).toBe(false);
    expect(G.turn).toBe('germany');
    expect(G.round).toBe(1);
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'movement' });
    // "At the end of the 9. April turn there is one German battalion in Haugesund and one in Stavanger.
    // There is a Norwegian battalion in Egersund." Egersund is not German: the cable holds.
    expect([units(G, 'haugesund', 'germany'), units(G, 'stavanger', 'germany'), units(G, 'egersund', 'norway')]).toEqual([1, 1, 1]);
    expect(G.log.some((e) => e.event === 'telegraphCableCut')).toBe(false);
    // The Allies' other nine ships wait for their first movement phase.
    expect(G.shipReserve.allies).toHaveLength(9);
    expect(G.homeFleetDue).toBe(true);
  });
});
