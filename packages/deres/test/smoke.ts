import { createInitialState } from '../src/engine/setup.js';
import { perform, parseAction } from '../src/engine/actions.js';
import { randomMove } from '../src/bots/random.js';
import { actors, seededRng, uniform } from './helpers.js';

const t0 = Date.now();
let moves = 0;
const reasons: Record<string, number> = {};
for (let seed = 1; seed <= 30; seed++) {
  const players = 2 + (seed % 3);
  const rng = seededRng(seed);
  const u = uniform(seed * 7);
  const G = createInitialState(players, { maxRounds: 8 }, rng);
  for (let i = 0; i < 5000 && !G.result; i++) {
    const a = actors(G);
    const seat = a[Math.floor(u() * a.length)]!;
    const m = randomMove(G, seat, u);
    if (!m) throw new Error(`no move for ${seat} in ${G.phase}`);
    perform(G, seat, parseAction(m.move, m.args[0]), rng);
    moves++;
  }
  reasons[G.result?.reason ?? 'stuck'] = (reasons[G.result?.reason ?? 'stuck'] ?? 0) + 1;
  if (!G.result) console.log('stuck', seed, G.phase, G.round);
}
console.log(Date.now() - t0, 'ms', moves, 'moves', reasons);
{
  const counts: Record<string, number> = {};
  for (let seed = 100; seed < 110; seed++) {
    const rng = seededRng(seed);
    const u = uniform(seed);
    const G = createInitialState(3, { maxRounds: 12 }, rng);
    while (!G.result) {
      const a = actors(G);
      const seat = a[Math.floor(u() * a.length)]!;
      const m = randomMove(G, seat, u)!;
      perform(G, seat, parseAction(m.move, m.args[0]), rng);
    }
    for (const e of G.log) counts[e.t] = (counts[e.t] ?? 0) + 1;
    counts[`hit`] = (counts.hit ?? 0) + G.log.filter((e) => e.t === 'roll' && e.hit).length;
    console.log(
      G.result,
      G.seats.map((s) => [G.nations[s]!.upgrades, G.regiments.filter((r) => r.owner === s).length, G.nations[s]!.supplies]),
    );
  }
  console.log(counts);
}
