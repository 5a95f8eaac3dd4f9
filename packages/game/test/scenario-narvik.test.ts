/**
 * Scenario 1 (Narvik) set up from its file, checked against every number the printed sheet gives
 * (shared/rules/scenario-1-narvik-no.md), and played to both of its endings with forced dice.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import { createInitialState } from '../src/engine/setup.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { whyIllegal, parseAction } from '../src/engine/actions.js';
import { totalOnBoard } from '../src/engine/kernel/forces.js';
import type { GameState } from '../src/engine/model/state.js';
import type { Rng } from '../src/engine/kernel/rng.js';
import { cardDef } from '../src/cards/index.js';
import { forcedDice } from '../src/testing/rng.js';
import { act, units } from './helpers.js';
import { scenario } from './scenario-files.js';

const NARVIK = scenario('narvik');
const start = (rng: Rng = forcedDice([])) => createInitialState({ scenario: NARVIK }, rng);

/** The printed sheet, transcribed once here so the file is checked against it (not against itself). */
const PRINTED = {
  units: {
    germany: { narvik: 3, bjornfjell: 2, mosjoen: 1 },
    norway: { tromso: 2, bardufoss: 2, gratangen: 1 },
    allies: { harstad: 3, tysfjord: 2, gratangen: 1 },
  },
  decks: {
    germany: { Gebirgsjäger: 3, Ingeniørkompani: 3, Speidertropp: 2, 'Rask forflytning': 2 },
    norway: { Bakhold: 2, 'Sprengt bro': 1, Veisperring: 2, 'Rask forflytning': 1 },
    allies: { 'Fransk alpejeger': 1, 'Polsk bergjeger': 1, Stridsvogn: 1, Fremmedlegionær: 1, Kystbombardement: 2 },
  },
  deckSizes: { germany: 10, norway: 6, allies: 6 },
  hands: { germany: 5, norway: 3, allies: 3 },
} as const;

function titles(cards: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of cards) out[cardDef(c).title] = (out[cardDef(c).title] ?? 0) + 1;
  return out;
}
const allCards = (G: GameState, f: Faction) => [...G.hands[f], ...G.decks[f].draw, ...G.decks[f].used];

describe('Scenario 1 set up from its file', () => {
  it('places exactly the printed battalions, and nothing else', () => {
    const G = start();
    for (const f of FACTIONS) {
      const placed: Record<string, number> = {};
      for (const [area, forces] of Object.entries(G.units)) if (forces[f]) placed[area] = forces[f]!;
      expect(placed, f).toEqual(PRINTED.units[f]);
      expect(G.created[f]).toBe(totalOnBoard(G, f));
    }
    // Gratangen holds Norway and the Allies together (friends may share an area).
    expect(G.units.gratangen).toEqual({ norway: 1, allies: 1 });
  });

  it('builds each deck from the printed card list, with the printed sizes and hands', () => {
    const G = start(forcedDice([]));
    for (const f of FACTIONS) {
      expect(titles(allCards(G, f)), f).toEqual(PRINTED.decks[f]);
      expect(allCards(G, f)).toHaveLength(PRINTED.deckSizes[f]);
      expect(G.hands[f], f).toHaveLength(PRINTED.hands[f]);
      expect(new Set(allCards(G, f)).size).toBe(PRINTED.deckSizes[f]);
    }
  });

  it('plays on the northern third only: from Mosjøen to Finnmark', () => {
    const G = start();
    expect(new Set(G.scenario!.region)).toEqual(
      new Set([
        'mosjoen',
        'mo-i-rana',
        'bodo',
        'tysfjord',
        'narvik',
        'bjornfjell',
        'harstad',
        'gratangen',
        'bardufoss',
        'tromso',
        'finnmark',
      ]),
    );
    // Mosjøen borders Namsos on the board, but Namsos is out of play.
    expect(whyIllegal(G, 'germany', parseAction('move', { from: 'mosjoen', to: 'namsos', count: 1 }))?.code).toBe('out-of-play');
    expect(legalActions(G, 'germany').some((a) => a.type === 'move' && (a.args as { to: string }).to === 'namsos')).toBe(false);
    expect(whyIllegal(G, 'germany', parseAction('move', { from: 'mosjoen', to: 'mo-i-rana', count: 1 }))).toBeNull();
  });

  it('a beaten defender never retreats out of the region: with Namsos out of play, Mosjøen is a dead end', () => {
    const G = start();
    // Mosjøen borders Namsos and Mo i Rana; the Allies attack from Mo i Rana, so only Namsos would be free.
    G.units = { mosjoen: { germany: 2 }, 'mo-i-rana': { allies: 3 }, narvik: { germany: 1 } };
    G.created = { germany: 3, norway: 0, allies: 3 };
    G.turn = 'allies';
    act(G, 'allies', 'move', { from: 'mo-i-rana', to: 'mosjoen', count: 3 });
    const dice = forcedDice([5, 5, 5, 1, 1]);
    act(G, 'allies', 'endPhase', {}, dice);
    settle(G, dice);
    expect(units(G, 'namsos', 'germany')).toBe(0);
    expect(units(G, 'mosjoen', 'germany')).toBe(0);
    expect(units(G, 'mosjoen', 'allies')).toBe(3);
    expect(G.destroyed.germany).toBe(2);
  });

  it('Germany moves first; there are no reinforcements and no Allied landing', () => {
    const G = start();
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'movement' });
    act(G, 'germany', 'endPhase'); // movement
    expect(G.phase).toBe('reinforcement');
    expect(G.reinforcements.free).toBe(0);
    const card = G.hands.germany[0]!;
    expect(whyIllegal(G, 'germany', parseAction('trade', { cards: [card] }))?.code).toBe('no-reinforcements');
    expect(legalActions(G, 'germany').map((a) => a.type)).toEqual(['endPhase']);
    expect(G.alliesLanded).toBe(true);
  });

  it('a used-up deck gives no new cards and does not end the game (Germany)', () => {
    const G = start();
    // Germany has drawn all but one card: the next refill takes it, and then nothing more.
    G.decks.germany.used.push(...G.decks.germany.draw.splice(1));
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'discard', { card: G.hands.germany[0] });
    expect(G.hands.germany).toHaveLength(5);
    expect(G.decks.germany.draw).toHaveLength(0);
    expect(G.result).toBeNull();
    expect(G.turn).toBe('norway');
    // Next German turn: the discard leaves the hand one short, for good.
    for (const f of ['norway', 'allies'] as const) {
      act(G, f, 'endPhase');
      act(G, f, 'endPhase');
      if (actor(G)?.stage === 'discard') act(G, f, 'discard', { card: G.hands[f][0] });
    }
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'endPhase');
    act(G, 'germany', 'discard', { card: G.hands.germany[0] });
    expect(G.hands.germany).toHaveLength(4);
    expect(G.result).toBeNull();
  });
});

/** Answer every combat window with Pass and every retreat or loss choice with the first legal one. */
function settle(G: GameState, rng: Rng): void {
  for (let guard = 0; guard < 50; guard++) {
    const a = actor(G);
    if (
      !a ||
      !['attackerCards', 'defenderCards', 'counter', 'retreat', 'losses', 'answerLosses', 'sabotage', 'engineers'].includes(a.stage)
    )
      return;
    const legal = legalActions(G, a.faction);
    const pass = legal.find((l) => l.type === 'pass');
    const pick = pass ?? legal[0]!;
    act(G, a.faction, pick.type, pick.args, rng);
  }
  throw new Error('combat did not settle');
}
/** A turn with no moves: end both phases and discard if the rules demand it. */
function quietTurn(G: GameState, f: Faction, rng: Rng = forcedDice([])): void {
  expect(actor(G)?.faction).toBe(f);
  act(G, f, 'endPhase', {}, rng);
  settle(G, rng);
  act(G, f, 'endPhase', {}, rng);
  if (actor(G)?.stage === 'discard') act(G, f, 'discard', { card: G.hands[f][0] }, rng);
}

describe('Scenario 1 played to its end with forced dice', () => {
  it('also ends when one side has no battalions left, and names the objectives held', () => {
    const G = start();
    // Late in a game: Germany's last battalion is in Mosjøen, the Allies attack it from Mo i Rana.
    G.units = {
      mosjoen: { germany: 1 },
      'mo-i-rana': { allies: 3 },
      narvik: { allies: 1 },
      bjornfjell: { norway: 1 },
      bardufoss: { norway: 1 },
    };
    G.created = { germany: 1, norway: 2, allies: 4 };
    G.turn = 'allies';
    act(G, 'allies', 'move', { from: 'mo-i-rana', to: 'mosjoen', count: 3 });
    // Three Allied dice with a six against one German die: the last German battalion falls.
    const dice = forcedDice([6, 5, 5, 1]);
    act(G, 'allies', 'endPhase', {}, dice);
    settle(G, dice);
    expect(totalOnBoard(G, 'germany')).toBe(0);
    expect(G.result).toMatchObject({
      winner: 'norway-allies',
      reason: 'elimination',
      objectives: { held: ['narvik', 'bjornfjell', 'bardufoss'] },
    });
  });

  it('ends when the Allies draw their last card; Germany holding Narvik wins', () => {
    const G = start();
    for (let round = 1; round <= 3; round++) {
      expect(G.result).toBeNull();
      quietTurn(G, 'germany');
      quietTurn(G, 'norway');
      quietTurn(G, 'allies');
    }
    // Three Allied discards drew the three cards left after the opening hand: the game is over.
    expect(G.decks.allies.draw).toHaveLength(0);
    expect(G.result).toMatchObject({
      winner: 'germany',
      reason: 'deck',
      objectives: { areas: ['narvik', 'bjornfjell', 'bardufoss'], held: ['bardufoss'] },
    });
    expect(actor(G)).toBeNull();
  });

  it('Norway takes Bjørnfjell, the Allies take Narvik, they hold all three at the end and win', () => {
    const G = start();
    quietTurn(G, 'germany');

    // Norway attacks Bjørnfjell from Bardufoss over land and fills Bardufoss from Tromsø.
    act(G, 'norway', 'move', { from: 'bardufoss', to: 'bjornfjell', count: 2 });
    act(G, 'norway', 'move', { from: 'tromso', to: 'bardufoss', count: 2 });
    // Two dice each: Norway 5+5 against 1+1, no sixes.
    const d1 = forcedDice([5, 5, 1, 1]);
    act(G, 'norway', 'endPhase', {}, d1);
    settle(G, d1);
    expect(d1.remaining()).toBe(0);
    expect(units(G, 'bjornfjell', 'norway')).toBe(2);
    // The beaten Germans fell back to Narvik, the only free neighbour.
    expect(units(G, 'narvik', 'germany')).toBe(5);
    act(G, 'norway', 'endPhase');

    // The Allies attack Narvik over land from Tysfjord (2) and Gratangen (1): 3 dice against 5.
    act(G, 'allies', 'move', { from: 'tysfjord', to: 'narvik', count: 2 });
    act(G, 'allies', 'move', { from: 'gratangen', to: 'narvik', count: 1 });
    const d2 = forcedDice([5, 5, 5, 1, 1, 1, 1, 1]);
    act(G, 'allies', 'endPhase', {}, d2);
    settle(G, d2);
    expect(d2.remaining()).toBe(0);
    // Surrounded (the fjord to Harstad is closed to a German retreat): the five are lost.
    expect(units(G, 'narvik', 'allies')).toBe(3);
    expect(units(G, 'narvik', 'germany')).toBe(0);
    expect(totalOnBoard(G, 'germany')).toBe(1);
    act(G, 'allies', 'endPhase');
    act(G, 'allies', 'discard', { card: G.hands.allies[0] });

    for (let round = 2; round <= 3; round++) {
      quietTurn(G, 'germany');
      quietTurn(G, 'norway');
      quietTurn(G, 'allies');
    }
    expect(G.result).toMatchObject({
      winner: 'norway-allies',
      reason: 'deck',
      objectives: { held: ['narvik', 'bjornfjell', 'bardufoss'] },
    });
  });
});
