/**
 * Writing a lesson (docs/lessons.md): `npx tsx packages/platform/scripts/lesson-fill.ts <lesson.json>`
 * replays the lesson's steps, then appends the moves nobody needs to write: the computer seats' plain
 * moves (their module's `bots.fallback`) and the learner's automatic passes, until the learner has a
 * real decision; it writes the file back and prints the learner's legal moves there. Add the learner's
 * step (its move, words, light and wrong-action text), run it again, and so on. `--stop-at-seat N`
 * also stops before seat N's decisions (to script a computer's card by hand); `--learner-first K` lets
 * the learner take its first legal move K times (words "TODO", to write).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gamePackages } from '../src/game-packages';
import type { GameModule } from '../src/index';
import { lessonClient, learnerIDs, replayLesson } from '../src/lesson-replay';
import { type Lesson, type LessonStep, parseLesson } from '../src/lessons';

const file = process.argv[2];
if (!file) throw new Error('usage: lesson-fill.ts <lesson.json> [--stop-at-seat N] [--max N]');
const stopAt = process.argv.includes('--stop-at-seat') ? process.argv[process.argv.indexOf('--stop-at-seat') + 1] : undefined;
const learnerAuto = process.argv.includes('--learner-first') ? Number(process.argv[process.argv.indexOf('--learner-first') + 1]) : 0;
const max = process.argv.includes('--max') ? Number(process.argv[process.argv.indexOf('--max') + 1]) : 200;

const raw = JSON.parse(readFileSync(file, 'utf8'));
// A new lesson may start with no steps (the schema wants at least one): fill from the start.
const lesson = raw.steps.length > 0 ? parseLesson(raw) : ({ ...raw, steps: [] } as Lesson);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modules: GameModule[] = [];
// The games by their konGame entries, imported by name at run time (this package sits below them).
for (const g of gamePackages(root)) modules.push((await import(g.marker.entry))[g.marker.export] as GameModule);
const module = modules.find((m) => m.id === lesson.game);
if (!module) throw new Error(`no game ${lesson.game}`);
if (lesson.steps.length > 0) replayLesson(module, lesson);
const client = lessonClient(module, lesson);
for (const s of lesson.steps) {
  client.updatePlayerID(s.seat);
  client.moves[s.move]!(s.args);
}
const learner = learnerIDs(module, lesson);
const added: LessonStep[] = [];
let n = lesson.steps.length;
for (let k = 0; k < max; k++) {
  const { G, ctx } = client.getState()!;
  if (ctx.gameover !== undefined) break;
  const seat = module.toMove(G, ctx)[0];
  if (seat === undefined) break;
  let move: { move: string; args: unknown[] } | null = null;
  let say = false;
  if (learner.includes(seat)) {
    move = module.autoPass?.onlyPass(G, seat) ?? null;
    // --learner-first K: the learner's first legal move, K times, with words to write ("TODO").
    if (!move && learnerAuto > added.filter((s) => s.say).length) {
      move = module.legalMoves(G, ctx, seat)[0] ?? null;
      say = true;
    }
  } else if (seat !== stopAt) move = module.bots?.fallback(module.view(G, seat), seat) ?? null;
  if (!move) break;
  n++;
  const todo = { no: 'TODO', en: 'TODO' };
  const kind = say ? 'learner' : learner.includes(seat) ? 'pass' : 'computer';
  const args = move.args[0] as Record<string, unknown>;
  added.push({ id: `${kind}-${n}`, seat, move: move.move, args, ...(say ? { say: todo, wrong: todo } : {}) });
  client.updatePlayerID(seat);
  client.moves[move.move]!(...move.args);
}
raw.steps.push(...added);
writeFileSync(file, `${JSON.stringify(raw, null, 2)}\n`);
const { G, ctx } = client.getState()!;
const seat = module.toMove(G, ctx)[0];
console.log(`added ${added.length} steps; now ${raw.steps.length}; ${ctx.gameover ? 'game over' : `seat ${seat} decides`}`);
if (seat !== undefined) for (const m of module.legalMoves(G, ctx, seat).slice(0, 60)) console.log(' ', m.move, JSON.stringify(m.args[0]));
