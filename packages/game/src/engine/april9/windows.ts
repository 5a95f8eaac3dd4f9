/**
 * The windows of the 9. April turn (EN ch. 7): the moments a faction may answer with a 9. April
 * card, as data (`WINDOWS_AT`: which windows each moment of the turn opens, in the order they are
 * answered), opened by the steps and procedures of the turn and answered as prompts. The order of the
 * turn itself (which step follows which) is the sequencer's table (flow.ts `FLOW`).
 */
import type { AreaId, Faction, SeaZone } from '../../types.js';
import { area as areaData } from '../../board/index.js';
import { april9Card } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import type { April9Prompt, April9State, April9Window } from '../model/april9.js';

/** The 9. April turn's state (an error outside the turn). */
export function april9(G: GameState): April9State {
  if (!G.april9) throw new Error('not in the 9. April turn');
  return G.april9;
}

/** The faction has played the only copy of the card that answers this window: everyone saw it. */
function windowSpent(s: April9State, f: Faction, w: April9Window): boolean {
  const cards = WINDOW_CARDS[w].filter((id) => april9Card(id).faction === f);
  return cards.length > 0 && cards.every((id) => s.used.some((u) => u.startsWith(`${id}#`)));
}
/** The 9. April card titles each window is for. */
export const WINDOW_CARDS: Record<April9Window, string[]> = {
  rescue: ['a9.al.skip-til-unnsetning'],
  reallocation: ['a9.no.omdisponering'],
  reconnaissance: ['a9.al.rekognoseringsfly'],
  deceive: ['a9.de.villedende-manover'],
  smokeScreen: ['a9.de.roykdekke'],
  fighters: ['a9.no.jagerfly'],
  diveBombers: ['a9.al.stupbombefly'],
  sailors: ['a9.de.evakuerte-matroser'],
  mines: ['a9.al.minelegging'],
  fort: ['a9.no.kystfort'],
  submarine: ['a9.no.ubat', 'a9.al.ubat'],
};

interface WindowAt {
  faction: Faction;
  window: April9Window;
  /** Only where the moment's area is a victory city. */
  victoryCityOnly?: true;
}

/** The moments of the turn that open windows, and the windows each opens, in the order they are answered. */
export const WINDOWS_AT = {
  /** The Allies have chosen their cards: Skip til unnsetning comes before any ship is placed (EN appendix). */
  cardsChosen: [{ faction: 'allies', window: 'rescue' }],
  /** Germany's ships are placed, the Allies' are not. */
  germanShipsPlaced: [
    { faction: 'norway', window: 'reallocation' },
    { faction: 'allies', window: 'reconnaissance' },
  ],
  /** Every ship is placed. */
  shipsPlaced: [{ faction: 'germany', window: 'deceive' }],
  /** The interceptions of 7.1 are over and German ships were intercepted. */
  intercepted: [{ faction: 'germany', window: 'smokeScreen' }],
  /** Before the naval combats of 7.2a, with German ships where Stupbombefly reaches. */
  navalCombats: [{ faction: 'allies', window: 'diveBombers' }],
  /** A naval combat is over and sank German ships not yet offered. */
  germanShipsSunk: [{ faction: 'germany', window: 'sailors' }],
  /** A German landing (the area and zone): Minelegging, then Kystfort in a victory city. */
  landing: [
    { faction: 'allies', window: 'mines' },
    { faction: 'norway', window: 'fort', victoryCityOnly: true },
  ],
  /** A paratrooper has landed (the area). */
  paradrop: [{ faction: 'norway', window: 'fighters' }],
  /** A German reinforcement from the sea (the area and count): Norway's Ubåt, then the Allies'. */
  germanReinforcement: [
    { faction: 'norway', window: 'submarine' },
    { faction: 'allies', window: 'submarine' },
  ],
} as const satisfies Record<string, readonly WindowAt[]>;
export type WindowMoment = keyof typeof WINDOWS_AT;

/**
 * Open the windows of a moment, about `place` where the moment has one, unless the faction has
 * visibly spent its card for a window. Prompts are answered newest first, so they open in reverse.
 */
export function openWindowsAt(G: GameState, moment: WindowMoment, place: { area?: AreaId; zone?: SeaZone; count?: number } = {}): void {
  const windows: readonly WindowAt[] = WINDOWS_AT[moment];
  for (const w of [...windows].reverse()) {
    if (w.victoryCityOnly && !(place.area && areaData(place.area).victoryCity)) continue;
    if (windowSpent(april9(G), w.faction, w.window)) continue;
    G.prompts.push({ kind: 'april9Window', faction: w.faction, window: w.window, ...place });
  }
}

/** Close the window on top (the faction passed or played). */
export function closeWindow(G: GameState): Extract<April9Prompt, { kind: 'april9Window' }> {
  const p = G.prompts.pop();
  if (p?.kind !== 'april9Window') throw new Error('no 9. April window open');
  return p;
}
