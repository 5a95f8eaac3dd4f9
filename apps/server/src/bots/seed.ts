/**
 * FNV-1a over the parts joined by NUL: a 32-bit seed for a computer player's chances from what names
 * a decision (a match, its state and a seat), so the same decision always gets the same seed.
 */
export function seedOf(...parts: (string | number)[]): number {
  const text = parts.join('\u0000');
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
