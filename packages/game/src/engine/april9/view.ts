/**
 * What of the advanced game's secret state each seat may see: ships face down belong to their
 * owner's eyes only, and so do reserves and 9. April hands.
 */
import { FACTIONS, type Faction } from '../../types.js';
import type { GameState, ShipLocation, ShipPiece } from '../model/state.js';
import type { April9State } from '../model/april9.js';

/** A face-down ship as another faction sees it: owner and place, never its identity. */
export interface HiddenShip {
  id: null;
  owner: Faction;
  at: ShipLocation;
  faceUp: false;
}
export type ShipView = ShipPiece | HiddenShip;

const ORDER: readonly string[] = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'raid'];
const PLACE_RANK: Record<string, number> = Object.fromEntries(ORDER.map((p, i) => [p, i]));
const FACTION_RANK = Object.fromEntries(FACTIONS.map((f, i) => [f, i])) as Record<Faction, number>;

/** One face-down ship object per owner and place, shared by every view (see shipsSeenBy). */
const HIDDEN = new Map<string, HiddenShip>();
function hiddenShip(owner: Faction, at: ShipLocation): HiddenShip {
  const key = `${owner}|${at}`;
  let h = HIDDEN.get(key);
  if (!h) HIDDEN.set(key, (h = Object.freeze({ id: null, owner, at, faceUp: false }) as HiddenShip));
  return h;
}

/**
 * The ships as the viewer sees them. A ship the viewer may see is the state's own object and a
 * face-down one a shared object: a list made again after one ship moved holds the same objects for
 * the others, which the server's patch differ then passes over without comparing them field by field.
 */
export function shipsSeenBy(G: GameState, viewer: Faction | null): ShipView[] {
  const open: ShipView[] = [];
  const hidden: HiddenShip[] = [];
  for (const s of G.ships) {
    if (s.faceUp || s.owner === viewer) open.push(s);
    else hidden.push(hiddenShip(s.owner, s.at));
  }
  // Sorted, so that the order of the list tells nothing about which ship is which.
  hidden.sort((a, b) => FACTION_RANK[a.owner] - FACTION_RANK[b.owner] || PLACE_RANK[a.at]! - PLACE_RANK[b.at]!);
  return [...open, ...hidden];
}

export function reserveSeenBy(G: GameState, viewer: Faction | null): Record<Faction, string[]> {
  return Object.fromEntries(FACTIONS.map((f) => [f, f === viewer ? [...G.shipReserve[f]] : []])) as Record<Faction, string[]>;
}

export function april9SeenBy(s: April9State | null | undefined, viewer: Faction | null): April9State | null {
  if (!s) return null;
  const mine = <T>(f: Faction, xs: T[]): T[] => (f === viewer ? [...xs] : []);
  // The open parts are the state's own objects (not copies): unchanged ones keep their identity for the differ.
  return {
    ...s,
    hands: Object.fromEntries(FACTIONS.map((f) => [f, mine(f, s.hands[f])])) as Record<Faction, string[]>,
    boxed: Object.fromEntries(FACTIONS.map((f) => [f, mine(f, s.boxed[f])])) as Record<Faction, string[]>,
    alliedDrawn: mine('allies', s.alliedDrawn),
  };
}

/** Ship ids and 9. April cards the viewer must never receive. */
export function advancedHiddenFrom(G: GameState, viewer: Faction | null): string[] {
  const out: string[] = [];
  for (const s of G.ships) if (!s.faceUp && s.owner !== viewer) out.push(s.id);
  for (const f of FACTIONS) if (f !== viewer) out.push(...G.shipReserve[f]);
  const a = G.april9;
  if (a) for (const f of FACTIONS) if (f !== viewer) out.push(...a.hands[f], ...a.boxed[f]);
  return out;
}
