/**
 * Kampen om Norge's lessons ("Learn to play", docs/lessons.md): data files in packages/game/lessons/,
 * checked by the platform's lesson schema when this module loads and replayed against the rules in
 * test/lessons.test.ts.
 */
import { type Lesson, parseLesson } from '@kon/platform/lessons';
import april9 from '../../lessons/april9.json';
import basic from '../../lessons/basic.json';

export const KON_LESSONS: readonly Lesson[] = [parseLesson(basic), parseLesson(april9)];
