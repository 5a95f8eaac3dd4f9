/**
 * What ships decide on land (advanced game): reinforcement placement by sea control (EN 8.3), the
 * ship prerequisites of Allied cards (appendix), and the Allied deck-out's five ships (EN 5.2, 6.1).
 */
import { describe, it, expect } from 'vitest';
import { act, legal, units } from './helpers.js';
import { advancedPosition } from './advanced-helpers.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { RuleError } from '../src/engine/kernel/errors.js';
import { SHIPS } from '../src/cards/advanced.js';

const HIPPER = 'ship.de.admiral-hipper';
const WARSPITE = 'ship.al.warspite';
const FURIOUS = 'ship.al.furious';

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
type Ships = { id: string; at: 'I' | 'II' | 'III' | 'IV' | 'V' | 'VI' | 'VII' | 'VIII' }[];
function reinforcing(f: 'germany' | 'allies', ships: Ships, free = 3) {
  const G = advancedPosition({
    turn: f,
    phase: 'reinforcement',
    units: { germany: { oslo: 1 }, norway: { hamar: 1 }, allies: { namsos: 1 } },
    ships,
  });
  G.reinforcements.free = free;
  return G;
}

describe('German reinforcements by sea control (EN 8.3)', () => {
  it('always on zones I–II; elsewhere only where no Allied ship lies in the zone or south of it', () => {
    const G = reinforcing('germany', [{ id: WARSPITE, at: 'III' }]);
    expect(legal(G, 'germany', 'place', { area: 'kristiansand', count: 3 })).toBe(true);
    refused(() => act(G, 'germany', 'place', { area: 'stavanger', count: 1 }), 'wrong-area');
    refused(() => act(G, 'germany', 'place', { area: 'bergen', count: 1 }), 'wrong-area');
    // Allied ships to the north, or in the open sea, do not count.
    const G2 = reinforcing('germany', [
      { id: WARSPITE, at: 'VI' },
      { id: FURIOUS, at: 'VIII' },
    ]);
    act(G2, 'germany', 'place', { area: 'trondheim', count: 3 });
    expect(units(G2, 'trondheim', 'germany')).toBe(3);
  });

  it('where its ships control the zone with Allied ships further south: one battalion per German ship', () => {
    const G = reinforcing('germany', [
      { id: WARSPITE, at: 'III' },
      { id: HIPPER, at: 'IV' },
    ]);
    refused(() => act(G, 'germany', 'place', { area: 'bergen', count: 2 }), 'wrong-area');
    act(G, 'germany', 'place', { area: 'bergen', count: 1 });
    act(G, 'allies', 'pass'); // the Allies' Ubåt window
    refused(() => act(G, 'germany', 'place', { area: 'voss', count: 1 }), 'wrong-area');
    expect(legalActions(G, 'germany').some((a) => a.type === 'place' && (a.args as { area: string }).area === 'voss')).toBe(false);
  });
});

describe('Allied reinforcements and sea control (EN 8.3, Invasjon)', () => {
  it('not on the coast of a zone Germany controls', () => {
    const G = reinforcing('allies', [{ id: HIPPER, at: 'IV' }]);
    refused(() => act(G, 'allies', 'place', { area: 'bergen', count: 1 }), 'german-sea');
    refused(() => act(G, 'allies', 'place', { area: 'kristiansand', count: 1 }), 'wrong-area');
    const G2 = reinforcing('allies', [
      { id: HIPPER, at: 'IV' },
      { id: WARSPITE, at: 'IV' },
    ]);
    expect(legal(G2, 'allies', 'place', { area: 'bergen', count: 1 })).toBe(true);
  });

  it('Invasjon lands nowhere Germany controls the sea', () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { bergen: 1, oslo: 1 }, allies: { namsos: 1 } },
      ships: [{ id: HIPPER, at: 'IV' }],
      hands: { allies: ['al.invasjon#1', 'al.forsterkninger#1'] },
    });
    act(G, 'allies', 'playCard', { card: 'al.invasjon#1', effect: 0 });
    act(G, 'allies', 'trade', { cards: ['al.forsterkninger#1'] });
    refused(() => act(G, 'allies', 'place', { area: 'bergen', count: 1 }), 'german-sea');
    expect(legal(G, 'allies', 'place', { area: 'trondheim', count: 1 })).toBe(true);
  });
});

describe('ship prerequisites of Allied cards (appendix, advanced rules)', () => {
  function germanAttackOnBergen(ships: Ships) {
    const G = advancedPosition({
      turn: 'germany',
      units: { germany: { voss: 2, oslo: 1 }, allies: { bergen: 1 } },
      ships,
      hands: { germany: ['de.bombefly#1'], allies: ['al.jagerfly#1'] },
    });
    act(G, 'germany', 'move', { from: 'voss', to: 'bergen', count: 2 });
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'playCard', { card: 'de.bombefly#1', effect: 0 });
    act(G, 'germany', 'pass');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'defenderCards' });
    return G;
  }
  it('Jagerfly needs an Allied carrier in the sea zone off the coast', () => {
    const G = germanAttackOnBergen([
      { id: WARSPITE, at: 'IV' },
      { id: FURIOUS, at: 'V' },
    ]);
    refused(() => act(G, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 0, target: 'de.bombefly#1' }), 'needs-ship');
    const G2 = germanAttackOnBergen([{ id: FURIOUS, at: 'IV' }]);
    act(G2, 'allies', 'playCard', { card: 'al.jagerfly#1', effect: 0, target: 'de.bombefly#1' });
    expect(G2.combat!.played.map((p) => p.card)).toEqual(['de.bombefly#1', 'al.jagerfly#1']);
  });

  it('Kystbombardement needs an Allied battleship off the coast', () => {
    const make = (ships: Ships) => {
      const G = advancedPosition({
        turn: 'allies',
        units: { germany: { voss: 1, oslo: 1 }, allies: { bergen: 2 } },
        ships,
        hands: { allies: ['al.kystbombardement#1'] },
      });
      act(G, 'allies', 'move', { from: 'bergen', to: 'voss', count: 2 });
      act(G, 'allies', 'endPhase');
      return G;
    };
    const G = make([{ id: FURIOUS, at: 'IV' }]);
    refused(() => act(G, 'allies', 'playCard', { card: 'al.kystbombardement#1', effect: 0 }), 'needs-ship');
    const G2 = make([{ id: WARSPITE, at: 'IV' }]);
    expect(legal(G2, 'allies', 'playCard', { card: 'al.kystbombardement#1', effect: 0 })).toBe(true);
  });

  it('Kystevakuering is barred where Germany controls the sea at either end', () => {
    const make = (ships: Ships) =>
      advancedPosition({
        turn: 'allies',
        units: { germany: { oslo: 1 }, allies: { namsos: 2 } },
        ships,
        hands: { allies: ['al.kystevakuering#1'] },
      });
    const move = { card: 'al.kystevakuering#1', effect: 0, from: 'namsos', to: 'bergen', count: 2 };
    refused(() => act(make([{ id: HIPPER, at: 'IV' }]), 'allies', 'playCard', move), 'german-sea');
    refused(() => act(make([{ id: HIPPER, at: 'VI' }]), 'allies', 'playCard', move), 'german-sea');
    const G = make([]);
    act(G, 'allies', 'playCard', move);
    expect(units(G, 'bergen', 'allies')).toBe(2);
  });
});

describe('the Allied deck runs out (EN 5.2, 6.1): five ships go too', () => {
  function deckOut(shipsOnBoard: Ships) {
    const G = advancedPosition({
      turn: 'allies',
      phase: 'reinforcement',
      units: { germany: { oslo: 1 }, allies: { namsos: 5 } },
      ships: shipsOnBoard,
      hands: { allies: ['al.stridsvogn#1', 'al.stridsvogn#2'] },
    });
    G.cardsUsed.allies = 1;
    G.decks.allies.used = G.decks.allies.draw.slice(1);
    G.decks.allies.draw = G.decks.allies.draw.slice(0, 1);
    act(G, 'allies', 'endPhase');
    return G;
  }
  const ofType = (t: string) => SHIPS.filter((s) => s.faction === 'allies' && s.type === t).map((s) => s.id);

  it('at most one mindre skip and one tung krysser while battleships and carriers remain; then the battalions; then the turn ends', () => {
    const G = deckOut([{ id: WARSPITE, at: 'IV' }]);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'withdrawShips' });
    const [m1, m2] = ofType('mindre-skip');
    const [t1] = ofType('tung-krysser');
    const big = [...ofType('slagskip'), ...ofType('hangarskip')];
    refused(() => act(G, 'allies', 'withdrawShips', { ships: [m1!, m2!, ...big.slice(0, 3)] }), 'bad-withdrawal');
    refused(() => act(G, 'allies', 'withdrawShips', { ships: big.slice(0, 4) }), 'bad-withdrawal');
    expect(legalActions(G, 'allies').length).toBeGreaterThan(0);
    act(G, 'allies', 'withdrawShips', { ships: [m1!, t1!, WARSPITE, ...big.filter((x) => x !== WARSPITE).slice(0, 2)] });
    expect(G.ships.some((s) => s.id === WARSPITE)).toBe(false);
    expect(G.shipsGone.removed).toContain(WARSPITE);
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'withdraw' });
    act(G, 'allies', 'withdraw', { removals: [{ area: 'namsos', count: 4 }] });
    expect(G.turn).toBe('germany');
  });

  it('with no battleship or carrier left, the smaller ships make up the five', () => {
    const G = advancedPosition({
      turn: 'allies',
      phase: 'reinforcement',
      units: { germany: { oslo: 1 }, allies: { namsos: 5 } },
      hands: { allies: ['al.stridsvogn#1'] },
    });
    const big = [...ofType('slagskip'), ...ofType('hangarskip')];
    G.shipReserve.allies = G.shipReserve.allies.filter((x) => !big.includes(x));
    G.shipsGone.sunk.push(...big);
    G.cardsUsed.allies = 1;
    G.decks.allies.used = G.decks.allies.draw.slice(2);
    G.decks.allies.draw = G.decks.allies.draw.slice(0, 2);
    act(G, 'allies', 'endPhase');
    const five = [...ofType('mindre-skip').slice(0, 3), ...ofType('tung-krysser').slice(0, 2)];
    act(G, 'allies', 'withdrawShips', { ships: five });
    expect(G.shipsGone.removed).toEqual(expect.arrayContaining(five));
  });
});
