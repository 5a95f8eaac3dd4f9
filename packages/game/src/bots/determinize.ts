/**
 * One guess at the whole game from a seat's view: a complete GameState that agrees with everything
 * the seat can see, with what it cannot see (other hands, the order of every draw pile, other
 * factions' face-down ships and ship reserves) drawn at random from what is still unaccounted for.
 * The search player (normal.ts) plays its candidate moves forward on such guesses. It reads the
 * FactionView only, so whatever the guess says about secrets comes from the rng, never from the
 * real state.
 */
import { FACTIONS, type Faction } from '../types.js';
import { deckOf, type CardInstanceId } from '../cards/index.js';
import { shipsOf } from '../cards/advanced.js';
import type { FactionView } from '../engine/view.js';
import type { Deck, GameState, ShipPiece } from '../engine/model/state.js';
import type { Rng } from '../engine/kernel/rng.js';
import { seatOf } from './types.js';

/**
 * Why no guess can be made from this view: the 9. April turn (secret 9. April hands and boxed
 * cards) and a naval move or combat under way with another faction's face-down ships in it (their
 * identities are tied to its task force and rolls). The search player decides as Easy there.
 */
export function undeterminable(view: FactionView): string | null {
  if (view.april9) return 'the 9. April turn';
  if (view.naval && hasNullId(view.naval)) return 'a naval move with hidden ships';
  return null;
}
function hasNullId(nv: NonNullable<FactionView['naval']>): boolean {
  const lists: (string | null)[][] = [nv.moved, nv.force?.ships ?? [], ...nv.engagements.map((e) => e.intercepted)];
  // The rolls are history (a null target there is also a miss); the ships still in play are not.
  for (const c of [nv.combat, nv.lastCombat]) if (c) lists.push(c.ships.germany, c.ships.allies, c.chased);
  return lists.some((l) => l.includes(null));
}

/** The cards of `f`'s deck the seat cannot place: in another hand or in a draw pile, order unknown. */
export function unseenCards(view: FactionView, f: Faction): CardInstanceId[] {
  const known = new Set<CardInstanceId>(view.decks[f].used);
  for (const c of view.hands[f]) known.add(c);
  return deckOf(f).filter((c) => !known.has(c));
}

/** Ship ids of `f` whose whereabouts the seat does not know (face down on the board or in reserve). */
export function unseenShips(view: FactionView, f: Faction): string[] {
  const known = new Set<string>([...view.shipsGone.sunk, ...view.shipsGone.removed]);
  for (const s of view.ships) if (s.id !== null) known.add(s.id);
  return shipsOf(f)
    .map((s) => s.id)
    .filter((id) => !known.has(id));
}

/**
 * A full state consistent with `view`, secrets sampled with `rng`; null when the view is one
 * `undeterminable` names. Shares nothing with the view (safe to play forward).
 */
export function determinize(view: FactionView, rng: Rng): GameState | null {
  const me = seatOf(view);
  if (undeterminable(view)) return null;
  // The log is history the rules never read again; leaving it out keeps copies of the guess cheap.
  const {
    viewer: _v,
    handSizes,
    decks: publicDecks,
    april9HandSizes: _a,
    ships: seenShips,
    naval,
    log,
    ...open
  } = structuredClone({ ...view, log: [] });
  const hands = {} as Record<Faction, CardInstanceId[]>;
  const decks = {} as Record<Faction, Deck>;
  for (const f of FACTIONS) {
    const want = publicDecks[f].drawCount + (f === me ? 0 : handSizes[f]);
    // A scenario's deck is a part of the full deck: the guess draws from the full deck's unseen cards.
    const pool = rng.shuffle(unseenCards(view, f)).slice(0, want);
    hands[f] = f === me ? [...view.hands[f]] : pool.splice(0, handSizes[f]);
    decks[f] = { draw: pool, used: [...publicDecks[f].used] };
  }
  // The seat's known ships first, in their order, as viewFor lists them.
  const ships: ShipPiece[] = seenShips.filter((s) => s.id !== null).map((s) => ({ ...s, id: s.id! }));
  const shipReserve = { ...open.shipReserve };
  for (const f of FACTIONS) {
    if (f === me) continue;
    const pool = rng.shuffle(unseenShips(view, f));
    for (const s of seenShips) if (s.owner === f && s.id === null) ships.push({ id: pool.shift()!, owner: f, at: s.at, faceUp: false });
    // Every ship id is on the board, in its owner's reserve or gone: the rest is in the reserve.
    shipReserve[f] = view.ruleset === 'advanced' ? pool : [];
  }
  const G: GameState = { ...open, log, logBase: view.logBase + view.log.length, hands, decks, ships, shipReserve } as GameState;
  // No hidden id is left in the naval state (undeterminable), so its view is the state itself.
  if (naval !== undefined) G.naval = naval as GameState['naval'];
  return G;
}
