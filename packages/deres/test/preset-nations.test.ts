import { describe, expect, it } from 'vitest';
import { createInitialState, presetProblem } from '../src/engine/setup.js';
import { RuleError } from '../src/engine/kernel.js';
import { deresModule } from '../src/platform-module.js';
import { seededRng } from './helpers.js';

describe('nations preset by seat', () => {
  it('fit when every seat of the plan has its own nation, and no other seat is named', () => {
    expect(presetProblem(undefined, ['0', '1'])).toBeNull();
    expect(presetProblem(null, ['0', '1'])).toBeNull();
    expect(presetProblem({ '0': 'gul', '1': 'rod' }, ['0', '1'])).toBeNull();
    expect(presetProblem({ '0': 'gul', '1': 'gul' }, ['0', '1'])).toMatch(/one seat only/);
    expect(presetProblem({}, ['0', '1'])).toMatch(/seat 0, 1 has none/);
    expect(presetProblem({ '0': 'gul', '1': 'rod', '2': 'lilla' }, ['0', '1'])).toMatch(/no seat 2/);
  });

  it('that do not fit are refused by the game itself too, with its own error', () => {
    const make = () => createInitialState(2, { nations: { '0': 'gul', '1': 'rod', '2': 'lilla' } }, seededRng(1));
    expect(make).toThrow(RuleError);
    expect(() => make()).toThrow(/nation of its own/);
    // The module names that error as the game's refusal, and nothing else.
    let thrown: unknown;
    try {
      make();
    } catch (e) {
      thrown = e;
    }
    expect(deresModule.refusalOf?.(thrown)).toEqual({ code: 'preset-nations', message: 'Each seat must get a nation of its own.' });
    expect(deresModule.refusalOf?.(new TypeError('a bug'))).toBeNull();
  });

  it('are checked against the plan by the module before a match is made', () => {
    const two = deresModule.plans.two!;
    expect(deresModule.validateSetup?.({ nations: { '0': 'gul', '1': 'gul' } }, two)).toEqual([
      { path: 'nations', message: 'each nation can be given to one seat only' },
    ]);
    expect(deresModule.validateSetup?.({ nations: { '0': 'gul', '1': 'rod' } }, two)).toEqual([]);
    expect(deresModule.validateSetup?.({}, two)).toEqual([]);
  });
});
