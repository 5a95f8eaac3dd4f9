/**
 * Paired differences: two players (or two candidate actions) met the same seeds or guesses, so the
 * spread of the differences, not of each side's results, says whether one is really ahead.
 */
export interface Paired {
  /** How far the first side is ahead on average. */
  readonly mean: number;
  /** The standard error of that mean (0 with fewer than two pairs: no spread to measure). */
  readonly se: number;
}

/** The mean of `a[i] - b[i]` and its standard error. */
export function paired(a: readonly number[], b: readonly number[]): Paired {
  const d = a.map((x, i) => x - b[i]!);
  const n = d.length;
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const se = n > 1 ? Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) / n) : 0;
  return { mean, se };
}
