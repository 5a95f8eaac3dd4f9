/**
 * Placing ships by groups on 9. April (placeShips): a whole group goes into one zone in one decision,
 * a bad group is refused with a clear reason and changes nothing, the listing offers the groups a
 * player picks (k of a type, whole types together), and the move can be taken back.
 */
import { describe, it, expect } from 'vitest';
import type { GameState } from '../src/engine/model/state.js';
import type { Faction } from '../src/types.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { parseAction } from '../src/engine/actions.js';
import { canUndo, performUndoable, undone } from '../src/engine/undo.js';
import { viewFor } from '../src/engine/view.js';
import { ship } from '../src/cards/advanced.js';
import { forcedDice } from '../src/testing/rng.js';
import { KampenOmNorge } from '../src/game.js';
import { act } from './helpers.js';
import { advancedGame, GERMAN_SHIPS } from './april9-helpers.js';

const CARDS = {
  germany: ['a9.de.villedende-manover#1', 'a9.de.fallskjermtropp#1', 'a9.de.bombefly#1', 'a9.de.gebirgsjager#1', 'a9.de.bloff-trusler#1'],
  norway: ['a9.no.jagerfly#1', 'a9.no.kystfort#1', 'a9.no.omdisponering#1'],
  allies: ['a9.al.rekognoseringsfly#1', 'a9.al.stupbombefly#1', 'a9.al.minelegging#1'],
};
const ofType = (type: string) => GERMAN_SHIPS.filter((id) => ship(id).type === type);

/** Up to Germany's ship placement. */
function toGermanShips(): GameState {
  const G = advancedGame();
  act(G, 'germany', 'chooseApril9', { cards: CARDS.germany });
  act(G, 'norway', 'chooseApril9', { cards: CARDS.norway });
  act(G, 'allies', 'chooseApril9', { cards: CARDS.allies });
  act(G, 'allies', 'pass');
  for (const area of ['oslo', 'hamar', 'gjovik']) act(G, 'norway', 'deploy', { area });
  act(G, 'norway', 'placeShip', { ship: 'ship.no.eidsvoll-norge', zone: 'VII' });
  expect(actor(G)).toEqual({ faction: 'germany', stage: 'april9Ships' });
  return G;
}

function refusedUnchanged(G: GameState, f: Faction, args: unknown, code: string, text: RegExp): void {
  const before = JSON.stringify(G);
  let caught: unknown;
  try {
    act(G, f, 'placeShips', args);
  } catch (e) {
    caught = e;
  }
  expect((caught as { code?: string })?.code).toBe(code);
  expect(String((caught as Error).message)).toMatch(text);
  expect(JSON.stringify(G)).toBe(before);
}

describe('placing a group of ships at once', () => {
  it('places Germany’s whole fleet in four decisions, each ship face down in its zone', () => {
    const G = toGermanShips();
    const plan: [string, string][] = [
      ['slagskip', 'III'],
      ['tung-krysser', 'VIII'],
      ['mindre-skip', 'VII'],
      ['dummy', 'IV'],
    ];
    for (const [type, zone] of plan) {
      expect(actor(G)?.stage).toBe('april9Ships');
      act(G, 'germany', 'placeShips', { ships: ofType(type), zone });
    }
    expect(G.shipReserve.germany).toEqual([]);
    for (const [type, zone] of plan)
      for (const id of ofType(type)) expect(G.ships.find((s) => s.id === id)).toEqual({ id, owner: 'germany', at: zone, faceUp: false });
    // The placement is over: the turn moved on as after the last single ship.
    expect(actor(G)?.stage).not.toBe('april9Ships');
    // Others see counts per zone, never which ships.
    const seen = viewFor(G, 'allies').ships.filter((s) => s.owner === 'germany');
    expect(seen).toHaveLength(17);
    expect(seen.every((s) => s.id === null)).toBe(true);
  });

  it('ends the placement exactly like the same ships placed one by one', () => {
    const byGroup = toGermanShips();
    const single = toGermanShips();
    act(byGroup, 'germany', 'placeShips', { ships: GERMAN_SHIPS, zone: 'V' });
    for (const id of GERMAN_SHIPS) act(single, 'germany', 'placeShip', { ship: id, zone: 'V' });
    expect(byGroup).toStrictEqual(single);
  });

  it('refuses a bad group with a clear reason and changes nothing', () => {
    const G = toGermanShips();
    const [first, second] = ofType('slagskip') as [string, string];
    refusedUnchanged(G, 'germany', { ships: [first, first], zone: 'III' }, 'duplicate-ship', /each ship once/);
    refusedUnchanged(G, 'germany', { ships: [first, 'ship.al.warspite'], zone: 'III' }, 'bad-ship', /not yours to place/);
    refusedUnchanged(G, 'norway', { ships: [first, second], zone: 'III' }, 'not-your-turn', /.+/);
    act(G, 'germany', 'placeShips', { ships: [first], zone: 'III' });
    // One ship already placed spoils the whole group: the other is not placed either.
    refusedUnchanged(G, 'germany', { ships: [second, first], zone: 'IV' }, 'bad-ship', /not yours to place/);
    expect(G.shipReserve.germany).toContain(second);
    expect(() => parseAction('placeShips', { ships: [], zone: 'III' })).toThrow();
    expect(() => parseAction('placeShips', { ships: [first], zone: 'IX' })).toThrow();
    expect(() => parseAction('placeShips', { ships: ['ship.de.nonesuch'], zone: 'III' })).toThrow();
  });

  it('keeps the Allies out of zones I and II for the whole group', () => {
    const G = toGermanShips();
    act(G, 'germany', 'placeShips', { ships: GERMAN_SHIPS, zone: 'I' });
    for (let a = actor(G); a && a.stage !== 'april9Ships'; a = actor(G)) act(G, a.faction, 'pass');
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'april9Ships' });
    const drawn = [...G.april9!.alliedDrawn];
    refusedUnchanged(G, 'allies', { ships: drawn, zone: 'II' }, 'wrong-zone', /zones I and II/);
    act(G, 'allies', 'placeShips', { ships: drawn, zone: 'VIII' });
    expect(G.ships.filter((s) => s.owner === 'allies').map((s) => s.at)).toEqual(drawn.map(() => 'VIII'));
  });

  it('lists k ships of a type and whole types together, every one of them legal', () => {
    const G = toGermanShips();
    const groups = legalActions(G, 'germany').filter((a) => a.type === 'placeShips');
    const key = (ids: readonly string[]) => [...ids].sort().join(',');
    const listed = new Set(groups.filter((a) => a.args.zone === 'III').map((a) => key(a.args.ships)));
    expect(listed.has(key(ofType('mindre-skip')))).toBe(true);
    expect(listed.has(key(ofType('mindre-skip').slice(0, 3)))).toBe(true);
    expect(listed.has(key([...ofType('slagskip'), ...ofType('tung-krysser')]))).toBe(true);
    expect(listed.has(key(GERMAN_SHIPS))).toBe(true);
    // Four types (2, 3, 7 and 5 ships): 15 unions of whole types and 1 + 5 + 3 shorter runs of one type, in every zone.
    expect(listed.size).toBe(15 + 5 + 3 + 1);
    expect(groups).toHaveLength(8 * 24);
    for (const a of groups.slice(0, 40)) {
      const copy = structuredClone(G);
      act(copy, 'germany', 'placeShips', a.args);
    }
  });

  it('is taken back by undo, to the exact earlier state', () => {
    const G = toGermanShips();
    const before = JSON.stringify(G);
    expect(
      performUndoable(G, 'germany', parseAction('placeShips', { ships: ofType('mindre-skip'), zone: 'VI' }), forcedDice([])),
    ).toBeNull();
    expect(canUndo(G, 'germany')).toBe(true);
    expect(JSON.stringify(undone(G, 'germany'))).toBe(before);
  });

  it('blanks the ships named in the move for the other seats', () => {
    expect((KampenOmNorge.moves as Record<string, { redact?: boolean }>).placeShips?.redact).toBe(true);
  });
});
