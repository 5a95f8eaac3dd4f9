/**
 * What each seat may see. Hands are private to their faction, the order of every deck is private
 * to everyone; spectators see only what lies open on the table.
 */
import type { Faction } from '../types.js';
import { FACTIONS } from '../types.js';
import type { CardInstanceId } from '../cards/index.js';
import type { GameState } from './model/state.js';
import { navalSeenBy, type NavalView } from './naval/view.js';
import { advancedHiddenFrom, april9SeenBy, reserveSeenBy, shipsSeenBy, type ShipView } from './april9/view.js';
import { memoPart, viewMemo } from './view-memo.js';

export interface PublicDeck {
  /** Face-down cards left (the order and the cards are secret). */
  drawCount: number;
  /** Face-up used cards, oldest first. */
  used: CardInstanceId[];
}

export type FactionView = Omit<GameState, 'hands' | 'decks' | 'ships' | 'naval' | 'undo'> & {
  /** The viewer may take back its last decision (the trail itself never leaves the server). */
  canUndo?: boolean;
  /** Naval movement and combat, with other factions' face-down ships as null. */
  naval?: NavalView | null;
  /** Ships on the board: other factions' face-down ships without their identity. */
  ships: ShipView[];
  /** 9. April cards in each faction's hand (counts; the viewer's own are in april9.hands). */
  april9HandSizes: Record<Faction, number>;
  /** Who is looking: a faction, or null for a spectator. */
  viewer: Faction | null;
  /** The viewer's own hand; other factions' hands are empty here. */
  hands: Record<Faction, CardInstanceId[]>;
  handSizes: Record<Faction, number>;
  decks: Record<Faction, PublicDeck>;
};

/** View parts kept while their inputs are the same objects (view-memo.ts); one table per kind of part. */
const memo = {
  hands: viewMemo(),
  handSizes: viewMemo(),
  decks: viewMemo(),
  deck: viewMemo(),
  ships: viewMemo(),
  shipReserve: viewMemo(),
  april9: viewMemo(),
  april9HandSizes: viewMemo(),
  naval: viewMemo(),
};
const NO_DEPS: readonly unknown[] = [];
/** The 9. April hand sizes of a game without 9. April cards (the basic game): one object for every view. */
const NO_APRIL9_HANDS = Object.freeze(Object.fromEntries(FACTIONS.map((f) => [f, 0]))) as Record<Faction, number>;

export function viewFor(G: GameState, viewer: Faction | null): FactionView {
  const { hands, decks, undo } = G;
  // Every other part of G as it is, in G's order (one pass: a rest pattern and a spread copied G twice).
  // The undo trail holds a whole earlier state, hands and decks included: never in a view.
  const view: Record<string, unknown> = {};
  for (const k in G) if (k !== 'hands' && k !== 'decks' && k !== 'undo') view[k] = G[k as keyof GameState];
  const map = <T>(fn: (f: Faction) => T) => Object.fromEntries(FACTIONS.map((f) => [f, fn(f)])) as Record<Faction, T>;
  // Only a state a move or hook settled (frozen at its root) is looked up; parts the same for every seat under null.
  const settled = Object.isFrozen(G);
  const part = <T>(m: typeof memo.hands, key: object | null | undefined, seat: Faction | null, deps: readonly unknown[], make: () => T) =>
    memoPart(m, settled, key, seat, deps, make);
  // Parts G has keep their place (ships, shipReserve, april9, naval); the others come last, in this order.
  view.viewer = viewer;
  if (viewer && undo && undo.faction === viewer && undo.actions.length > 0) view.canUndo = true;
  view.hands = part(memo.hands, hands, viewer, NO_DEPS, () => map((f) => (f === viewer ? [...hands[f]] : [])));
  view.handSizes = part(memo.handSizes, hands, null, NO_DEPS, () => map((f) => hands[f].length));
  view.decks = part(memo.decks, decks, null, NO_DEPS, () =>
    map((f) => part(memo.deck, decks[f], null, NO_DEPS, () => ({ drawCount: decks[f].draw.length, used: [...decks[f].used] }))),
  );
  view.ships = part(memo.ships, G.ships, viewer, NO_DEPS, () => shipsSeenBy(G, viewer));
  view.shipReserve = part(memo.shipReserve, G.shipReserve, viewer, NO_DEPS, () => reserveSeenBy(G, viewer));
  view.april9 = part(memo.april9, G.april9, viewer, NO_DEPS, () => april9SeenBy(G.april9, viewer));
  view.april9HandSizes = G.april9
    ? part(memo.april9HandSizes, G.april9.hands, null, NO_DEPS, () => map((f) => G.april9?.hands[f].length ?? 0))
    : NO_APRIL9_HANDS;
  if (G.naval !== undefined)
    view.naval = part(memo.naval, G.naval, viewer, [G.ships, G.shipsGone, G.shipReserve], () => navalSeenBy(G, viewer));
  return view as FactionView;
}

/** Card ids the viewer must never receive: other hands and every face-down deck card. */
export function hiddenFrom(G: GameState, viewer: Faction | null): CardInstanceId[] {
  return [...FACTIONS.flatMap((f) => [...(f === viewer ? [] : G.hands[f]), ...G.decks[f].draw]), ...advancedHiddenFrom(G, viewer)];
}
