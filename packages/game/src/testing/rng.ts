import type { Rng } from '../engine/rng.js';

/** A small seeded PRNG (mulberry32) for tests and benchmarks; the server uses boardgame.io's. */
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
