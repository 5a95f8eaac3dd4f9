/**
 * Lessons ("Learn to play") as data: a guided first game of a game module, step by step. A lesson
 * names the match it starts (seat plan, set-up, the PRNG seed that fixes every shuffle and die), the
 * learner's seat, and every move of the script in order, the computer sides' included, so the story
 * is the same each time. A learner's step carries its words, what to light on the board and what a
 * wrong action is told; the computer's steps and the learner's forced passes carry no words. The
 * script is replayed against the real game in the tests (lesson-replay.ts), so a rules change that
 * breaks a lesson fails them, naming the lesson and the step. Nothing here imports a game's rules.
 */
import { z } from 'zod';

const text = z.object({ no: z.string().min(1).max(400), en: z.string().min(1).max(400) }).strict();
const slug = z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes');

/** A check on the full state after a step: the value at a dotted path (array indices as numbers). */
export const lessonCheckSchema = z
  .object({
    path: z.string().min(1).max(200),
    /** The value expected there (compared as JSON). */
    is: z.unknown(),
  })
  .strict();

export const lessonStepSchema = z
  .object({
    /** Named in failures and kept as the learner's place ("attack-oslo"). */
    id: slug,
    /** The boardgame.io playerID that makes the move. */
    seat: z.string().min(1).max(4),
    /** The move's name and its one argument object, exactly as the script plays it. */
    move: z.string().min(1).max(40),
    args: z.record(z.string(), z.unknown()),
    /**
     * Which of the argument's keys the learner's move must match (the rest is theirs to choose, e.g.
     * how many battalions); absent: all of them. Computer steps are always played exactly.
     */
    match: z.array(z.string()).optional(),
    /** The words of a learner's step (1–2 sentences): what to do and why. Absent: no stop here. */
    say: text.optional(),
    /** Board elements to light (their `data-lesson-target` values): an area, a card, a button. */
    light: z.array(z.string().min(1).max(60)).max(4).optional(),
    /** What a learner is told after a move other than the expected one. */
    wrong: text.optional(),
    /** Checks on the state after the move (dice rolled, an area taken): the story the words tell. */
    expect: z.array(lessonCheckSchema).max(8).optional(),
  })
  .strict();

export const lessonSchema = z
  .object({
    id: slug,
    /** The game module's id. */
    game: z.string().min(1),
    title: text,
    summary: text,
    /** The seat plan and the learner's seat key in it; every other seat is a computer player. */
    plan: z.string().min(1),
    learner: z.string().min(1),
    /** The game's setupData (its setupSchema checks it) and boardgame.io's seed: the deal and the dice. */
    setupData: z.unknown(),
    seed: z.string().min(1).max(64),
    /** Shown before the first step. */
    intro: text,
    steps: z.array(lessonStepSchema).min(1).max(400),
    /** Shown when the script is done: the match goes on against Easy computer players. */
    finish: text,
  })
  .strict()
  .superRefine((l, ctx) => {
    const ids = new Set<string>();
    l.steps.forEach((s, i) => {
      if (ids.has(s.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: `step id ${s.id} used twice` });
      ids.add(s.id);
      if (s.say && !s.wrong)
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'wrong'], message: 'a step with words needs its wrong-action text' });
      if (s.match?.some((k) => !Object.hasOwn(s.args, k)))
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'match'], message: 'match names a key the args do not have' });
    });
  });

export type Lesson = z.infer<typeof lessonSchema>;
export type LessonStep = z.infer<typeof lessonStepSchema>;

/** Validate a lesson's data; the error names each bad field. */
export function parseLesson(raw: unknown): Lesson {
  const r = lessonSchema.safeParse(raw);
  if (r.success) return r.data;
  const problems = r.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : '(lesson)'}: ${i.message}`);
  const id = (raw as { id?: unknown } | null)?.id;
  throw new Error(`lesson ${typeof id === 'string' ? id : '?'} refused — ${problems.join('; ')}`);
}

/** Equal as JSON, a list of plain values compared as a set (the cards or ships a learner picks, in any order). */
function canonical(x: unknown): unknown {
  if (Array.isArray(x)) return x.every((v) => typeof v !== 'object' || v === null) ? [...x].map(String).sort() : x.map(canonical);
  if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, canonical(v)]));
  return x;
}
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Whether a move a learner makes is the step's expected one (its name, and the keys `match` names). */
export function matchesStep(step: LessonStep, move: string, args: unknown): boolean {
  if (move !== step.move) return false;
  const given = (Array.isArray(args) ? args[0] : args) as Record<string, unknown> | undefined;
  if (typeof given !== 'object' || given === null) return false;
  return (step.match ?? Object.keys(step.args)).every((k) => sameJson(given[k], step.args[k]));
}

/** The value at a dotted path of a state ("units.oslo.germany", "combat.roll.attacker.0"). */
export function valueAt(state: unknown, path: string): unknown {
  let at: unknown = state;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * Where a learner is in a lesson: the index of the next step, from how many moves the match has made
 * since it began (every move of the script is one step). `steps.length`: the script is done.
 */
export function stepAt(lesson: Lesson, movesMade: number): number {
  return Math.max(0, Math.min(lesson.steps.length, movesMade));
}

/**
 * The move a lesson's script makes for a computer seat at this state (the step at `stateID`, when it
 * is that seat's and not the learner's), or null: the script is done, or it is someone else's step.
 * The server's computer players play this instead of deciding while the script lasts; afterwards
 * they decide as Easy players.
 */
export function scriptedMove(
  lesson: Lesson,
  learnerIDs: readonly string[],
  stateID: number,
  playerID: string,
): { move: string; args: unknown[] } | null {
  const step = lesson.steps[stateID];
  if (!step || step.seat !== playerID || learnerIDs.includes(playerID)) return null;
  return { move: step.move, args: [step.args] };
}

/** Whether a match at this state is still inside its lesson's script. */
export function inScript(lesson: Lesson, stateID: number): boolean {
  return stateID < lesson.steps.length;
}
