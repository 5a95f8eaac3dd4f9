// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/**
 * The fast listing of legal actions must list exactly what the first, slow one did (every broad
 * candidate tried by a full trial run of its handler), in the same order, in every state of random
 * games; and the refusal a dry check reports must be the one `perform` throws.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState } from '../src/engine/model/state.js';
import { RULESETS } from '../src/engine/model/rulesets.js';
import { legalActions, legalActionsByTrial } from '../src/engine/legal.js';
import { perform, whyIllegal, type Action } from '../src/engine/actions.js';
import { RuleError, ensure, fail, refusalOf } from '../src/engine/kernel/errors.js';
import { createInitialState } from '../src/engine/setup.js';
import { playRandomGame } from '../src/testing/random-game.js';
import { seededRng } from '../src/testing/rng.js';
import { cardDef } from '../src/cards/index.js';
import { scenario } from './scenario-files.js';

function expectSameListing(G: GameState, where: string): Action[] {
  const listed: Action[] = [];
  for (const f of FACTIONS) {
    const fast = legalActions(G, f);
    expect(fast, `${where}, ${f}`).toEqual(legalActionsByTrial(G, f));
    listed.push(...fast);
  }
  return listed;
}

describe('legalActions', () => {
  for (const ruleset of RULESETS) {
    it(`lists exactly the trial-run listing in every state of random games (${ruleset})`, () => {
      const types = new Set<string>();
      const effects = new Set<string>();
      let states = 0;
      for (const [seed, eager] of [
        [11, true],
        [12, true],
        [13, false],
        [14, true],
        [15, false],
        [16, true],
      ] as const) {
        expectSameListing(createInitialState({ ruleset }, seededRng(seed)), `seed ${seed} start`);
        const { ended } = playRandomGame({
          seed,
          eager,
          setup: { ruleset },
          afterAction: (G) => {
            states++;
            for (const action of expectSameListing(G, `seed ${seed} after ${states} actions`)) {
              types.add(action.type);
              if (action.type === 'playCard') effects.add(cardDef(action.args.card).effects[action.args.effect]!.kind);
            }
          },
        });
        expect(ended).toBe(true);
      }
      // The games went through the decisions the narrowed lists cover.
      for (const type of ['move', 'playCard', 'place', 'trade', 'land', 'chooseCombat', 'chooseLosses', 'withdraw', 'discard'])
        expect(types, type).toContain(type);
      for (const kind of ['rapidMove', 'seaMove', 'airlift', 'paradrop', 'escape', 'roadblock', 'attackDice', 'defenseDice', 'cancel'])
        expect(effects, kind).toContain(kind);
      expect(states).toBeGreaterThan(1000);
    }, 120_000);
  }
});

describe('legalActions in a scenario on part of the board', () => {
  it('lists exactly the trial-run listing in every state of random Scenario 1 games, never outside the region', () => {
    const narvik = scenario('narvik');
    let states = 0;
    for (const seed of [21, 22, 23, 24, 25, 26, 27, 28]) {
      const { ended } = playRandomGame({
        seed,
        setup: { scenario: narvik },
        afterAction: (G) => {
          states++;
          for (const action of expectSameListing(G, `narvik seed ${seed} after ${states} actions`)) {
            const args = action.args as { to?: string; via?: string };
            for (const a of [args.to, args.via]) if (a) expect(narvik.region).toContain(a);
          }
        },
      });
      expect(ended).toBe(true);
    }
    expect(states).toBeGreaterThan(200);
  }, 180_000);
});

describe('whyIllegal', () => {
  it('reports the code and message of the RuleError perform throws, and perform changes nothing then', () => {
    let refused = 0;
    let accepted = 0;
    let previous: Action[] = [];
    let n = 0;
    playRandomGame({
      seed: 21,
      afterAction: (G) => {
        if (n++ % 6 === 0) {
          // Actions that were legal a moment ago, for every faction: some still are, most are not.
          for (const f of FACTIONS)
            for (const action of previous.slice(0, 8)) {
              const why = whyIllegal(G, f, action);
              const copy = structuredClone(G);
              let thrown: unknown = null;
              try {
                perform(copy, f, action, seededRng(n));
              } catch (e) {
                thrown = e;
              }
              if (why) {
                refused++;
                expect(thrown).toBeInstanceOf(RuleError);
                expect({ code: (thrown as RuleError).code, message: (thrown as RuleError).message }).toEqual({
                  code: why.code,
                  message: why.message,
                });
                expect((thrown as RuleError).stack).toContain('perform');
                expect(copy).toEqual(G);
              } else {
                accepted++;
                expect(thrown).toBeNull();
              }
            }
        }
        const next: Faction | undefined = FACTIONS.find((f) => legalActions(G, f).length > 0);
        previous = next ? legalActions(G, next) : [];
      },
    });
    expect(refused).toBeGreaterThan(50);
    expect(accepted).toBeGreaterThan(50);
  }, 180_000);
});

describe('refusalOf', () => {
  it('returns the refusal of a failing check and null for a passing one', () => {
    expect(refusalOf(() => ensure(1 + 1 === 2, 'x', 'never'))).toBeNull();
    const r = refusalOf(() => ensure(false, 'not-enough', 'too few'));
    expect(r).toMatchObject({ code: 'not-enough', message: 'too few' });
  });
  it('hands code inside a check that catches refusals a RuleError, and reports the refusal that ended the check', () => {
    let seen: unknown;
    const r = refusalOf(() => {
      try {
        ensure(false, 'inner', 'first');
      } catch (e) {
        seen = e;
      }
      fail('outer', 'second');
    });
    expect(seen).toBeInstanceOf(RuleError);
    expect(r).toEqual({ code: 'outer', message: 'second' });
    // Outside a dry check, fail throws a real RuleError with its stack, as perform's callers expect.
    expect(() => fail('x', 'y')).toThrow(RuleError);
  });
  it('lets bugs through with their stack, and leaves stack traces on afterwards', () => {
    const before = Error.stackTraceLimit;
    function buggyCheck(): void {
      throw new TypeError('a bug, not a refusal');
    }
    let caught: unknown;
    try {
      refusalOf(buggyCheck);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as Error).stack).toContain('buggyCheck');
    expect(Error.stackTraceLimit).toBe(before);
    refusalOf(() => ensure(false, 'x', 'y'));
    expect(Error.stackTraceLimit).toBe(before);
    expect(new RuleError('x', 'y').stack).toContain('legal-listing.test');
  });
});
