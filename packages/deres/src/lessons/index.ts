/**
 * Deres uenighet's lessons ("Learn to play", docs/lessons.md): data files in packages/deres/lessons/,
 * checked by the platform's lesson schema when this module loads and replayed against the rules in
 * test/lessons.test.ts.
 */
import { type Lesson, parseLesson } from '@kon/platform/lessons';
import firstRound from '../../lessons/first-round.json';

const parseAll = (files: unknown[]): readonly Lesson[] => files.map(parseLesson);
/** Pure for bundlers: a client that never reads the lessons leaves them out. */
export const DERES_LESSONS: readonly Lesson[] = /* @__PURE__ */ parseAll([firstRound]);
