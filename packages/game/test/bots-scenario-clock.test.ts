/**
 * Time on a scenario's clock (bots/normal.ts clockTime): the game ends when the deck of the faction
 * whose deck is the clock runs out (Germany's in Gudbrandsdalen), and that faction draws as many
 * cards as it spent, so every card it spends brings the end closer. Normal's search counts the
 * cards left to draw as time, worth something to the side that would lose if the game ended now.
 * Logged games showed why: Normal Germany spent three dice cards and a Fallskjermtropp in its first
 * turn of Gudbrandsdalen on a fight it was winning anyway, and the game ended in the second round,
 * before its army could reach Dombås.
 */
import { describe, expect, it } from 'vitest';
import type { AreaId, Faction } from '../src/types.js';
import { viewFor } from '../src/engine/view.js';
import { legalActions } from '../src/engine/legal.js';
import type { GameState } from '../src/engine/model/state.js';
import { actor } from '../src/engine/flow.js';
import { parseAction, perform } from '../src/engine/actions.js';
import { cardDef } from '../src/cards/index.js';
import { scenarioDeck } from '../src/scenarios/decks.js';
import { forcedDice, seededRng } from '../src/testing/rng.js';
import { candidatesOf, score, styled } from '../src/bots/normal.js';
import { NORMAL_STYLES } from '../src/bots/normal-style.js';
import { positionOf } from './helpers.js';
import { scenario } from './scenario-files.js';

const GUDBRANDSDALEN = scenario('gudbrandsdalen');

/** Gudbrandsdalen in Germany's movement phase with these battalions, Germany's hand five dice cards first. */
function position(units: Partial<Record<Faction, Record<AreaId, number>>>): GameState {
  const G = positionOf({ scenario: GUDBRANDSDALEN, turn: 'germany', units });
  const pool = scenarioDeck(GUDBRANDSDALEN, 'germany');
  const dice = pool.filter((c) => cardDef(c).effects.some((e) => e.kind === 'attackDice'));
  G.hands.germany = [...dice, ...pool.filter((c) => !dice.includes(c))].slice(0, 5);
  G.decks.germany.draw = pool.filter((c) => !G.hands.germany.includes(c));
  return G;
}

describe("time on a scenario's clock", () => {
  it('each card left to draw is worth style.clock to the side that would lose now, and costs the side that would win', () => {
    const w = NORMAL_STYLES.germany.clock ?? 0;
    expect(w).toBeGreaterThan(0);
    const value = (G: GameState, f: Faction) => score(G, f, [], NORMAL_STYLES[f], 2);
    // Norway and the Allies hold both objectives: Germany would lose now and needs time.
    const behind = position({ germany: { otta: 3 }, norway: { dombas: 2 }, allies: { andalsnes: 2 } });
    const shorter = structuredClone(behind);
    shorter.decks.germany.draw.pop();
    expect(value(behind, 'germany') - value(shorter, 'germany')).toBeCloseTo(w);
    expect(value(behind, 'norway') - value(shorter, 'norway')).toBeCloseTo(-(NORMAL_STYLES.norway.clock ?? 0));
    // Dombås empty: Germany would win now; time is the others' to use.
    const ahead = position({ germany: { otta: 3 }, norway: { tynset: 2 }, allies: { andalsnes: 2 } });
    const aheadShorter = structuredClone(ahead);
    aheadShorter.decks.germany.draw.pop();
    expect(value(ahead, 'germany') - value(aheadShorter, 'germany')).toBeCloseTo(-w);
    // A card spent this turn is drawn at its end: a hand one short counts as one card fewer to draw.
    const spent = structuredClone(behind);
    spent.hands.germany.pop();
    expect(value(spent, 'germany')).toBeCloseTo(value(shorter, 'germany'));
  });

  it('in a card window of a scenario the search weighs passing, though the style plays a card and four cards are listed first', () => {
    // Three dice against one: Normal's style (cardLead 2) plays a dice card. Before, the first four
    // listed actions were the candidates, all of them cards, so keeping the cards was never weighed.
    const G = position({ germany: { lillehammer: 3, oslo: 1 }, norway: { otta: 1, dombas: 2 }, allies: { andalsnes: 2 } });
    const rng = forcedDice([]);
    perform(G, 'germany', parseAction('move', { from: 'lillehammer', to: 'otta', count: 3 }), rng);
    perform(G, 'germany', parseAction('endPhase', {}), rng);
    for (let i = 0; i < 10 && !(actor(G)?.faction === 'germany' && actor(G)?.stage === 'attackerCards'); i++) {
      const who = actor(G)!;
      perform(G, who.faction, who.stage === 'combat' ? parseAction('chooseCombat', { area: 'otta' }) : parseAction('pass', {}), rng);
    }
    expect(actor(G)).toEqual({ faction: 'germany', stage: 'attackerCards' });
    const view = viewFor(G, 'germany');
    const legal = legalActions(view as unknown as GameState, 'germany');
    expect(legal.slice(0, 4).every((a) => a.type === 'playCard')).toBe(true);
    const own = styled({ view, legal, rng: seededRng(1) });
    expect(own.type).toBe('playCard');
    const candidates = candidatesOf(view, 'germany', 'attackerCards', legal, own, 4, NORMAL_STYLES.germany);
    expect(candidates).toHaveLength(4);
    expect(candidates[0]).toBe(own);
    expect(candidates.map((a) => a.type)).toContain('pass');
  });
});
