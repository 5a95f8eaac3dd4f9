/**
 * FNV-1a of the parts: the 32-bit seed of a decision's tie-break dice (the game package's seededRng),
 * from the match, its state and the seat, so the same position gives the same choice, a retried
 * decision included.
 */
export function seedOf(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
