import type { Rng } from '../engine/kernel/rng.js';

/**
 * A small seeded PRNG (mulberry32) for tests, benchmarks and the bots' own tie-break and playout dice;
 * the game's dice on the server are boardgame.io's.
 */
export function seededRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    d6: () => 1 + Math.floor(next() * 6),
    shuffle<T>(items: T[]): T[] {
      const a = [...items];
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [a[i], a[j]] = [a[j]!, a[i]!];
      }
      return a;
    },
  };
}

/**
 * Dice forced in order, as in the rulebook's examples; running out is an error, so a test cannot
 * silently roll more dice than the example does. Shuffles keep the order given.
 */
export function forcedDice(dice: number[]): Rng & { remaining(): number } {
  const queue = [...dice];
  return {
    d6() {
      const d = queue.shift();
      if (d === undefined) throw new Error('forcedDice: the test rolled more dice than it forced');
      return d;
    },
    shuffle: <T>(items: T[]) => [...items],
    remaining: () => queue.length,
  };
}

/**
 * Common random numbers for comparing two players on the same seed: every roll is drawn from the
 * seed, the key `at()` names (where in the game the roll happens: round, turn, phase, combat) and
 * how many rolls that key has had. Two games that differ in one decision still meet the same dice
 * in every later battle they share, instead of a stream shifted by one die that re-rolls the rest of
 * the game. Any key order is as fair as the stream's: each roll is uniform and independent.
 */
export function keyedRng(seed: number, at: () => string): Rng {
  const counts = new Map<string, number>();
  const draw = () => {
    const key = at();
    const n = counts.get(key) ?? 0;
    counts.set(key, n + 1);
    return seededRng(seedOf(seed, key, n));
  };
  return {
    d6: () => draw().d6(),
    shuffle: <T>(items: T[]) => draw().shuffle(items),
  };
}

/**
 * FNV-1a over the parts joined by NUL: a 32-bit seed for seededRng from anything that names a
 * moment (a match, its state and a seat; a game's seed and a roll's site), so the same moment always
 * gets the same dice.
 */
export function seedOf(...parts: (string | number)[]): number {
  const text = parts.join('\u0000');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
