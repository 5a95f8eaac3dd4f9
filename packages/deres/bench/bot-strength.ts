/**
 * How well the Normal computer player (bots/greedy.ts) plays against the Easy one (bots/random.ts):
 * seeded complete games through the engine, Normal in one seat (each seat in turn) and Easy in the
 * others, every player reading only its own seat's view. Reports per player count Normal's share of
 * wins against the share a player of equal strength would take (1 / players), and how it won
 * (conquest, technology: 8 upgrades, or first at the round limit). Usage:
 * npm run bench:deres-bots [-- games-per-player-count [max-rounds]].
 */
import { BOTS } from '../src/bots/index.js';
import { playBots } from '../test/bot-games.js';

const games = Number(process.argv[2] ?? 30);
const maxRounds = Number(process.argv[3] ?? 12);
for (const players of [2, 3, 4]) {
  let wins = 0;
  let rounds = 0;
  const ends: Record<string, number> = {};
  const started = process.cpuUsage();
  for (let g = 0; g < games; g++) {
    const seat = g % players;
    const bots = Array.from({ length: players }, (_, i) => (i === seat ? BOTS.greedy : BOTS.random));
    const G = playBots(bots, 5000 + g, maxRounds);
    if (G.result!.winner === String(seat)) {
      wins++;
      ends[G.result!.reason] = (ends[G.result!.reason] ?? 0) + 1;
    }
    rounds += G.round;
  }
  const cpu = process.cpuUsage(started);
  console.log(
    `${players} players: Normal won ${wins}/${games} (${((100 * wins) / games).toFixed(0)} %; equal strength ${(100 / players).toFixed(0)} %), ` +
      `its wins by ${JSON.stringify(ends)}; ${(rounds / games).toFixed(1)} rounds a game, ` +
      `${((cpu.user + cpu.system) / 1000 / games).toFixed(0)} ms CPU a game`,
  );
}
