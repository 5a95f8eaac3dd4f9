/** The grid: squares, neighbours, distance, what stands where. Works on the state and on any view. */
import { CLIFF, TILE_BY_ID, TILE_SIZE, tileSquare } from '../data/terrain.js';
import type { Board, Capital, DeresState, Fort, Pos, Regiment, Seat, Square } from '../types.js';

/** The parts of the state the board queries read (both DeresState and DeresView have them). */
export type Table = Pick<DeresState, 'board' | 'capitals' | 'regiments' | 'forts' | 'mapSupplies'>;

export const DIRS: readonly Pos[] = [
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
  { x: -1, y: 1 },
  { x: -1, y: 0 },
  { x: -1, y: -1 },
];

export const samePos = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
export const key = (p: Pos) => `${p.x},${p.y}`;
/** Squares apart, diagonals counting one (the grid's ranges and "beside" use this). */
export const dist = (a: Pos, b: Pos) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
export const adjacent = (a: Pos, b: Pos) => dist(a, b) === 1;

export function index(board: Board, p: Pos): number {
  return p.y * board.width + p.x;
}
export function inBounds(board: Board, p: Pos): boolean {
  return p.x >= 0 && p.y >= 0 && p.x < board.width && p.y < board.height;
}
export function squareAt(board: Board, p: Pos): Square | null {
  return inBounds(board, p) ? (board.squares[index(board, p)] ?? null) : null;
}
/** A square of the map that can be stood on (on the map, not water). */
export function land(board: Board, p: Pos): boolean {
  const s = squareAt(board, p);
  return !!s && !s.water;
}
export function heightAt(board: Board, p: Pos): number {
  return squareAt(board, p)?.h ?? 0;
}
/** A cliff lies between two neighbouring squares whose heights differ by CLIFF or more. */
export function isCliff(board: Board, a: Pos, b: Pos): boolean {
  return Math.abs(heightAt(board, a) - heightAt(board, b)) >= CLIFF;
}
/** The map's squares next to p (up to 8). */
export function neighbours(board: Board, p: Pos): Pos[] {
  const out: Pos[] = [];
  for (const d of DIRS) {
    const q = { x: p.x + d.x, y: p.y + d.y };
    if (squareAt(board, q)) out.push(q);
  }
  return out;
}
/** Beside the map's edge: some neighbouring position is off the map. */
export function atEdge(board: Board, p: Pos): boolean {
  return DIRS.some((d) => !squareAt(board, { x: p.x + d.x, y: p.y + d.y }));
}
export function besideWater(board: Board, p: Pos): boolean {
  return neighbours(board, p).some((q) => squareAt(board, q)!.water);
}
export function allSquares(board: Board): Pos[] {
  const out: Pos[] = [];
  for (let y = 0; y < board.height; y++) for (let x = 0; x < board.width; x++) if (board.squares[y * board.width + x]) out.push({ x, y });
  return out;
}

/** Lay a terrain piece into the board at a slot's place. */
export function layTile(board: Board, slot: { col: number; row: number }, tileId: string, rotation: number): void {
  const tile = TILE_BY_ID[tileId];
  if (!tile) throw new Error(`unknown tile ${tileId}`);
  for (let y = 0; y < TILE_SIZE; y++)
    for (let x = 0; x < TILE_SIZE; x++) {
      const p = { x: slot.col * TILE_SIZE + x, y: slot.row * TILE_SIZE + y };
      board.squares[index(board, p)] = tileSquare(tile, rotation, x, y);
    }
}

export function regimentsAt(t: Table, p: Pos): Regiment[] {
  return t.regiments.filter((r) => r.x === p.x && r.y === p.y);
}
export function fortAt(t: Table, p: Pos): Fort | undefined {
  return t.forts.find((f) => f.x === p.x && f.y === p.y);
}
/** The seat whose capital (standing or destroyed) is on p. */
export function capitalAt(t: Table, p: Pos): Seat | undefined {
  for (const seat in t.capitals) {
    const c = t.capitals[seat];
    if (c && c.x === p.x && c.y === p.y) return seat;
  }
  return undefined;
}
export function livingCapital(t: Table, seat: Seat): Capital | null {
  const c = t.capitals[seat];
  return c && !c.destroyed ? c : null;
}
export function suppliesAt(t: Table, p: Pos): number {
  return t.mapSupplies[index(t.board, p)] ?? 0;
}
/** Owners of the pieces on p (capitals, destroyed or not, included). */
export function ownersAt(t: Table, p: Pos): Set<Seat> {
  const s = new Set<Seat>();
  for (const r of regimentsAt(t, p)) s.add(r.owner);
  const f = fortAt(t, p);
  if (f) s.add(f.owner);
  const c = capitalAt(t, p);
  if (c !== undefined) s.add(c);
  return s;
}
export function hasPiece(t: Table, p: Pos): boolean {
  return ownersAt(t, p).size > 0;
}
/** Land with no piece and no supply: where purchases go (Green excepted). */
export function completelyFree(t: Table, p: Pos): boolean {
  return land(t.board, p) && !hasPiece(t, p) && suppliesAt(t, p) === 0;
}
/** Land with pieces of nobody but `seat` (Green's purchases and moves may go there). */
export function onlyOwn(t: Table, p: Pos, seat: Seat): boolean {
  if (!land(t.board, p) || capitalAt(t, p) !== undefined) return false;
  for (const o of ownersAt(t, p)) if (o !== seat) return false;
  return true;
}

/** Who stands where, indexed like board.squares: built once for a search over many squares. */
export interface Occupancy {
  owners: (Seat[] | undefined)[];
  fort: (Fort | undefined)[];
  capital: (Seat | undefined)[];
}
export function occupancy(t: Table): Occupancy {
  const n = t.board.width * t.board.height;
  const occ: Occupancy = { owners: Array(n), fort: Array(n), capital: Array(n) };
  const add = (p: Pos, s: Seat) => {
    const i = index(t.board, p);
    const o = (occ.owners[i] ??= []);
    if (!o.includes(s)) o.push(s);
  };
  for (const r of t.regiments) add(r, r.owner);
  for (const f of t.forts) {
    add(f, f.owner);
    occ.fort[index(t.board, f)] = f;
  }
  for (const s in t.capitals) {
    const c = t.capitals[s];
    if (!c) continue;
    add(c, s);
    occ.capital[index(t.board, c)] = s;
  }
  return occ;
}

/** completelyFree and onlyOwn read from a prepared occupancy. */
export function freeIn(t: Table, occ: Occupancy, p: Pos): boolean {
  const i = index(t.board, p);
  return land(t.board, p) && !occ.owners[i] && !t.mapSupplies[i];
}
export function onlyOwnIn(t: Table, occ: Occupancy, p: Pos, seat: Seat): boolean {
  const i = index(t.board, p);
  if (!land(t.board, p) || occ.capital[i] !== undefined) return false;
  return (occ.owners[i] ?? []).every((o) => o === seat);
}
