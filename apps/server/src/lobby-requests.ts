import { z } from 'zod';
import { createMatchRequest, joinRequest, recoverRequest, renameRequest } from '@kon/protocol';
import type { ScenarioDef } from './scenarios';

/** The lobby's request bodies: the protocol's, with a match's set-up checked against the game and its scenarios. */

/**
 * A client names a scenario by its id; the game is created with the whole scenario from the server's
 * files (the client never sends rules). An unknown id is refused naming the ones there are.
 */
function withScenario(scenarios: readonly ScenarioDef[]) {
  return (raw: unknown, ctx: z.RefinementCtx) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const id = (raw as { scenario?: unknown }).scenario;
    if (id === undefined) return raw;
    const s = typeof id === 'string' ? scenarios.find((x) => x.id === id) : undefined;
    if (!s) {
      ctx.addIssue({
        code: 'custom',
        path: ['scenario'],
        message: `unknown scenario; there are: ${scenarios.map((x) => x.id).join(', ') || 'none'}`,
      });
      return raw;
    }
    return { ...raw, ruleset: s.ruleset, scenario: s };
  };
}

/** The protocol's request, with the set-up checked by the game's own schema (a scenario by id made whole). */
export function createMatchBody(setupDataSchema: z.ZodType, scenarios: readonly ScenarioDef[] = []) {
  return createMatchRequest.extend({
    setupData: z.preprocess(withScenario(scenarios), setupDataSchema).default({ ruleset: 'basic' } as never),
  });
}

/** What is stored and shown of a match's set-up: the scenario by its id, not its whole file. */
export function publicSetup(setupData: unknown): unknown {
  const s = (setupData as { scenario?: { id: string; ruleset: string } }).scenario;
  return s ? { ruleset: s.ruleset, scenario: s.id } : setupData;
}
export const joinBody = joinRequest;
export const recoverBody = recoverRequest;
export const renameBody = renameRequest;
