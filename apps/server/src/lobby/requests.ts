import { z } from 'zod';
import type { GameModule, GameRegistry } from '@kon/platform';
import type { Lesson } from '@kon/platform/lessons';
import { createMatchRequest, joinRequest, recoverRequest, renameRequest } from '@kon/protocol';
import { ApiError } from '../http/errors';
import type { ScenarioDef } from './scenarios';

/** The lobby's request bodies: the protocol's, with a match's game, plan and set-up checked against the game and its scenarios. */

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

/** A create request as the lobby uses it: the game's module, its plan, and its set-up checked by the game's schema. */
export type CreateBody = Omit<z.output<typeof createMatchRequest>, 'game' | 'plan' | 'setupData' | 'lesson'> & {
  module: GameModule;
  plan: NonNullable<z.output<typeof createMatchRequest>['plan']>;
  setupData: unknown;
  /** A lesson's match (docs/lessons.md): its seed, and Easy computers on every seat but the learner's. */
  lesson?: Lesson;
};

/** Paths and messages only: never the offending input (it may hold a token). */
function invalid(issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[], prefix: string[] = []): ApiError {
  return new ApiError(
    400,
    'invalid_body',
    'The request body is not valid.',
    issues.map((i) => ({ path: [...prefix, ...i.path.map(String)].join('.'), message: i.message })),
  );
}

/**
 * The protocol's request, then the game it names (none: the registry's default, as old clients send),
 * one of that game's plans (none: its default), and the set-up by the game's own schema (a scenario
 * by id made whole; scenarios belong to the default game).
 */
export function createMatchParser(games: GameRegistry, scenarios: readonly ScenarioDef[] = [], lessons: readonly Lesson[] = []) {
  const setupOf = new Map<GameModule, z.ZodType>(
    games.all.map((m) => [m, m === games.default ? z.preprocess(withScenario(scenarios), m.setupSchema) : m.setupSchema]),
  );
  return (raw: unknown): CreateBody => {
    const r = createMatchRequest.safeParse(raw);
    if (!r.success) throw invalid(r.error.issues);
    if (r.data.lesson !== undefined) return lessonBody(r.data, games, lessons);
    const { game, plan, setupData, lesson: _none, ...rest } = r.data;
    const module = game === undefined ? games.default : games.get(game);
    if (!module)
      throw new ApiError(
        400,
        'no_such_game',
        `This server hosts no game named ${game}; it hosts ${games.all.map((m) => m.id).join(', ')}.`,
      );
    const chosen = plan ?? module.defaultPlan;
    if (!module.plans[chosen])
      throw new ApiError(
        400,
        'no_such_plan',
        `${module.texts.name.en} has no seat plan ${chosen}; it has ${Object.keys(module.plans).join(', ')}.`,
      );
    const s = setupOf.get(module)!.safeParse(setupData ?? module.defaultSetup);
    if (!s.success) throw invalid(s.error.issues, ['setupData']);
    // Then what the game's own set-up would refuse for this plan's seats (Deres: preset nations).
    const issues = module.validateSetup?.(s.data, module.plans[chosen]!) ?? [];
    if (issues.length)
      throw invalid(
        issues.map((i) => ({ path: i.path ? i.path.split('.') : [], message: i.message })),
        ['setupData'],
      );
    return { ...rest, module, plan: chosen as CreateBody['plan'], setupData: s.data };
  };
}

// ---- Lessons ("Learn to play", issue 40): the lesson brings the game, plan, set-up and seats.

/** A lesson's match: the lesson's game, plan and set-up, Easy computer players on every seat but the learner's. */
function lessonBody(req: z.output<typeof createMatchRequest>, games: GameRegistry, lessons: readonly Lesson[]): CreateBody {
  const lesson = lessons.find((l) => l.id === req.lesson);
  if (!lesson)
    throw new ApiError(
      400,
      'no_such_lesson',
      `There is no lesson ${req.lesson}; there are: ${lessons.map((l) => l.id).join(', ') || 'none'}.`,
    );
  if (
    req.plan !== undefined ||
    req.setupData !== undefined ||
    req.bots !== undefined ||
    (req.game !== undefined && req.game !== lesson.game)
  )
    throw new ApiError(
      400,
      'lesson_brings_its_own',
      'A lesson brings its own game, seat plan, set-up and computer players: send only its id.',
    );
  const module = games.get(lesson.game);
  const seats = module?.plans[lesson.plan];
  if (!module || !seats) throw new Error(`lesson ${lesson.id}: its game ${lesson.game} or plan ${lesson.plan} is not hosted`);
  const s = module.setupSchema.safeParse(lesson.setupData);
  if (!s.success) throw new Error(`lesson ${lesson.id}: its set-up is refused by ${lesson.game}`);
  const easiest = (module.bots?.levels[0] ?? 'easy') as NonNullable<CreateBody['bots']>[keyof NonNullable<CreateBody['bots']>];
  const bots = Object.fromEntries(seats.filter((x) => x.key !== lesson.learner).map((x) => [x.key, easiest]));
  // Private: every other seat is the computer's, there is nobody to invite.
  return { visibility: 'private', clock: req.clock, module, plan: lesson.plan as CreateBody['plan'], setupData: s.data, bots, lesson };
}

/** What is stored and shown of a match's set-up: the scenario by its id, not its whole file. */
export function publicSetup(setupData: unknown): unknown {
  const s = (setupData as { scenario?: { id: string; ruleset: string } }).scenario;
  return s ? { ruleset: s.ruleset, scenario: s.id } : setupData;
}
export const joinBody = joinRequest;
export const recoverBody = recoverRequest;
export const renameBody = renameRequest;
