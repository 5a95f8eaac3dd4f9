import type { AreaId, Faction } from '../src/types.js';
import { FACTIONS, SEA_ZONES } from '../src/types.js';
import { HAND_SIZE } from '../src/cards/index.js';
import type { GameState, ShipLocation, TurnPhase } from '../src/engine/model/state.js';
import { createInitialState } from '../src/engine/setup.js';
import { ship, shipsOf } from '../src/cards/advanced.js';
import { forcedDice, seededRng } from '../src/testing/rng.js';

export interface AdvancedPosition {
  turn: Faction;
  phase?: TurnPhase;
  round?: number;
  units?: Partial<Record<Faction, Record<AreaId, number>>>;
  /** Ships on the board; every other ship stays in its owner's reserve. */
  ships?: { id: string; at: ShipLocation; faceUp?: boolean }[];
  hands?: Partial<Record<Faction, string[]>>;
  alliesLanded?: boolean;
  /** The Allies still have to bring their reserve ships in (their first ordinary turn). */
  homeFleetDue?: boolean;
}

/**
 * An ordinary turn of the advanced game in a chosen position (after the 9. April turn), with ships
 * and battalions where a test needs them. Cards put in hand come out of the (unshuffled) decks and
 * ships out of the reserves, so every card and ship is still in exactly one place.
 */
export function advancedPosition(p: AdvancedPosition): GameState {
  const G = createInitialState({ ruleset: 'advanced' }, forcedDice([]));
  G.april9 = null;
  G.round = p.round ?? 1;
  G.units = {};
  G.moved = {};
  for (const f of FACTIONS) {
    G.created[f] = 0;
    for (const [area, n] of Object.entries(p.units?.[f] ?? {})) {
      (G.units[area] ??= {})[f] = n;
      G.created[f] += n;
    }
    const hand = p.hands?.[f] ?? [];
    const all = [...G.hands[f], ...G.decks[f].draw];
    G.hands[f] = [...hand];
    G.decks[f].draw = all.filter((c) => !hand.includes(c));
  }
  for (const s of p.ships ?? []) {
    const owner = ship(s.id).faction;
    if (!G.shipReserve[owner].includes(s.id)) throw new Error(`advancedPosition: ${s.id} placed twice`);
    G.shipReserve[owner] = G.shipReserve[owner].filter((x) => x !== s.id);
    G.ships.push({ id: s.id, owner, at: s.at, faceUp: s.faceUp ?? ship(s.id).type === 'norsk-panserskip' });
  }
  // After 9. April no dummy is left: those not placed by the test are out of the game.
  for (const id of G.shipReserve.germany.filter((x) => ship(x).type === 'dummy')) {
    G.shipReserve.germany = G.shipReserve.germany.filter((x) => x !== id);
    G.shipsGone.removed.push(id);
  }
  G.turn = p.turn;
  G.phase = p.phase ?? 'movement';
  G.alliesLanded = p.alliesLanded ?? true;
  G.homeFleetDue = p.homeFleetDue ?? false;
  G.log = [];
  return G;
}

/**
 * A mid-game position of the advanced game for random play, varied by seed: battalions of all
 * three factions in their usual regions, every ship at sea (Germany anywhere, the Allies in III–VIII,
 * a German battleship raiding, Eidsvoll & Norge in VII), shuffled decks and full hands.
 */
export function midGameAdvanced(seed: number): GameState {
  const rng = seededRng(seed * 7919 + 13);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor((((rng.d6() - 1) * 6 + rng.d6() - 1) / 36) * xs.length)]!;
  const G = advancedPosition({
    turn: pick(FACTIONS),
    units: {
      germany: { oslo: 3, kristiansand: 2, stavanger: 2, bergen: 2, trondheim: 2, narvik: 1 },
      norway: { hamar: 2, voss: 1, otta: 2, steinkjer: 1, finnmark: 1, bardufoss: 1 },
      allies: { namsos: 3, andalsnes: 2, harstad: 2 },
    },
    ships: [
      ...shipsOf('germany')
        .filter((s) => s.type !== 'dummy' && s.id !== 'ship.de.gneisenau')
        .map((s) => ({ id: s.id, at: pick(SEA_ZONES) })),
      { id: 'ship.de.gneisenau', at: 'raid' as const, faceUp: true },
      ...shipsOf('allies').map((s) => ({ id: s.id, at: pick(SEA_ZONES.filter((z) => z !== 'I' && z !== 'II')) })),
      { id: 'ship.no.eidsvoll-norge', at: 'VII' as const },
    ],
  });
  for (const f of FACTIONS) {
    const deck = rng.shuffle([...G.hands[f], ...G.decks[f].draw]);
    G.hands[f] = deck.slice(0, HAND_SIZE[f]);
    G.decks[f].draw = deck.slice(HAND_SIZE[f]);
  }
  return G;
}
