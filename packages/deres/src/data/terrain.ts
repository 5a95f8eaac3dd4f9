/**
 * Terrain pieces and the oval layout, as data. Every piece is 3×3 squares. A square is written as two
 * characters: its height 0–3, then '.' (plain), 'h' (hill: blocks sight through it) or 'w' (water: cannot
 * be entered or built on; sight passes over it). Two neighbouring squares whose heights differ by 2 or
 * more have a cliff between them.
 */
import type { Square } from '../types.js';

export const TILE_SIZE = 3;

export interface TileDef {
  id: string;
  rows: [string, string, string];
}

export const TILES: readonly TileDef[] = [
  { id: 'eng', rows: ['0.0.0.', '0.0.0.', '0.0.1.'] },
  { id: 'tun', rows: ['0.1.0.', '0.0.0.', '0.0.0.'] },
  { id: 'tjern', rows: ['0.0.0.', '0.0w0.', '0.0.0.'] },
  { id: 'myr', rows: ['0w0w0.', '0w0.0.', '0.0.1.'] },
  { id: 'haug', rows: ['0.1.0.', '1.1h1.', '0.1.0.'] },
  { id: 'lier', rows: ['1.1h0.', '1.1.0.', '0.0.0.'] },
  { id: 'rygg', rows: ['0.0.0.', '1h1h1h', '0.0.0.'] },
  { id: 'stup', rows: ['0.0.2.', '0.0.2.', '0.0.2.'] },
  { id: 'fjell', rows: ['1.2.1.', '2.3.2.', '1.2.1.'] },
  { id: 'hammer', rows: ['3.3.1.', '3.1.0.', '1.0.0.'] },
  { id: 'li', rows: ['0.1.2.', '0.1.2.', '0.1.2.'] },
  { id: 'elv', rows: ['0w0.0.', '0.0w0.', '0.0.0w'] },
  { id: 'bekk', rows: ['0.0w0.', '0.0w0.', '0.1.0.'] },
  { id: 'knaus', rows: ['0.0.0.', '0.2h0.', '0.0.0.'] },
  { id: 'vidde', rows: ['2.2.2.', '2.2h2.', '1.1.1.'] },
  { id: 'platå', rows: ['0.0.0.', '0.2.2.', '0.2.2.'] },
  { id: 'åker', rows: ['1.1.1.', '1.1.1.', '1.1.0.'] },
  { id: 'fjord', rows: ['0w0w0w', '0.0.0.', '1.0.1h'] },
  { id: 'juv', rows: ['2.0.2.', '2.0.2.', '2.0.2.'] },
  { id: 'knauser', rows: ['1h0.0.', '0.1h0.', '0.0.1h'] },
];

export const TILE_BY_ID: Record<string, TileDef> = Object.fromEntries(TILES.map((t) => [t.id, t]));

/** The square at (x, y) of a tile turned `rotation` quarter turns clockwise. */
export function tileSquare(tile: TileDef, rotation: number, x: number, y: number): Square {
  const n = TILE_SIZE - 1;
  let sx = x;
  let sy = y;
  // Undo the rotation: the square shown at (x, y) after r clockwise turns came from here.
  for (let r = 0; r < ((rotation % 4) + 4) % 4; r++) [sx, sy] = [sy, n - sx];
  const code = tile.rows[sy]!.slice(sx * 2, sx * 2 + 2);
  return { h: Number(code[0]), water: code[1] === 'w', hill: code[1] === 'h' };
}

/**
 * The oval: slot grids by number of players, 'X' a slot for a terrain piece, '.' none. The map is
 * complete, and oval, when every slot holds a piece.
 */
export const LAYOUTS: Record<number, readonly string[]> = {
  2: ['.XX.', 'XXXX', '.XX.'],
  3: ['.XX.', 'XXXX', 'XXXX', '.XX.'],
  4: ['.XXX.', 'XXXXX', 'XXXXX', '.XXX.'],
};

export function layoutSlots(players: number): { col: number; row: number }[] {
  const rows = LAYOUTS[players];
  if (!rows) throw new Error(`no layout for ${players} players`);
  const out: { col: number; row: number }[] = [];
  rows.forEach((line, row) => {
    for (let col = 0; col < line.length; col++) if (line[col] === 'X') out.push({ col, row });
  });
  return out;
}

export function layoutSize(players: number): { width: number; height: number } {
  const rows = LAYOUTS[players]!;
  return { width: rows[0]!.length * TILE_SIZE, height: rows.length * TILE_SIZE };
}

/** Height difference that makes a cliff between neighbouring squares. */
export const CLIFF = 2;
/** Steps onto or off an own fort cost this; a castle costs a full point. */
export const FORT_STEP = 0.5;
