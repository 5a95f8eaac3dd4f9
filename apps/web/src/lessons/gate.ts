/**
 * A wrong action is explained, not sent: while a lesson's script lasts, the learner's page asks
 * `gateMove` before it sends a move. The overlay (LessonOverlay) holds the lesson and opens the gate
 * for its match (`openGate`); a move other than the step's (another stack, area, card, button) is
 * kept back and the overlay hears why (`useGateRefusal`), to show the step's `wrong` words. Kept
 * back on the page rather than refused by the server: the script's computer moves stay valid, and
 * the learner reads the reason at once, in their language, beside what the step points at.
 */
// zod's eval-based compiler off before the lessons' schemas are built (game/zod-jitless.ts): this module
// is in the main chunk, and the page's Content-Security-Policy refuses eval.
import '../game/zod-jitless';
import { useEffect, useState } from 'react';
import { type Lesson, matchesStep } from '@kon/platform/lessons';

/** Why a move is kept back: not the step's (`wrong`), or not the learner's turn in the script (`wait`). */
export type Verdict = 'ok' | 'wrong' | 'wait';

/**
 * The verdict on a learner's move at a state of the script: the step at the state id is the one
 * the move must be; a learner's step with words wants its move (`match`'s keys), a wordless one of
 * the learner's (an automatic pass) takes exactly its move; a computer's step waits for the computer.
 * After the script, everything goes (the match is an ordinary game).
 */
export function judgeMove(lesson: Lesson, stateID: number, playerID: string, move: string, args: unknown): Verdict {
  const step = lesson.steps[stateID];
  if (!step) return 'ok';
  const [name, given] = alike(move, args);
  if (step.seat === playerID && matchesStep({ ...step, args: copyless(step.args) }, name, copyless(given))) return 'ok';
  return step.say ? 'wrong' : 'wait';
}

/**
 * Copies of a card are one card to the learner (the hand shows them as one, and plays or trades
 * whichever copy comes first): `de.forsterkninger#2` is taken for the step's `de.forsterkninger#1`.
 */
const copyless = <T>(x: T): T => JSON.parse(JSON.stringify(x ?? null).replace(/#\d+"/g, '"'));

/**
 * A move the page makes in another form than the script's: Kampen om Norge's page places one ship
 * with `placeShip`, a group of one with the same effect as `placeShips`.
 */
function alike(move: string, args: unknown): [string, unknown] {
  const a = (Array.isArray(args) ? args[0] : args) as Record<string, unknown> | undefined;
  if (move === 'placeShip' && a) return ['placeShips', { ships: [a.ship], zone: a.zone }];
  return [move, args];
}

type Gate = (playerID: string, move: string, args: unknown) => Verdict;
const gates = new Map<string, Gate>();
const EVENT = 'kon:lesson-refused';

/** The overlay's gate for its match; returns the function that closes it again. */
export function openGate(matchID: string, gate: Gate): () => void {
  gates.set(matchID, gate);
  return () => {
    if (gates.get(matchID) === gate) gates.delete(matchID);
  };
}

/** Whether the page may send this move (true outside lessons); a move kept back is told to the overlay. */
export function gateMove(matchID: string, playerID: string | null, move: string, args: unknown): boolean {
  const gate = gates.get(matchID);
  if (!gate || playerID === null) return true;
  const verdict = gate(playerID, move, args);
  if (verdict === 'ok') return true;
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { matchID, verdict } }));
  return false;
}

/** The last move kept back on this match (a new object each time, so the same mistake twice shows again). */
export function useGateRefusal(matchID: string): { verdict: Exclude<Verdict, 'ok'> } | null {
  const [refused, setRefused] = useState<{ verdict: Exclude<Verdict, 'ok'> } | null>(null);
  useEffect(() => {
    const on = (e: Event) => {
      const d = (e as CustomEvent<{ matchID: string; verdict: Exclude<Verdict, 'ok'> }>).detail;
      if (d.matchID === matchID) setRefused({ verdict: d.verdict });
    };
    window.addEventListener(EVENT, on);
    return () => window.removeEventListener(EVENT, on);
  }, [matchID]);
  return refused;
}
