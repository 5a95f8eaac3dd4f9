/**
 * Squares as players read them, like a chess board: columns lettered from the west (A, B, …), rows
 * numbered from the north (1, 2, …), so the square at x 2, y 6 is C7. The map draws these names on its
 * edges; orders, the log, refusals and the record use them.
 */
import type { Pos } from '../types.js';

export const columnName = (x: number): string => String.fromCharCode(65 + x);
export const rowName = (y: number): string => String(y + 1);
export const squareName = (p: Pos): string => `${columnName(p.x)}${rowName(p.y)}`;

/** A square written as the engine keys it ("x,y") in its name; any other text is left as it is. */
export function squareNameOfKey(k: string): string {
  const m = /^(\d+),(\d+)$/.exec(k);
  return m ? squareName({ x: Number(m[1]), y: Number(m[2]) }) : k;
}
