/**
 * Replays a lesson's script against the real game (boardgame.io's client in this process, seeded as
 * the lesson says), checking at every step that
 * - the step's seat is one the game asks to decide, its move passes the game's own check (its
 *   judgement of legality: `legalMoves` may list only a sample of group moves, such as ships placed
 *   by group or a Deres seat's orders), and boardgame.io runs it (one move, one state: a learner's
 *   place in a lesson is the match's state id);
 * - a learner's step without words is a decision that is none (the game's automatic pass);
 * - the state afterwards passes the step's checks (the dice and outcomes its words tell);
 * and at the end, that the game is not over unless the lesson ends it, and someone may move.
 * A failure names the lesson and the step. Imported by tests only (`@kon/platform/lesson-replay`).
 */
import { Client } from 'boardgame.io/client';
import type { GameModule } from './index';
import { type Lesson, valueAt } from './lessons';

export class LessonFailure extends Error {}

type LessonClient = ReturnType<typeof Client>;

export interface ReplayReport {
  steps: number;
  /** The final full state and ctx (for a test's own further checks). */
  G: unknown;
  gameover: unknown;
}

/** A client of the lesson's match, holding the full state (no view), at the lesson's seed. */
export function lessonClient(module: GameModule, lesson: Lesson): LessonClient {
  const plan = module.plans[lesson.plan];
  if (!plan) throw new LessonFailure(`lesson ${lesson.id}: ${module.id} has no plan ${lesson.plan}`);
  const numPlayers = new Set(plan.flatMap((s) => s.playerIDs)).size;
  const client = Client({
    game: {
      ...module.game,
      seed: lesson.seed,
      // boardgame.io's local client passes no set-up data: the game gets it here.
      ...(module.game.setup
        ? { setup: (context: Parameters<NonNullable<typeof module.game.setup>>[0]) => module.game.setup!(context, lesson.setupData) }
        : {}),
      playerView: ({ G }) => G,
    },
    numPlayers,
    debug: false,
  }) as LessonClient;
  client.start();
  return client;
}

/** The learner's playerIDs (the seats of the lesson's learner seat key). */
export function learnerIDs(module: GameModule, lesson: Lesson): string[] {
  return module.plans[lesson.plan]?.find((s) => s.key === lesson.learner)?.playerIDs ?? [];
}

export function replayLesson(module: GameModule, lesson: Lesson): ReplayReport {
  if (lesson.game !== module.id) throw new LessonFailure(`lesson ${lesson.id} is of ${lesson.game}, not ${module.id}`);
  const learner = learnerIDs(module, lesson);
  if (learner.length === 0) throw new LessonFailure(`lesson ${lesson.id}: plan ${lesson.plan} has no seat ${lesson.learner}`);
  const client = lessonClient(module, lesson);
  lesson.steps.forEach((step, i) => {
    const fail = (what: string) => new LessonFailure(`lesson ${lesson.id}, step ${i + 1} (${step.id}): ${what}`);
    const { G, ctx, _stateID } = client.getState()!;
    if (ctx.gameover !== undefined) throw fail('the game is already over');
    if (_stateID !== i) throw fail(`the match is at state ${_stateID}, not ${i}`);
    const toMove = module.toMove(G, ctx);
    const mayAct = module.bots?.mayAct?.(G, ctx) ?? [];
    if (!toMove.includes(step.seat) && !mayAct.includes(step.seat))
      throw fail(`seat ${step.seat} is not asked to move (the game waits for ${toMove.join(', ') || 'nobody'})`);
    const refusal = module.checkMove?.(G, step.seat, step.move, [step.args], 'player');
    if (refusal) throw fail(`${step.move} is refused: ${refusal.code} (${refusal.message})`);
    if (learner.includes(step.seat) && !step.say) {
      const only = module.autoPass?.onlyPass(G, step.seat);
      if (!only || only.move !== step.move) throw fail('a learner step without words must be the game’s automatic pass');
    }
    client.updatePlayerID(step.seat);
    const run = client.moves[step.move];
    if (!run) throw fail(`the game has no move ${step.move}`);
    run(step.args);
    const after = client.getState()!;
    if (after._stateID !== i + 1) throw fail(`boardgame.io did not run ${step.move}`);
    for (const check of step.expect ?? []) {
      const got = valueAt(after.G, check.path);
      if (JSON.stringify(got) !== JSON.stringify(check.is))
        throw fail(`after the move ${check.path} is ${JSON.stringify(got)}, the lesson says ${JSON.stringify(check.is)}`);
    }
  });
  const end = client.getState()!;
  if (end.ctx.gameover === undefined && module.toMove(end.G, end.ctx).length === 0)
    throw new LessonFailure(`lesson ${lesson.id}: after the last step nobody is asked to move`);
  return { steps: lesson.steps.length, G: end.G, gameover: end.ctx.gameover };
}
