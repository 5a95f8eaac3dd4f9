/**
 * Summarise a V8 .cpuprofile (from `node --cpu-prof`) by self time per function, and by inclusive
 * time for the functions named on the command line. Usage:
 *   tsx packages/game/bench/profile-summary.ts <file.cpuprofile> [top=25] [inclusive-name ...]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, ...inclusiveNames] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [top] [inclusive-name ...]');
const top = Number(topArg ?? 25);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
p.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const label = (n: Node) => {
  const f = n.callFrame;
  const where = f.url.replace(/^.*\/(packages|node_modules)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
};
const self = new Map<string, number>();
for (const [id, us] of selfUs) {
  const key = label(byId.get(id)!);
  self.set(key, (self.get(key) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`total ${(total / 1000).toFixed(0)} ms sampled\n\nself time:`);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);

// Inclusive time: a sample counts once for a name if the name is anywhere on its stack.
if (inclusiveNames.length > 0) {
  console.log('\ninclusive time:');
  for (const name of inclusiveNames) {
    let us = 0;
    for (const [id, t] of selfUs) {
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        if (byId.get(cur)!.callFrame.functionName === name) {
          us += t;
          break;
        }
      }
    }
    console.log(`${pct(us)}  ${name}`);
  }
}
