/**
 * The one distribution every pass of a person's seat waits for, whether the server makes it (the seat
 * could do nothing else) or the seat clicked it sooner: a log-normal spread around the configured
 * median, kept between half and two and a half times it, like a quick pass at the table. Drawn from the
 * platform's CSPRNG, never from the game's seeded dice (the game's rolls stay as they were), and with
 * no input but the median: nothing the seat holds can shape it.
 */
import { randomInt } from 'node:crypto';

/** The spread (σ of the logarithm): the middle two thirds of delays lie within ×0.7 … ×1.4 of the median. */
export const SPREAD = 0.35;
export const MIN_FACTOR = 0.5;
export const MAX_FACTOR = 2.5;

const STEPS = 2 ** 47;
/** Uniform on (0, 1) from the CSPRNG. */
export function uniform(): number {
  return (randomInt(0, STEPS) + 0.5) / STEPS;
}

/** A delay in milliseconds around `medianMs` (0 stays 0: tests and servers that want no wait). */
export function drawPassDelay(medianMs: number, u: () => number = uniform): number {
  if (medianMs <= 0) return 0;
  // Box–Muller: one standard normal from two uniforms.
  const z = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  const factor = Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, Math.exp(SPREAD * z)));
  return Math.round(factor * medianMs);
}
