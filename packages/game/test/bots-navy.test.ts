/**
 * The Normal Allies at sea (bots/navy.ts): ships spread to cover every coastal zone III–VII, the
 * home fleet comes in where the coast is bare, and a sunk German ship voids every German card the
 * rules allow. Easy keeps its ships where they lie. Positions built with the advanced-game helpers,
 * decisions taken from the Allies' own view.
 */
import { describe, it, expect } from 'vitest';
import { act } from './helpers.js';
import { advancedPosition } from './advanced-helpers.js';
import { forcedDice, seededRng } from '../src/testing/rng.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { perform } from '../src/engine/actions.js';
import { viewFor } from '../src/engine/view.js';
import type { GameState } from '../src/engine/model/state.js';
import { easyBot } from '../src/bots/easy.js';
import { normalBot, styled } from '../src/bots/normal.js';
import type { Bot } from '../src/bots/types.js';

const WARSPITE = 'ship.al.warspite';
const LETT = 'ship.al.lett-krysser-med-jagere';
const RENOWN = 'ship.al.renown';
const HIPPER = 'ship.de.admiral-hipper';
const KARLSRUHE = 'ship.de.karlsruhe';
const COAST = ['III', 'IV', 'V', 'VI', 'VII'];

const decide = (bot: Bot, G: GameState, seed = 1) =>
  bot({ view: viewFor(G, 'allies'), legal: legalActions(G, 'allies'), rng: seededRng(seed) });
const alliedZones = (G: GameState) => new Set(G.ships.filter((s) => s.owner === 'allies').map((s) => s.at));

/** The Allies' movement phase with their three ships together in zone IV and the rest of the coast bare. */
function fleetTogether(): GameState {
  return advancedPosition({
    turn: 'allies',
    units: { germany: { oslo: 3, bergen: 2 }, norway: { hamar: 2 }, allies: { namsos: 2 } },
    ships: [
      { id: WARSPITE, at: 'IV' },
      { id: LETT, at: 'IV' },
      { id: RENOWN, at: 'IV' },
    ],
  });
}

/** Play the Allies' decisions with `bot` while they are at sea (until their first land move or the phase's end). */
function sailWith(bot: Bot, G: GameState): void {
  for (let i = 0; i < 40 && G.phase === 'movement' && actor(G)?.faction === 'allies'; i++) {
    const a = decide(bot, G, i + 1);
    if (a.type !== 'sail' && a.type !== 'anchor' && a.type !== 'intercept') return;
    perform(G, 'allies', a, seededRng(100 + i));
  }
}

describe('the Normal Allies cover the coast', () => {
  it('ships kept together spread out, one at a time, into the bare zones next door', () => {
    const G = fleetTogether();
    const first = decide(styled, G);
    expect(first.type).toBe('sail');
    if (first.type !== 'sail') return;
    expect(first.args.ships).toHaveLength(1);
    expect(['III', 'V', 'VIII']).toContain(first.args.to);
    sailWith(styled, G);
    // Three ships, three zones: none left to Germany that a ship could reach this turn without leaving IV bare.
    expect(alliedZones(G).size).toBe(3);
    expect(alliedZones(G).has('IV')).toBe(true);
  });

  it('with its search too: the sailing is not traded for a land move', () => {
    const G = fleetTogether();
    expect(decide(normalBot, G).type).toBe('sail');
  });

  it('Easy leaves the fleet where it lies', () => {
    const G = fleetTogether();
    sailWith(easyBot, G);
    expect([...alliedZones(G)]).toEqual(['IV']);
  });

  it('a lone ship in each zone stays: nothing is bared to cover another zone', () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 3 }, norway: { hamar: 2 }, allies: { namsos: 2 } },
      ships: [
        { id: WARSPITE, at: 'III' },
        { id: LETT, at: 'IV' },
      ],
    });
    expect(decide(styled, G).type).not.toBe('sail');
  });

  it('the home fleet comes in where the coast is bare, until every coastal zone has a ship', () => {
    const G = advancedPosition({
      turn: 'allies',
      units: { germany: { oslo: 3 }, norway: { hamar: 2 }, allies: { namsos: 2 } },
      ships: [{ id: WARSPITE, at: 'III' }],
      homeFleetDue: true,
    });
    const reserve = G.shipReserve.allies.length;
    expect(reserve).toBeGreaterThan(COAST.length);
    for (let i = 0; i < reserve; i++) {
      const a = decide(styled, G, i + 1);
      expect(a.type).toBe('placeShip');
      perform(G, 'allies', a, seededRng(i));
    }
    for (const z of COAST)
      expect(G.ships.filter((s) => s.owner === 'allies' && s.at === z).length).toBeGreaterThanOrEqual(
        Math.floor((reserve + 1) / COAST.length),
      );
  });
});

describe('the Normal Allies void German cards', () => {
  it('a German ship sunk: as many German cards voided as the rules allow', () => {
    // Example 4's combat in an ordinary German turn: Hipper sails into III, the Allies intercept it and Warspite sinks it.
    const G = advancedPosition({
      turn: 'germany',
      units: { germany: { stavanger: 1, oslo: 1 }, norway: { hamar: 1 } },
      ships: [
        { id: HIPPER, at: 'II' },
        { id: KARLSRUHE, at: 'II' },
        { id: WARSPITE, at: 'III' },
        { id: LETT, at: 'III' },
      ],
    });
    act(G, 'germany', 'sail', { ships: [HIPPER, KARLSRUHE], to: 'III' });
    act(G, 'germany', 'intercept', { attempt: false });
    act(G, 'allies', 'intercept', { attempt: true }, forcedDice([5, 3]));
    act(G, 'germany', 'anchor');
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'commitShips', { ships: [] });
    act(G, 'germany', 'pass');
    act(G, 'allies', 'pass', {}, forcedDice([1, 5]));
    expect(actor(G)).toEqual({ faction: 'allies', stage: 'navalVoid' });
    expect(legalActions(G, 'allies')).toEqual([
      { type: 'voidGermanCards', args: { count: 0 } },
      { type: 'voidGermanCards', args: { count: 1 } },
    ]);
    const seeds = Array.from({ length: 12 }, (_, i) => i + 1);
    for (const seed of seeds) expect(decide(styled, G, seed)).toEqual({ type: 'voidGermanCards', args: { count: 1 } });
    // Easy's choice here is a seeded pick, and these seeds include one that keeps the cards.
    expect(
      seeds.some((seed) => JSON.stringify(decide(easyBot, G, seed)) === JSON.stringify({ type: 'voidGermanCards', args: { count: 0 } })),
    ).toBe(true);
  });
});
