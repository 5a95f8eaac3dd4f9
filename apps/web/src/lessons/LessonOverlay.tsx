/**
 * A lesson's step panel on its match page (mounted by GameMatchPage around any game's page): the
 * step is the first learner's step (one with words) at or after the match's state id, so leaving and
 * coming back finds the same step; once the last one has passed the lesson is marked finished and
 * the panel says the match goes on against the computer.
 */
import { useEffect, useState } from 'react';
import type { Lesson } from '@kon/platform/lessons';
import { useI18n } from '../i18n';
import { judgeMove, openGate, useGateRefusal } from './gate';
import { lastStateID, useMatchStateID } from './match-state';
import { markFinished } from './progress';
import { StepPanel } from './StepPanel';

/** Every game's lessons, loaded only on a lesson's page (zod's compiler off first, as for any game package). */
async function loadLesson(id: string): Promise<Lesson | undefined> {
  await import('../game/zod-jitless');
  const [kon, deres] = await Promise.all([import('@kon/game/lessons'), import('@kon/deres/lessons')]);
  return [...kon.KON_LESSONS, ...deres.DERES_LESSONS].find((l) => l.id === id);
}

export function LessonOverlay({ matchID, lessonId }: { matchID: string; lessonId: string }) {
  const { lang } = useI18n();
  const [lesson, setLesson] = useState<Lesson | null>(null);
  const stateID = useMatchStateID(matchID);
  const refused = useGateRefusal(matchID);
  // The refusal shown belongs to the state it was made at: any newer state ends it.
  const [shown, setShown] = useState<{ refused: typeof refused; at: number | null } | null>(null);
  useEffect(() => setShown(refused ? { refused, at: lastStateID(matchID) ?? null } : null), [refused, matchID]);
  useEffect(() => {
    if (!lesson) return;
    return openGate(matchID, (playerID, move, args) => judgeMove(lesson, lastStateID(matchID) ?? 0, playerID, move, args));
  }, [lesson, matchID]);
  useEffect(() => {
    loadLesson(lessonId).then(
      (l) => setLesson(l ?? null),
      () => setLesson(null),
    );
  }, [lessonId]);
  const worded = lesson ? lesson.steps.flatMap((s, i) => (s.say ? [i] : [])) : [];
  const lastWorded = worded.at(-1) ?? -1;
  const done = lesson !== null && stateID !== null && stateID > lastWorded;
  useEffect(() => {
    if (done) markFinished(lessonId);
  }, [done, lessonId]);
  if (!lesson || stateID === null) return null;
  if (done)
    return (
      <section className="lesson-panel lesson-finish" aria-live="polite" data-testid="lesson-finish">
        <p className="lesson-words">{lesson.finish[lang]}</p>
      </section>
    );
  const at = worded.findIndex((i) => i >= stateID);
  const step = lesson.steps[worded[at]!]!;
  const verdict = shown && shown.at === stateID ? shown.refused?.verdict : undefined;
  return <StepPanel step={step} index={at} of={worded.length} wrong={verdict === 'wrong'} wait={verdict === 'wait'} />;
}
