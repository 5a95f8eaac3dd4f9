import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState, LogEntry } from '../src/engine/model/state.js';
import { SHIPS } from '../src/cards/advanced.js';
import { april9StockOf, isDummy } from '../src/cards/advanced.js';
import { viewFor } from '../src/engine/view.js';
import { advancedHiddenFrom, april9SeenBy, reserveSeenBy, shipsSeenBy } from '../src/engine/april9/view.js';
import { navalSeenBy } from '../src/engine/naval/view.js';
import { brokenInvariants } from './invariants.js';

/**
 * The advanced game's invariants on top of the basic ones: every ship in exactly one place, every
 * 9. April card in exactly one place, and no secret id in another faction's view or in the log.
 *
 * Two ways to check the same things: `brokenAdvancedInvariants(G)` looks at everything from scratch;
 * `advancedInvariantChecker()` is for a game checked after every action and remembers what it has
 * read of the log, so that each action costs only the new log entries (see there).
 */
export function brokenAdvancedInvariants(G: GameState): string[] {
  return [...brokenInvariants(G), ...brokenConservation(G), ...brokenViews(G), ...brokenLog(G, logStrings(G.log))];
}

/** Ships and 9. April cards each in exactly one place. */
export function brokenConservation(G: GameState): string[] {
  const broken: string[] = [];
  const places = [...G.ships.map((s) => s.id), ...FACTIONS.flatMap((f) => G.shipReserve[f]), ...G.shipsGone.sunk, ...G.shipsGone.removed];
  if (places.length !== SHIPS.length || new Set(places).size !== places.length)
    broken.push(`ships not conserved (${places.length} of ${SHIPS.length})`);
  for (const s of G.ships)
    if (s.at !== 'raid' && s.owner === 'allies' && (s.at === 'I' || s.at === 'II')) broken.push(`Allied ship in zone ${s.at}`);
  // A dummy lies face up only while Rekognoseringsfly shows it (until the Allies have placed): drawn
  // by an interception it is removed, and it never fights.
  for (const s of G.ships) if (s.faceUp && isDummy(s.id) && !G.april9?.reconnoitred.includes(s.id)) broken.push(`dummy ${s.id} face up`);
  const a = G.april9;
  if (a) {
    for (const f of FACTIONS) {
      const cards = [...a.hands[f], ...a.boxed[f], ...a.used.filter((c) => april9StockOf(f).includes(c))];
      const stock = april9StockOf(f);
      if (cards.length !== stock.length || new Set(cards).size !== cards.length) broken.push(`${f}: 9. April cards not conserved`);
    }
  }
  return broken;
}

/**
 * No faction's view (nor the spectator's) holds a ship id or 9. April card that viewer may not see.
 * The view hands the log over as it is (the same array), so the view is searched without it and the
 * log once for all viewers (brokenLog); should the view ever carry its own log, it is searched too.
 */
export function brokenViews(G: GameState): string[] {
  const broken: string[] = [];
  for (const viewer of VIEWERS) {
    const view = viewFor(G, viewer);
    const seen = JSON.stringify(view.log === G.log ? { ...view, log: [] } : view);
    // Action cards are covered by the basic leak tests; once public, a reshuffled Norwegian card may be named in old log entries.
    for (const id of advancedHiddenFrom(G, viewer)) if (seen.includes(`"${id}"`)) broken.push(`${viewer ?? 'spectator'} sees hidden ${id}`);
  }
  return broken;
}

const VIEWERS = [...FACTIONS, null] as (Faction | null)[];
/** The parts of a view that viewFor builds per viewer from secret state (the rest is G's public part). */
const PER_VIEWER = new Set(['hands', 'decks', 'ships', 'shipReserve', 'april9', 'naval', 'log']);

/**
 * The same question as brokenViews, answered without building five whole views: the state every
 * view shares (G without the parts viewFor builds per viewer) is searched once, for every id hidden
 * from anyone — since every viewer receives it, none of those may be there; then each viewer's own
 * ship list, reserves, 9. April state and naval state (the functions viewFor uses) are searched for
 * the ids hidden from that viewer. The remaining per-viewer parts (action-card hands and decks) hold
 * no ship or 9. April card; the checker runs the whole brokenViews every few actions all the same.
 */
export function brokenViewParts(G: GameState): string[] {
  const broken: string[] = [];
  const shared: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(G)) if (!PER_VIEWER.has(k)) shared[k] = v;
  const sharedText = JSON.stringify(shared);
  const hiddenFromSome = new Set<string>();
  for (const viewer of VIEWERS) {
    const hidden = advancedHiddenFrom(G, viewer);
    for (const id of hidden) hiddenFromSome.add(id);
    const own = JSON.stringify([
      shipsSeenBy(G, viewer),
      reserveSeenBy(G, viewer),
      april9SeenBy(G.april9, viewer),
      G.naval !== undefined ? navalSeenBy(G, viewer) : null,
    ]);
    for (const id of hidden) if (own.includes(`"${id}"`)) broken.push(`${viewer ?? 'spectator'} sees hidden ${id}`);
  }
  for (const id of hiddenFromSome) if (sharedText.includes(`"${id}"`)) broken.push(`every view holds hidden ${id}`);
  return broken;
}

/** No log entry names an id some viewer may not see (`strings`: every string in the log, keys too). */
export function brokenLog(G: GameState, strings: ReadonlySet<string>): string[] {
  const broken: string[] = [];
  for (const viewer of VIEWERS)
    for (const id of advancedHiddenFrom(G, viewer))
      if (strings.has(id)) broken.push(`the log names hidden ${id} (${viewer ?? 'spectator'})`);
  return broken;
}

/** Every string value and key in the entries (what `"id"` could match in their JSON). */
export function logStrings(entries: readonly LogEntry[], into = new Set<string>()): Set<string> {
  const walk = (v: unknown): void => {
    if (typeof v === 'string') into.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        into.add(k);
        walk(x);
      }
  };
  entries.forEach(walk);
  return into;
}

function deepFreeze(v: unknown): void {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
}

/**
 * The same checks as brokenAdvancedInvariants, for one game checked after every action: the log is
 * read once, entry by entry as it grows, into the set of strings it names; every action then checks
 * all ids now hidden from any viewer against that set, so an old entry naming a ship that has since
 * gone face down is still caught. Entries read are frozen (deeply): an engine that changed an entry
 * after writing it, or wrote live state into the log, fails at once with a TypeError instead of
 * escaping the check. A log that shrinks (another game's state) is read again from the start.
 */
export function advancedInvariantChecker(fullEvery = FULL_VIEWS_EVERY): { check(G: GameState): string[]; full(G: GameState): string[] } {
  let log: LogEntry[] | null = null;
  let read = 0;
  let strings = new Set<string>();
  let calls = 0;
  const readLog = (G: GameState) => {
    if (G.log !== log || G.log.length < read) {
      log = G.log;
      read = 0;
      strings = new Set();
    }
    const fresh = G.log.slice(read);
    logStrings(fresh, strings);
    fresh.forEach(deepFreeze);
    read = G.log.length;
  };
  return {
    /** After every action: all invariants; the views by their parts, and whole every `fullEvery` calls. */
    check(G) {
      readLog(G);
      calls++;
      const views = calls % fullEvery === 0 ? brokenViews(G) : brokenViewParts(G);
      return [...brokenInvariants(G), ...brokenConservation(G), ...views, ...brokenLog(G, strings)];
    },
    /** Everything, the whole views included (e.g. on a game's last state). */
    full(G) {
      readLog(G);
      return [...brokenInvariants(G), ...brokenConservation(G), ...brokenViews(G), ...brokenViewParts(G), ...brokenLog(G, strings)];
    },
  };
}

/** How often the checker builds and searches the five whole views. */
export const FULL_VIEWS_EVERY = 25;
