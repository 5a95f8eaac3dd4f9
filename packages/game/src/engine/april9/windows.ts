/**
 * The windows of the 9. April turn (EN ch. 7): the moments a faction may answer with a 9. April
 * card, opened by the steps and procedures of the turn and answered as prompts. The order of the
 * turn itself (which step follows which) is the sequencer's table (flow.ts `FLOW`).
 */
import type { AreaId, Faction } from '../../types.js';
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

/** Open a window (unless the faction has visibly spent its card for it). Returns whether it opened. */
export function openWindow(G: GameState, p: Extract<April9Prompt, { kind: 'april9Window' }>): boolean {
  if (windowSpent(april9(G), p.faction, p.window)) return false;
  G.prompts.push(p);
  return true;
}

/** Close the window on top (the faction passed or played). */
export function closeWindow(G: GameState): Extract<April9Prompt, { kind: 'april9Window' }> {
  const p = G.prompts.pop();
  if (p?.kind !== 'april9Window') throw new Error('no 9. April window open');
  return p;
}

/** After every German reinforcement placed from the sea: Norway's and the Allies' Ubåt (Norway first). */
export function openApril9SubmarineWindows(G: GameState, area: AreaId, count: number): void {
  openWindow(G, { kind: 'april9Window', faction: 'allies', window: 'submarine', area, count });
  openWindow(G, { kind: 'april9Window', faction: 'norway', window: 'submarine', area, count });
}
