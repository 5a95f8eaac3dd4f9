import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState } from '../src/engine/state.js';
import { SHIPS } from '../src/cards/advanced.js';
import { april9StockOf } from '../src/cards/advanced.js';
import { viewFor } from '../src/engine/view.js';
import { advancedHiddenFrom } from '../src/engine/april9/view.js';
import { brokenInvariants } from './invariants.js';

/**
 * The advanced game's invariants on top of the basic ones: every ship in exactly one place, every
 * 9. April card in exactly one place, and no secret id in another faction's view or in the log.
 */
export function brokenAdvancedInvariants(G: GameState): string[] {
  const broken = brokenInvariants(G);
  const places = [
    ...G.ships.map((s) => s.id),
    ...FACTIONS.flatMap((f) => G.shipReserve[f]),
    ...G.shipsGone.sunk,
    ...G.shipsGone.removed,
  ];
  if (places.length !== SHIPS.length || new Set(places).size !== places.length) broken.push(`ships not conserved (${places.length} of ${SHIPS.length})`);
  for (const s of G.ships) if (s.at !== 'raid' && (s.owner === 'allies') && (s.at === 'I' || s.at === 'II')) broken.push(`Allied ship in zone ${s.at}`);
  const a = G.april9;
  if (a) {
    for (const f of FACTIONS) {
      const cards = [...a.hands[f], ...a.boxed[f], ...a.used.filter((c) => april9StockOf(f).includes(c))];
      const stock = april9StockOf(f);
      if (cards.length !== stock.length || new Set(cards).size !== cards.length) broken.push(`${f}: 9. April cards not conserved`);
    }
  }
  const log = JSON.stringify(G.log);
  for (const viewer of [...FACTIONS, null] as (Faction | null)[]) {
    const seen = JSON.stringify(viewFor(G, viewer));
    // Action cards are covered by the basic leak tests; once public, a reshuffled Norwegian card may be named in old log entries.
    for (const id of advancedHiddenFrom(G, viewer)) {
      if (seen.includes(`"${id}"`)) broken.push(`${viewer ?? 'spectator'} sees hidden ${id}`);
      if (log.includes(`"${id}"`)) broken.push(`the log names hidden ${id}`);
    }
  }
  return broken;
}
