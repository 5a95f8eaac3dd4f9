import { playRandomGame } from './random-games.js';
const c = process.cpuUsage();
const t = Date.now();
for (let s = 1; s <= 10; s++) playRandomGame(Number(process.argv[2] ?? 3), s * 10 + 3);
const u = process.cpuUsage(c);
console.log('wall', Date.now() - t, 'cpu', Math.round((u.user + u.system) / 1000));
