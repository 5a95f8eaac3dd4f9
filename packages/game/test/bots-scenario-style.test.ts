/**
 * A style's scenario weights (style.ts `scenario`, applied by endgame.ts styleNow) reach only a
 * scenario on part of the board. Normal Norway's full-game weights stage a stack next to an
 * objective for the next turn; in a scenario of three or four rounds that turn is one of few, and
 * Easy, taking Bardufoss back at once, did better in Narvik. With its scenario weights Norway's
 * style attacks at once too.
 */
import { describe, expect, it } from 'vitest';
import { createInitialState } from '../src/engine/setup.js';
import { viewFor } from '../src/engine/view.js';
import { legalActions } from '../src/engine/legal.js';
import type { GameState } from '../src/engine/model/state.js';
import { forcedDice, seededRng } from '../src/testing/rng.js';
import { heuristicBot } from '../src/bots/easy.js';
import { styleNow } from '../src/bots/endgame.js';
import { NORMAL_STYLES } from '../src/bots/normal-style.js';
import { EASY_STYLE, type Style } from '../src/bots/style.js';
import { type Position, positionOf } from './helpers.js';
import { scenario } from './scenario-files.js';

/** Norway's first movement phase in Narvik with these battalions (Germany's first turn played). */
const narvikNorway = (units: Position['units']): GameState => positionOf({ scenario: scenario('narvik'), turn: 'norway', units });

/** Germany took Bardufoss with two and kept two in Narvik (as on seed 9033 against Easy). */
const BARDUFOSS_TAKEN = {
  germany: { narvik: 2, bardufoss: 2, 'mo-i-rana': 1 },
  norway: { tromso: 2, gratangen: 1 },
  allies: { gratangen: 1, harstad: 3, tysfjord: 2 },
};

describe("a style's scenario weights", () => {
  it('replace the full-game weights in a scenario only, and Easy has none', () => {
    const narvik = viewFor(narvikNorway(BARDUFOSS_TAKEN), 'norway');
    const full = viewFor(createInitialState({ ruleset: 'basic' }, forcedDice([])), 'norway');
    const norway = NORMAL_STYLES.norway;
    expect(norway.scenario).toBeDefined();
    expect(styleNow(norway, narvik)).toMatchObject(norway.scenario!);
    expect(styleNow(norway, full).reach).toBe(norway.reach);
    expect(styleNow(norway, full)).toBe(norway);
    expect(EASY_STYLE.scenario).toBeUndefined();
  });

  it("send Norway's Tromsø stack at Bardufoss at once, where the full-game weights stage it in Gratangen", () => {
    const G = narvikNorway(BARDUFOSS_TAKEN);
    const view = viewFor(G, 'norway');
    const legal = legalActions(view as unknown as GameState, 'norway');
    const { scenario: _, ...fullGame } = NORMAL_STYLES.norway;
    const first = (style: Style) => heuristicBot(() => style)({ view, legal, rng: seededRng(1) });
    expect(first(NORMAL_STYLES.norway)).toMatchObject({ type: 'move', args: { from: 'tromso', to: 'bardufoss' } });
    expect(first(fullGame)).toMatchObject({ type: 'move', args: { from: 'tromso', to: 'gratangen' } });
  });
});
