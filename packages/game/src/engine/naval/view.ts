/**
 * What each seat may see of `G.naval`: a ship id appears only to its owner, or to everyone while the
 * ship lies face up or has been sunk (sunk ships are public). Hidden ids become null, so a list
 * still shows how many ships there are, never which.
 */
import type { Faction } from '../../types.js';
import type { GameState } from '../model/state.js';
import type { Engagement, NavalCombat, NavalRoll, NavalSide, NavalState, TaskForce } from '../model/naval.js';

/** A ship id as a viewer receives it: null where the ship is another faction's and face down. */
type SeenId = string | null;
export interface NavalCombatView extends Omit<NavalCombat, 'ships' | 'rolls' | 'chased'> {
  ships: Record<NavalSide, SeenId[]>;
  rolls: (Omit<NavalRoll, 'by' | 'target'> & { by: SeenId; target: SeenId })[];
  chased: SeenId[];
}
export interface NavalView extends Omit<NavalState, 'moved' | 'force' | 'engagements' | 'combat' | 'lastCombat'> {
  moved: SeenId[];
  force: (Omit<TaskForce, 'ships'> & { ships: SeenId[] }) | null;
  engagements: (Omit<Engagement, 'intercepted'> & { intercepted: SeenId[] })[];
  combat: NavalCombatView | null;
  lastCombat: NavalCombatView | null;
}

export function shipVisibleTo(G: GameState, id: string, viewer: Faction | null): boolean {
  const piece = G.ships.find((s) => s.id === id);
  if (piece) return piece.faceUp || piece.owner === viewer;
  if (G.shipsGone.sunk.includes(id) || G.shipsGone.removed.includes(id)) return true;
  // In a reserve: only its owner knows it.
  return (['germany', 'norway', 'allies'] as const).some((f) => f === viewer && G.shipReserve[f].includes(id));
}

function combatSeenBy(G: GameState, c: NavalCombat | null, viewer: Faction | null): NavalCombatView | null {
  if (!c) return null;
  const see = (id: string): SeenId => (shipVisibleTo(G, id, viewer) ? id : null);
  // Cards played and rolls by cards are public; a roll "by" a ship hides the ship once it is face down.
  return {
    ...structuredClone(c),
    ships: { germany: c.ships.germany.map(see), allies: c.ships.allies.map(see) },
    rolls: c.rolls.map((r) => ({
      ...r,
      by: r.by.startsWith('ship.') ? see(r.by) : r.by,
      target: r.target === null ? null : see(r.target),
    })),
    sunk: [...c.sunk],
    chased: c.chased.map(see),
  };
}

export function navalSeenBy(G: GameState, viewer: Faction | null): NavalView | null {
  const n = G.naval;
  if (!n) return null;
  const see = (id: string): SeenId => (shipVisibleTo(G, id, viewer) ? id : null);
  return {
    moved: n.moved.map(see),
    tried: [...n.tried],
    force: n.force ? { ...n.force, ships: n.force.ships.map(see), path: [...n.force.path] } : null,
    engagements: n.engagements.map((e) => ({ zone: e.zone, interceptors: [...e.interceptors], intercepted: e.intercepted.map(see) })),
    combat: combatSeenBy(G, n.combat, viewer),
    lastCombat: combatSeenBy(G, n.lastCombat, viewer),
    recalled: n.recalled,
    ...(n.placed ? { placed: { ...n.placed } } : {}),
    ...(n.departures ? { departures: n.departures.map((d) => ({ ...d })) } : {}),
  };
}
