/** A new match, and the set-up turns: nations, building the map, starting supplies, capitals. */
import { z } from 'zod';
import { START } from '../data/nations.js';
import { layoutSize, layoutSlots, TILES } from '../data/terrain.js';
import { INVENTION_IDS, NATION_IDS, type DeresState, type NationId, type NationState, type Pos, type Seat } from '../types.js';
import { atEdge, besideWater, capitalAt, completelyFree, index, land, layTile, neighbours, suppliesAt } from './board.js';
import { clockwise, fail, log, nextSeat, type Rng } from './kernel.js';

export const setupDataSchema = z.strictObject({
  /** End after this many rounds (ranked as for technology); none by default. */
  maxRounds: z.number().int().min(1).max(200).nullable().optional(),
  /** Nations fixed by seat; the choosing turns are then skipped. */
  nations: z.record(z.string(), z.enum(NATION_IDS)).nullable().optional(),
});
export type SetupData = z.infer<typeof setupDataSchema>;

/**
 * What is wrong with nations preset by seat for these seats, in words (English, as API issues are),
 * or null when they fit: a nation for every seat and for no other, each nation once. No preset fits.
 */
export function presetProblem(preset: Readonly<Record<string, NationId>> | null | undefined, seats: readonly string[]): string | null {
  if (!preset) return null;
  const strangers = Object.keys(preset).filter((s) => !seats.includes(s));
  if (strangers.length) return `no seat ${strangers.join(', ')} in this plan; its seats are ${seats.join(', ')}`;
  const missing = seats.filter((s) => !preset[s]);
  if (missing.length) return `give every seat a nation, or none; seat ${missing.join(', ')} has none`;
  if (new Set(seats.map((s) => preset[s])).size !== seats.length) return 'each nation can be given to one seat only';
  return null;
}

function freshNation(nation: NationId | null): NationState {
  return {
    nation,
    supplies: 0,
    upgrades: 0,
    pool: START.regiments,
    loaned: 0,
    fortStock: START.forts,
    inventions: [],
    used: [],
    unlockedByForts: false,
    unlockedByUpgrade: false,
    shotsLeft: 0,
    explorer: false,
    bombard: false,
    out: false,
    outRound: 0,
  };
}

export function createInitialState(players: number, data: SetupData | undefined, rng: Rng): DeresState {
  if (players < 2 || players > 4) fail('player-count');
  const setup = setupDataSchema.parse(data ?? {});
  const seats = Array.from({ length: players }, (_, i) => String(i));
  const preset = setup.nations ?? null;
  if (presetProblem(preset, seats)) fail('preset-nations');
  const { width, height } = layoutSize(players);
  // The roll for the first-player token.
  const firstPlayer = rng.shuffle([...seats])[0]!;
  const G: DeresState = {
    seats,
    phase: preset ? 'buildMap' : 'chooseNation',
    round: 0,
    shootingRound: 0,
    step: null,
    firstPlayer,
    setupTurn: firstPlayer,
    setupSupplies: Object.fromEntries(seats.map((s) => [s, START.setupSupplies])),
    board: { width, height, squares: Array(width * height).fill(null) },
    slots: layoutSlots(players).map((s) => ({ ...s, tile: null, rotation: 0 })),
    pile: rng.shuffle(TILES.map((t) => t.id)),
    drawn: null,
    mapSupplies: Array(width * height).fill(0),
    capitals: Object.fromEntries(seats.map((s) => [s, null])),
    regiments: [],
    forts: [],
    nations: Object.fromEntries(seats.map((s) => [s, freshNation(preset?.[s] ?? null)])),
    inventionBag: [...INVENTION_IDS],
    orders: Object.fromEntries(seats.map((s) => [s, null])),
    mustSubmit: [],
    submitted: {},
    toThrow: {},
    spreadStep: 0,
    declared: {},
    surrender: null,
    log: [],
    logBase: 0,
    result: null,
    options: { maxRounds: setup.maxRounds ?? null, nations: preset },
    nextId: 1,
  };
  if (G.phase === 'buildMap') G.drawn = G.pile.shift()!;
  return G;
}

function mustBeTurn(G: DeresState, seat: Seat, phase: DeresState['phase']): void {
  if (G.phase !== phase) fail('wrong-step', { phase: G.phase });
  if (G.setupTurn !== seat) fail('not-your-turn');
}

export function chooseNation(G: DeresState, seat: Seat, nation: NationId): void {
  mustBeTurn(G, seat, 'chooseNation');
  if (G.seats.some((s) => G.nations[s]!.nation === nation)) fail('nation-taken');
  G.nations[seat]!.nation = nation;
  log(G, { t: 'nation', seat, nation });
  const next = clockwise(G, G.firstPlayer).find((s) => !G.nations[s]!.nation);
  if (next) G.setupTurn = next;
  else {
    G.phase = 'buildMap';
    G.setupTurn = G.firstPlayer;
    G.drawn = G.pile.shift()!;
  }
}

export function placeTile(G: DeresState, seat: Seat, slot: number, rotation: number): void {
  mustBeTurn(G, seat, 'buildMap');
  const sl = G.slots[slot];
  if (!sl) fail('no-such-slot');
  if (sl.tile) fail('slot-taken');
  sl.tile = G.drawn!;
  sl.rotation = rotation;
  layTile(G.board, sl, sl.tile, rotation);
  log(G, { t: 'tile', seat, tile: G.drawn!, slot, rotation });
  G.drawn = null;
  G.setupTurn = nextSeat(G, seat);
  if (G.slots.every((s) => s.tile)) {
    G.phase = 'placeSupplies';
    G.setupTurn = G.firstPlayer;
  } else G.drawn = G.pile.shift()!;
}

/** Where a starting supply may go: land without a supply, away from other supplies where possible. */
export function supplySpotOk(
  G: Pick<DeresState, 'board' | 'capitals' | 'regiments' | 'forts' | 'mapSupplies'>,
  p: Pos,
  anyLonely: boolean = lonelySpotExists(G),
): boolean {
  if (!land(G.board, p) || suppliesAt(G, p) > 0) return false;
  // Crowded spots are allowed only when no free land square has empty squares all round.
  return lonely(G, p) || !anyLonely;
}

const lonely = (G: Pick<DeresState, 'board' | 'mapSupplies'>, q: Pos) =>
  neighbours(G.board, q).every((n) => G.mapSupplies[index(G.board, n)] === 0);

export function lonelySpotExists(G: Pick<DeresState, 'board' | 'mapSupplies'>): boolean {
  for (let y = 0; y < G.board.height; y++)
    for (let x = 0; x < G.board.width; x++) {
      const q = { x, y };
      if (land(G.board, q) && G.mapSupplies[index(G.board, q)] === 0 && lonely(G, q)) return true;
    }
  return false;
}

export function placeSupply(G: DeresState, seat: Seat, p: Pos): void {
  mustBeTurn(G, seat, 'placeSupplies');
  if (!supplySpotOk(G, p)) fail('bad-supply-square');
  G.mapSupplies[index(G.board, p)] = 1;
  G.setupSupplies[seat]!--;
  log(G, { t: 'supplyPlaced', seat, at: p });
  const next = clockwise(G, nextSeat(G, seat)).find((s) => G.setupSupplies[s]! > 0);
  if (next) G.setupTurn = next;
  else {
    G.phase = 'placeCapital';
    G.setupTurn = G.firstPlayer;
  }
}

export function capitalSpotOk(G: Pick<DeresState, 'board' | 'capitals' | 'regiments' | 'forts' | 'mapSupplies'>, p: Pos): boolean {
  return completelyFree(G, p) && capitalAt(G, p) === undefined && (atEdge(G.board, p) || besideWater(G.board, p));
}

/** Returns true when this was the last capital (the caller then starts round 1). */
export function placeCapital(G: DeresState, seat: Seat, p: Pos): boolean {
  mustBeTurn(G, seat, 'placeCapital');
  if (!capitalSpotOk(G, p)) fail('bad-capital-square');
  G.capitals[seat] = { x: p.x, y: p.y, destroyed: false };
  log(G, { t: 'capital', seat, at: p });
  const next = clockwise(G, G.firstPlayer).find((s) => !G.capitals[s]);
  if (next) {
    G.setupTurn = next;
    return false;
  }
  G.setupTurn = null;
  for (const s of G.seats) G.nations[s]!.supplies = START.supplies;
  return true;
}
