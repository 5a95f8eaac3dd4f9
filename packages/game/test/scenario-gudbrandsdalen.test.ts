/**
 * Scenario 2 (our design, docs/scenario-2-gudbrandsdalen.md) set up from its file; its sheet (shown in
 * the game) states every number of the file; random play keeps it balanced.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS } from '../src/types.js';
import { createInitialState } from '../src/engine/setup.js';
import { area } from '../src/board/index.js';
import { cardDef } from '../src/cards/index.js';
import { scenarioDeck } from '../src/scenarios/decks.js';
import { seededRng } from '../src/testing/rng.js';
import { playRandomGame } from '../src/testing/random-game.js';
import { scenario } from './scenario-files.js';

const S2 = scenario('gudbrandsdalen');

describe('Scenario 2 set up from its file', () => {
  it('places the battalions of the file and deals the hands', () => {
    const G = createInitialState({ scenario: S2 }, seededRng(1));
    for (const f of FACTIONS) {
      for (const [a, n] of Object.entries(S2.units[f])) expect(G.units[a]?.[f], `${f} ${a}`).toBe(n);
      expect(G.hands[f]).toHaveLength({ germany: 5, norway: 3, allies: 3 }[f]);
    }
    expect(G.scenario!.victory).toEqual({ kind: 'alliedHoldAll', areas: ['dombas', 'andalsnes'] });
    expect(G.scenario!.deckOut).toEqual({ germany: 'endsGame', norway: 'noMoreCards', allies: 'noMoreCards' });
  });

  it('its sheet, in both languages, states every battalion and card count of the file', () => {
    for (const f of FACTIONS) {
      for (const [a, n] of Object.entries(S2.units[f])) {
        expect(S2.sheet.en, `${f} ${a}`).toContain(`${n} in ${area(a).name}`);
        expect(S2.sheet.no, `${f} ${a}`).toContain(`${n} i ${area(a).name}`);
      }
      const deck = scenarioDeck(S2, f);
      expect(S2.sheet.en).toContain(`(${deck.length} cards`);
      expect(S2.sheet.no).toContain(`(${deck.length} kort`);
      for (const [id, n] of Object.entries(S2.decks[f] as Record<string, number>)) {
        expect(S2.sheet.en).toContain(`${n} ${cardDef(id).title}`);
        expect(S2.sheet.no).toContain(`${n} ${cardDef(id).title}`);
      }
    }
    for (const a of S2.region as string[]) expect(S2.sheet.no).toContain(area(a).name);
  });

  it('random play: neither side wins more than 60 % of 400 games', () => {
    const wins = { germany: 0, 'norway-allies': 0 };
    for (let seed = 1; seed <= 400; seed++) wins[playRandomGame({ seed, setup: { scenario: S2 } }).G.result!.winner]++;
    expect(wins.germany / 400).toBeLessThanOrEqual(0.6);
    expect(wins['norway-allies'] / 400).toBeLessThanOrEqual(0.6);
  }, 180_000);
});
