/**
 * CPU time of random complete games (with the invariants checked after every action), the work the
 * random-games tests do. Usage: npm run bench:deres [-- games-per-player-count]. Reports per player
 * count the CPU milliseconds per game as min and median of 3 repeats.
 */
import { playRandomGame } from '../test/random-games.js';

const games = Number(process.argv[2] ?? 10);
for (const players of [2, 3, 4]) {
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const c = process.cpuUsage();
    for (let s = 1; s <= games; s++) playRandomGame(players, s * 10 + players);
    const u = process.cpuUsage(c);
    runs.push((u.user + u.system) / 1000 / games);
  }
  runs.sort((a, b) => a - b);
  console.log(`${players} players: ${runs[0]!.toFixed(0)} ms min, ${runs[1]!.toFixed(0)} ms median CPU per game`);
}
