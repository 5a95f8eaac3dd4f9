/**
 * The last round (bots/endgame.ts): every seat can tell from Germany's public deck size that the
 * game ends with Germany's next new cards, and Normal's Norway and Allies then weigh only the cities
 * held at the end (a long-odds attack on a city costs them nothing any more).
 */
import { describe, it, expect } from 'vitest';
import { createInitialState } from '../src/engine/setup.js';
import { viewFor, type FactionView } from '../src/engine/view.js';
import { seededRng } from '../src/testing/rng.js';
import { endsSoon, FINAL_DRAWS, styleNow } from '../src/bots/endgame.js';
import { NORMAL_STYLES } from '../src/bots/normal-style.js';
import { EASY_STYLE } from '../src/bots/style.js';
import { worth, type Board } from '../src/bots/position.js';
import { scenario } from './scenario-files.js';
import { legalFromView } from '../src/bots/easy.js';
import { normalBot, styled } from '../src/bots/normal.js';

/** Norway's view of a fresh full game with Germany's draw pile cut to `left` cards. */
function viewWithGermanDeck(left: number, setup = {}): FactionView {
  const G = createInitialState(setup, seededRng(5));
  G.decks.germany.draw = G.decks.germany.draw.slice(0, left);
  return viewFor(G, 'norway');
}

describe('endsSoon', () => {
  it("reads Germany's public deck size: a hand's worth or fewer left is the last round", () => {
    expect(endsSoon(viewWithGermanDeck(FINAL_DRAWS))).toBe(true);
    expect(endsSoon(viewWithGermanDeck(1))).toBe(true);
    expect(endsSoon(viewWithGermanDeck(FINAL_DRAWS + 1))).toBe(false);
    expect(endsSoon(viewWithGermanDeck(2 * FINAL_DRAWS))).toBe(false);
  });

  it("not in a scenario where Germany's deck running out does not end the game", () => {
    expect(endsSoon(viewWithGermanDeck(1, { scenario: scenario('narvik') }))).toBe(false);
  });
});

describe('styleNow', () => {
  const norway = NORMAL_STYLES.norway;
  it("Normal's Norway and Allies play by their last-round weights only in the last round", () => {
    expect(norway.endgame).toBeDefined();
    expect(styleNow(norway, viewWithGermanDeck(30))).toBe(norway);
    const last = styleNow(norway, viewWithGermanDeck(3));
    expect(last).toEqual({ ...norway, ...norway.endgame });
    expect(last.cityAttackRisk).toBe(0);
    expect(styleNow(NORMAL_STYLES.allies, viewWithGermanDeck(3)).foretold).toBe(0);
    // Germany's last turn is the game's last: its own cities need no guard after it.
    expect(styleNow(NORMAL_STYLES.germany, viewWithGermanDeck(3)).exposedCity).toBe(0);
  });

  it('a style without last-round weights (Easy) never changes', () => {
    expect(styleNow(EASY_STYLE, viewWithGermanDeck(3))).toBe(EASY_STYLE);
  });
});

describe('the last round in a decision', () => {
  // Two Norwegian battalions next to Oslo, held by three Germans: attacking is a loss foretold.
  const still: Board = { units: { hamar: { norway: 2 }, oslo: { germany: 3 } }, attacks: [] };
  const attack: Board = {
    units: { oslo: { germany: 3 } },
    attacks: [{ id: 'a1', faction: 'norway', from: 'hamar', target: 'oslo', count: 2, route: 'land' }],
  };
  const gain = (style: typeof EASY_STYLE) => worth(attack, 'norway', ['oslo'], style) - worth(still, 'norway', ['oslo'], style);

  it('Norway does not throw two battalions at three during the game, and does in the last round', () => {
    expect(gain(NORMAL_STYLES.norway)).toBeLessThan(0);
    expect(gain(styleNow(NORMAL_STYLES.norway, viewWithGermanDeck(3)))).toBeGreaterThan(0);
  });
});

describe('the last round in play', () => {
  /** Norway to move, `norway` battalions in Hamar beside `germans` in Oslo, Germany with `left` cards to draw. */
  function beforeOslo(left: number, norway = 2, germans = 3): FactionView {
    const G = createInitialState({ ruleset: 'basic' }, seededRng(5));
    for (const a of Object.keys(G.units)) G.units[a] = {};
    G.units.hamar = { norway };
    G.units.oslo = { germany: germans };
    G.units.narvik = { allies: 1 };
    Object.assign(G, { turn: 'norway', phase: 'movement', moved: {}, attacks: [], prompts: [] });
    G.decks.germany.draw = G.decks.germany.draw.slice(0, left);
    return viewFor(G, 'norway');
  }
  const choice = (view: FactionView) => styled({ view, legal: legalFromView(view), rng: seededRng(1) });

  it("Normal's Norway (its style) holds back during the game and attacks Oslo with both in the last round", () => {
    expect(choice(beforeOslo(30))).toEqual({ type: 'endPhase', args: {} });
    expect(choice(beforeOslo(3))).toEqual({ type: 'move', args: { from: 'hamar', to: 'oslo', count: 2 } });
  });

  it('Normal with its search makes the same two choices (the search does not talk it out of the attack)', () => {
    const normal = (view: FactionView) => normalBot({ view, legal: legalFromView(view), rng: seededRng(1) });
    expect(normal(beforeOslo(30))).toEqual({ type: 'endPhase', args: {} });
    expect(normal(beforeOslo(3))).toEqual({ type: 'move', args: { from: 'hamar', to: 'oslo', count: 2 } });
  });

  it('at longer odds (two against four, one against three) the search keeps the attack: its battalions are worth a quarter now', () => {
    // At the full price (BATTALION) the search ends the phase in both: two battalions lost outweigh
    // the small chance at Oslo, which only the cities held at the end make worth taking.
    const normal = (view: FactionView) => normalBot({ view, legal: legalFromView(view), rng: seededRng(1) });
    expect(normal(beforeOslo(3, 2, 4))).toEqual({ type: 'move', args: { from: 'hamar', to: 'oslo', count: 2 } });
    expect(normal(beforeOslo(3, 1, 3))).toEqual({ type: 'move', args: { from: 'hamar', to: 'oslo', count: 1 } });
  });
});
