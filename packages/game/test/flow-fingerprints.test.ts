// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The sequencer's behaviour, pinned: random games of every kind (the advanced game from the 9. April
 * turn on, the basic game, both scenarios, advanced mid-game positions with every ship at sea) must
 * pass through exactly the states they passed through when the fixture was recorded. Record again
 * (only for a deliberate change of the rules, never to make a refactor pass) with
 * RECORD_FLOW_FINGERPRINTS=1.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fingerprintGame, type GameFingerprint } from './flow-fingerprints.js';
import { scenario } from './scenario-files.js';
import { midGameAdvanced } from './advanced-helpers.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/flow-fingerprints.json', import.meta.url));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function playAll(seen: Map<string, number>): GameFingerprint[] {
  return [
    ...range(1, 20).map((seed) => fingerprintGame('advanced', seed, { setup: { ruleset: 'advanced' } }, 20_000, seen)),
    ...range(1, 4).map((seed) => fingerprintGame('basic', seed, { setup: {} }, 20_000, seen)),
    ...range(1, 3).map((seed) => fingerprintGame('narvik', seed, { setup: { scenario: scenario('narvik') } }, 5_000, seen)),
    ...range(1, 3).map((seed) => fingerprintGame('gudbrandsdalen', seed, { setup: { scenario: scenario('gudbrandsdalen') } }, 5_000, seen)),
    ...range(1, 4).map((seed) => fingerprintGame('midGameAdvanced', seed, { from: midGameAdvanced(seed) }, 20_000, seen)),
  ];
}

describe('the sequencer', () => {
  it('carries random games through the same states as when the fixture was recorded', () => {
    const seen = new Map<string, number>();
    const games = playAll(seen);
    if (process.env.RECORD_FLOW_FINGERPRINTS) writeFileSync(FIXTURE, `${JSON.stringify(games, null, 1)}\n`);
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as GameFingerprint[];
    expect(games).toEqual(recorded);
    // The games must reach every turn-ending and step-ending decision, or they pin little of the flow.
    for (const key of [
      'chooseApril9@april9.choose',
      'deploy@april9.deploy',
      'placeShip@april9.ships',
      'endPhase@april9.movement',
      'endPhase@april9.raid',
      'endPhase@april9.landing',
      'mobilize@april9.mobilize',
      'endPhase@april9.reinforcement',
      'endPhase@movement',
      'endPhase@reinforcement',
      'pass@movement',
      'discard@newCards',
      'withdraw@newCards',
      'withdrawShips@newCards',
    ])
      expect(seen.get(key) ?? 0, key).toBeGreaterThan(0);
    console.info('actions per kind:', JSON.stringify(Object.fromEntries([...seen].sort())));
  }, 600_000);
});
