/**
 * Copies of one card, told apart only by their instance number. The engine lists each copy (each is a
 * physical card, with its own reinforcement symbols), so a hand of two Veisperring offered every choice
 * twice; the UI shows them once, with a count.
 */
import { cards } from '@kon/game';

export interface CardGroup {
  /** The card's id, and its symbols when they tell the copies apart. */
  key: string;
  /** The copies, the one to play first (fewest symbols: the others are worth more traded in). */
  instances: string[];
}

const idOf = (instance: string) => instance.split('#')[0]!;
/** Reinforcement symbols of a copy (9. April cards have their own catalogue: none counted here). */
const symbols = (instance: string) => {
  try {
    return cards.symbolsOf(instance);
  } catch {
    return 0;
  }
};

/**
 * The hand in groups of identical cards, in the order the hand holds them. With `bySymbols` copies that
 * carry different reinforcement symbols stay apart (they are not the same card when traded in).
 */
export function groupHand(hand: readonly string[], bySymbols: boolean): CardGroup[] {
  const groups = new Map<string, string[]>();
  for (const c of hand) {
    const key = bySymbols ? `${idOf(c)}/${symbols(c)}` : idOf(c);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups].map(([key, instances]) => ({ key, instances: [...instances].sort((a, b) => symbols(a) - symbols(b)) }));
}

/**
 * One copy of each kind among `instances`: the one with the fewest reinforcement symbols. Playing or
 * discarding either copy does the same; keeping the richer one leaves more to trade in.
 */
export function oneOfEachKind(instances: Iterable<string>): string[] {
  const best = new Map<string, string>();
  for (const c of instances) {
    const id = idOf(c);
    const had = best.get(id);
    if (!had || symbols(c) < symbols(had)) best.set(id, c);
  }
  return [...best.values()];
}
