/** bots/paired.ts: the mean of paired differences and its standard error, as Normal's search and tune-style read them. */
import { describe, it, expect } from 'vitest';
import { paired } from '../src/bots/paired.js';

describe('paired', () => {
  it('differences 2, 3, 4: mean 3, standard deviation 1, standard error 1/√3', () => {
    const { mean, se } = paired([3, 5, 7], [1, 2, 3]);
    expect(mean).toBe(3);
    expect(se).toBeCloseTo(1 / Math.sqrt(3), 12);
  });

  it('the spread of the differences counts, not of each side: a steady lead has no error', () => {
    expect(paired([10, 0, 5], [9, -1, 4])).toEqual({ mean: 1, se: 0 });
  });

  it('one pair has no spread to measure: the error is 0, not NaN', () => {
    expect(paired([4], [1])).toEqual({ mean: 3, se: 0 });
  });
});
