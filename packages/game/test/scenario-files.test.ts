/** The scenario format: every file in the folder loads, a bad file is refused naming its field, and the full game is one of them. */
import { describe, it, expect } from 'vitest';
import { loadScenarioFiles } from '../src/scenarios/load.js';
import { scenarioDeck } from '../src/scenarios/decks.js';
import { deckOf } from '../src/cards/index.js';
import { FACTIONS } from '../src/types.js';
import { createInitialState } from '../src/engine/setup.js';
import { playRandomGame } from '../src/testing/random-game.js';
import basicSetup from '../src/setups/basic.json';
import { scenarioFiles, scenario } from './scenario-files.js';

const narvikText = () => scenarioFiles().find((f) => f.name === 'narvik.json')!.text;
const mutated = (change: (s: any) => void) => {
  const s = JSON.parse(narvikText());
  change(s);
  return { name: 'bad.json', text: JSON.stringify(s) };
};

describe('scenario files', () => {
  it('every file in the folder is accepted', () => {
    const { scenarios, refused } = loadScenarioFiles(scenarioFiles());
    expect(refused).toEqual([]);
    expect(scenarios.map((s) => s.id)).toEqual(expect.arrayContaining(['full-game', 'narvik']));
  });

  it.each([
    ['an unknown area', (s: any) => (s.units.germany.atlantis = 2), 'units.germany.atlantis: unknown area'],
    ['an area outside the region', (s: any) => (s.units.norway.oslo = 1), 'units.norway.oslo: area outside the region in play'],
    ['more copies than the box holds', (s: any) => (s.decks.allies['al.stridsvogn'] = 9), 'decks.allies.al.stridsvogn: the box has only 2'],
    ["another faction's card", (s: any) => (s.decks.norway['de.panzer'] = 1), 'decks.norway.de.panzer: a card of germany, not norway'],
    ['a missing field', (s: any) => delete s.victory, 'victory:'],
    ['an unknown deck end', (s: any) => (s.deckOut.allies = 'explodes'), 'deckOut.allies:'],
    ['no deck that ends the game', (s: any) => (s.deckOut.allies = 'noMoreCards'), 'deckOut: one deck must end the game'],
    ['an unknown field', (s: any) => (s.weather = 'snow'), 'weather'],
  ])('refuses %s, naming the field, and still loads the others', (_what, change, message) => {
    const { scenarios, refused } = loadScenarioFiles([...scenarioFiles(), mutated(change)]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('bad.json refused');
    expect(refused[0]).toContain(message);
    expect(scenarios.map((s) => s.id)).toContain('narvik');
  });

  it('refuses a file that is not JSON, and a second file with a used id', () => {
    const { refused } = loadScenarioFiles([
      ...scenarioFiles(),
      { name: 'broken.json', text: '{ "id": ' },
      { name: 'zz.json', text: narvikText() },
    ]);
    expect(refused).toHaveLength(2);
    expect(refused.join('\n')).toMatch(/broken\.json refused — not JSON/);
    expect(refused.join('\n')).toMatch(/zz\.json refused — id: "narvik" is already used/);
  });
});

describe('the full game as a scenario file', () => {
  const full = scenario('full-game');
  it('holds the rulebook set-up and the whole decks', () => {
    for (const f of FACTIONS) {
      expect(full.units[f]).toEqual((basicSetup.units as Record<string, unknown>)[f]);
      expect(scenarioDeck(full, f)).toEqual(deckOf(f));
    }
  });
  it('plays exactly as the built-in full game', () => {
    for (const seed of [1, 2]) {
      const plain = playRandomGame({ seed });
      const viaFile = playRandomGame({ seed, setup: { scenario: full } });
      expect(viaFile.actions).toBe(plain.actions);
      const { scenario: rules, ...rest } = viaFile.G;
      expect(rules?.id).toBe('full-game');
      expect(rest).toEqual(plain.G);
    }
  }, 180_000);
  it('a match without a scenario carries none in its state', () => {
    expect('scenario' in createInitialState({ ruleset: 'basic' }, { d6: () => 1, shuffle: (x) => x })).toBe(false);
  });
});
