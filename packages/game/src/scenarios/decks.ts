import type { Faction } from '../types.js';
import { ACTION_CARDS, deckOf, type CardInstanceId } from '../cards/index.js';
import type { Scenario } from './schema.js';

/**
 * The physical cards of a scenario's deck, in catalogue order (shuffled at set-up). A scenario names
 * titles and counts; it takes the first copies of each title from the box (copies differ only in
 * reinforcement symbols, which scenarios without reinforcements never read).
 */
export function scenarioDeck(s: Scenario, f: Faction): CardInstanceId[] {
  const list = s.decks[f];
  if (list === 'full') return deckOf(f);
  return ACTION_CARDS.filter((c) => c.faction === f && list[c.id]).flatMap((c) =>
    Array.from({ length: list[c.id]! }, (_, i) => `${c.id}#${i + 1}`),
  );
}
