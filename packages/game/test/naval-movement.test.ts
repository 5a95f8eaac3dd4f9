/**
 * Naval movement and interception in the ordinary turns of the advanced game (EN 8.1), with the
 * dice forced. Each test is a sentence of the rules, or a refusal.
 */
import { describe, it, expect } from 'vitest';
import { act, legal } from './helpers.js';
import { advancedPosition } from './advanced-helpers.js';
import { forcedDice } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { RuleError } from '../src/engine/kernel/errors.js';
import type { GameState } from '../src/engine/model/state.js';

const HIPPER = 'ship.de.admiral-hipper';
const KARLSRUHE = 'ship.de.karlsruhe';
const SCHARNHORST = 'ship.de.scharnhorst';
const WARSPITE = 'ship.al.warspite';
const LETT = 'ship.al.lett-krysser-med-jagere';
const EIDSVOLL = 'ship.no.eidsvoll-norge';

const at = (G: GameState, id: string) => G.ships.find((s) => s.id === id)?.at;
const faceUp = (G: GameState, id: string) => G.ships.find((s) => s.id === id)?.faceUp;
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

function germanTurn(extra: Parameters<typeof advancedPosition>[0]['ships'] = []) {
  return advancedPosition({
    turn: 'germany',
    units: { germany: { oslo: 3 }, norway: { hamar: 1 }, allies: { namsos: 1 } },
    ships: [{ id: HIPPER, at: 'II' }, { id: KARLSRUHE, at: 'II' }, ...extra],
  });
}

describe('naval movement (EN 8.1)', () => {
  it('a task force sails up to two zones, one at a time, and then stops', () => {
    const G = germanTurn();
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'sailOn' });
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'IV' });
    expect(at(G, HIPPER)).toBe('IV');
    expect(G.naval!.force).toBeNull();
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'movement' });
    // Each ship sails once a turn.
    refused(() => act(G, 'germany', 'sail', { ships: [HIPPER], to: 'V' }), 'bad-ship');
  });

  it('sails on with part of a task force and anchors the rest', () => {
    const G = germanTurn();
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
    act(G, 'germany', 'sail', { ships: [KARLSRUHE], to: 'VIII' });
    expect([at(G, HIPPER), at(G, KARLSRUHE)]).toEqual(['III', 'VIII']);
    const G2 = germanTurn();
    act(G2, 'germany', 'sail', { ships: [HIPPER], to: 'III' });
    act(G2, 'germany', 'anchor');
    expect(at(G2, HIPPER)).toBe('III');
    expect(actor(G2)!.stage).toBe('movement');
  });

  it('ships starting in one zone and taking the same route move as one task force: no second one after it (EN 8.1)', () => {
    const G = germanTurn([
      { id: SCHARNHORST, at: 'II' },
      { id: WARSPITE, at: 'III' },
    ]);
    // Three ships may go as any group of them: all, one, or two.
    expect(legal(G, 'germany', 'sail', { ships: [HIPPER, SCHARNHORST], to: 'III' })).toBe(true);
    // Hipper alone sails into III to see what the Allies do; they let it be, and it anchors.
    act(G, 'germany', 'sail', { ships: [HIPPER], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'intercept', { attempt: false });
    act(G, 'germany', 'anchor');
    // The others started with it in II: the route II → III was the task force's, not theirs to take later.
    refused(() => act(G, 'germany', 'sail', { ships: [KARLSRUHE], to: 'III' }), 'task-force');
    refused(() => act(G, 'germany', 'sail', { ships: [KARLSRUHE, SCHARNHORST], to: 'III' }), 'task-force');
    const sails = legalActions(G, 'germany')
      .filter((a) => a.type === 'sail')
      .map((a) => a.args as { ships: string[]; to: string });
    expect(sails.some((a) => a.to === 'III')).toBe(false);
    // Another route is another task force.
    expect(sails).toContainEqual({ ships: [KARLSRUHE, SCHARNHORST], to: 'VIII' });
    act(G, 'germany', 'sail', { ships: [KARLSRUHE, SCHARNHORST], to: 'VIII' });
    expect([at(G, HIPPER), at(G, KARLSRUHE), at(G, SCHARNHORST)]).toEqual(['III', 'VIII', 'VIII']);
  });

  it("refuses: not adjacent, the enemy's ships, ships from two zones, after land movement, outside the movement phase, the basic game", () => {
    const G = germanTurn([
      { id: SCHARNHORST, at: 'IV' },
      { id: WARSPITE, at: 'V' },
    ]);
    refused(() => act(G, 'germany', 'sail', { ships: [HIPPER], to: 'IV' }), 'not-adjacent');
    refused(() => act(G, 'germany', 'sail', { ships: [WARSPITE], to: 'IV' }), 'bad-ship');
    refused(() => act(G, 'germany', 'sail', { ships: [HIPPER, SCHARNHORST], to: 'III' }), 'not-together');
    refused(() => act(G, 'allies', 'sail', { ships: [WARSPITE], to: 'IV' }), 'not-your-turn');
    act(G, 'germany', 'move', { from: 'oslo', to: 'hamar', count: 1 });
    refused(() => act(G, 'germany', 'sail', { ships: [HIPPER], to: 'III' }), 'wrong-time');
    const G2 = germanTurn();
    G2.phase = 'reinforcement';
    refused(() => act(G2, 'germany', 'sail', { ships: [HIPPER], to: 'III' }), 'wrong-time');
  });

  it('Allied ships never enter zones I and II', () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 1 }, allies: { bergen: 1 } },
      ships: [{ id: WARSPITE, at: 'III' }],
    });
    refused(() => act(G, 'allies', 'sail', { ships: [WARSPITE], to: 'II' }), 'wrong-zone');
    expect(legal(G, 'allies', 'sail', { ships: [WARSPITE], to: 'IV' })).toBe(true);
    expect(legalActions(G, 'allies').some((a) => a.type === 'sail' && (a.args as { to: string }).to === 'II')).toBe(false);
  });

  it('Eidsvoll & Norge sails one zone a turn and never intercepts after 9. April', () => {
    const G = advancedPosition({
      turn: 'norway',
      units: { germany: { oslo: 1 }, norway: { narvik: 1 } },
      ships: [
        { id: EIDSVOLL, at: 'VII' },
        { id: KARLSRUHE, at: 'VI' },
      ],
    });
    act(G, 'norway', 'sail', { ships: [EIDSVOLL], to: 'VI' });
    // No interception by the mover: Germany, the defender, decides first and only.
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'intercept' });
    act(G, 'germany', 'intercept', { attempt: false });
    expect(G.naval!.force).toBeNull();
    expect(at(G, EIDSVOLL)).toBe('VI');
  });
});

describe('the home fleet (EN 7.4)', () => {
  it("comes into zones III–VIII in the first Allied movement phase; arriving is those ships' move", () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 1 }, allies: { namsos: 1 } },
      ships: [{ id: LETT, at: 'V' }],
      homeFleetDue: true,
    });
    const rest = G.shipReserve.allies.filter((x) => x !== WARSPITE && x !== 'ship.al.rodney');
    G.shipReserve.allies = [WARSPITE, 'ship.al.rodney'];
    G.shipsGone.sunk.push(...rest);
    refused(() => act(G, 'allies', 'placeShip', { ship: WARSPITE, zone: 'II' }), 'wrong-zone');
    act(G, 'allies', 'placeShip', { ship: WARSPITE, zone: 'III' });
    refused(() => act(G, 'allies', 'sail', { ships: [WARSPITE], to: 'IV' }), 'bad-ship');
    refused(() => act(G, 'allies', 'endPhase'), 'must-place-ships');
    act(G, 'allies', 'sail', { ships: [LETT], to: 'IV' });
    act(G, 'allies', 'sail', { ships: [LETT], to: 'III' });
    act(G, 'allies', 'placeShip', { ship: 'ship.al.rodney', zone: 'VIII' });
    act(G, 'allies', 'endPhase');
    expect(G.homeFleetDue).toBe(false);
    expect(
      G.ships
        .filter((s) => s.owner === 'allies')
        .map((s) => s.at)
        .sort(),
    ).toEqual(['III', 'III', 'VIII']);
  });
});

describe('interception (EN 8.1)', () => {
  it('the mover intercepts with all his ships there: a die per enemy ship, 5–6 draws one at random', () => {
    const G = germanTurn([
      { id: WARSPITE, at: 'III' },
      { id: LETT, at: 'III' },
      { id: SCHARNHORST, at: 'IV' },
    ]);
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'intercept' });
    const dice = forcedDice([5, 2]);
    act(G, 'germany', 'intercept', { attempt: true }, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.naval!.engagements).toEqual([{ zone: 'III', interceptors: ['germany'], intercepted: [WARSPITE] }]);
    expect([faceUp(G, HIPPER), faceUp(G, KARLSRUHE), faceUp(G, WARSPITE), faceUp(G, LETT)]).toEqual([true, true, true, false]);
    // His movement ends there; the defender still gets its chance.
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'intercept' });
    act(G, 'allies', 'intercept', { attempt: false });
    expect(G.naval!.force).toBeNull();
    // One attempt per zone a turn: the zone is now closed to German ships.
    refused(() => act(G, 'germany', 'sail', { ships: [SCHARNHORST], to: 'III' }), 'zone-closed');
  });

  it('a failed interception turns the interceptors face down again and still closes the zone', () => {
    const G = germanTurn([
      { id: WARSPITE, at: 'III' },
      { id: SCHARNHORST, at: 'IV' },
    ]);
    act(G, 'germany', 'sail', { ships: [HIPPER], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: true }, forcedDice([4]));
    expect(faceUp(G, HIPPER)).toBe(false);
    expect(G.naval!.engagements).toEqual([]);
    act(G, 'allies', 'intercept', { attempt: false });
    refused(() => act(G, 'germany', 'sail', { ships: [SCHARNHORST], to: 'III' }), 'zone-closed');
  });

  it('the defender intercepts from the task force; the ships not drawn may sail on', () => {
    const G = germanTurn([{ id: WARSPITE, at: 'III' }]);
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([6, 1]));
    expect(G.naval!.engagements[0]).toEqual({ zone: 'III', interceptors: ['allies'], intercepted: [HIPPER] });
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'sailOn' });
    refused(() => act(G, 'germany', 'sail', { ships: [HIPPER], to: 'IV' }), 'bad-ship');
    act(G, 'germany', 'sail', { ships: [KARLSRUHE], to: 'IV' });
    expect([at(G, HIPPER), at(G, KARLSRUHE)]).toEqual(['III', 'IV']);
  });

  it('ships already bound to a combat stay face up when a later attempt there fails', () => {
    const G = germanTurn([
      { id: WARSPITE, at: 'III' },
      { id: SCHARNHORST, at: 'IV' },
    ]);
    act(G, 'germany', 'sail', { ships: [HIPPER], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([6]));
    act(G, 'germany', 'sail', { ships: [SCHARNHORST], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: false });
    // Two German ships there, Hipper already drawn: one die for Scharnhorst, a miss.
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([2]));
    expect([faceUp(G, WARSPITE), faceUp(G, HIPPER), faceUp(G, SCHARNHORST)]).toEqual([true, true, false]);
  });

  it('a drawn dummy leaves the game with no combat', () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 1 }, allies: { bergen: 1 } },
      ships: [
        { id: WARSPITE, at: 'IV' },
        { id: 'ship.de.falskt-skip-1', at: 'III' },
      ],
    });
    act(G, 'allies', 'sail', { ships: [WARSPITE], to: 'III' });
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([6]));
    expect(G.shipsGone.removed).toContain('ship.de.falskt-skip-1');
    expect(G.naval!.engagements).toEqual([]);
    expect(faceUp(G, WARSPITE)).toBe(false);
  });

  it('Germany always intercepts Eidsvoll & Norge, and rolls only for the other ships', () => {
    const G = germanTurn([
      { id: EIDSVOLL, at: 'III' },
      { id: WARSPITE, at: 'III' },
    ]);
    act(G, 'germany', 'sail', { ships: [HIPPER], to: 'III' });
    const dice = forcedDice([1]);
    act(G, 'germany', 'intercept', { attempt: true }, dice);
    expect(dice.remaining()).toBe(0);
    expect(G.naval!.engagements[0]!.intercepted).toEqual([EIDSVOLL]);
  });

  it('legal actions offer sailing, both interception answers and sailing on', () => {
    const G = germanTurn([{ id: WARSPITE, at: 'III' }]);
    expect(legalActions(G, 'germany')).toContainEqual({ type: 'sail', args: { ships: [HIPPER, KARLSRUHE], to: 'III' } });
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
    expect(
      legalActions(G, 'germany')
        .map((a) => a.type)
        .sort(),
    ).toEqual(['intercept', 'intercept']);
    expect(legalActions(G, 'allies')).toEqual([]);
  });
});

describe('raiders (EN 7.2)', () => {
  const raidTurn = () =>
    advancedPosition({
      turn: 'germany',
      units: { germany: { oslo: 1 }, norway: { hamar: 1 } },
      ships: [{ id: SCHARNHORST, at: 'raid', faceUp: true }],
      hands: { germany: ['de.forsterkninger#1', 'de.artilleri#1', 'de.ubat#1'] },
    });

  it('stay in the box until Germany pays 6 symbols in its movement phase; then they sail from it', () => {
    const G = raidTurn();
    refused(() => act(G, 'germany', 'sail', { ships: [SCHARNHORST], to: 'VII' }), 'bad-ship');
    refused(() => act(G, 'germany', 'recallRaiders', { cards: ['de.forsterkninger#1'] }), 'not-enough');
    act(G, 'germany', 'recallRaiders', { cards: ['de.forsterkninger#1', 'de.artilleri#1'] });
    // 5 + 2 symbols: one left for this turn's reinforcements.
    expect(G.reinforcements.symbols).toBe(1);
    expect(G.decks.germany.used).toEqual(['de.forsterkninger#1', 'de.artilleri#1']);
    refused(() => act(G, 'germany', 'recallRaiders', { cards: ['de.ubat#1'] }), 'already-recalled');
    act(G, 'germany', 'sail', { ships: [SCHARNHORST], to: 'VII' });
    expect(at(G, SCHARNHORST)).toBe('VII');
    expect(faceUp(G, SCHARNHORST)).toBe(false);
  });

  it('only Germany recalls, only in its movement phase', () => {
    const G = raidTurn();
    G.turn = 'allies';
    refused(() => act(G, 'allies', 'recallRaiders', { cards: ['de.forsterkninger#1', 'de.artilleri#1'] }), 'wrong-time');
  });
});
