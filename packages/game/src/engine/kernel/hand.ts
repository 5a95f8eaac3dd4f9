import type { Faction } from '../../types.js';
import { HAND_SIZE, type CardInstanceId } from '../../cards/index.js';
import { ensure } from './errors.js';
import type { GameState } from '../model/state.js';
import type { Rng } from './rng.js';
import { log } from './log.js';
import type { DeckOut } from '../../scenarios/schema.js';

export function holds(G: GameState, f: Faction, card: CardInstanceId): boolean {
  return G.hands[f].includes(card);
}
export function ensureHolds(G: GameState, f: Faction, card: CardInstanceId): void {
  ensure(holds(G, f, card), 'card-not-in-hand', `that card is not in your hand`);
}
/** A card leaves the hand face up to the bottom of its deck. `counts`: it was used (not discarded). */
export function spendCard(G: GameState, f: Faction, card: CardInstanceId, counts = true): void {
  const i = G.hands[f].indexOf(card);
  if (i < 0) throw new Error(`spendCard: ${card} not held by ${f}`);
  G.hands[f].splice(i, 1);
  G.decks[f].used.push(card);
  if (counts) G.cardsUsed[f] += 1;
}

/** What the end of each deck means in the full game (EN 2.4); a scenario may say otherwise. */
const FULL_GAME_DECK_OUT: Record<Faction, DeckOut> = { germany: 'endsGame', norway: 'reshuffle', allies: 'alliedWithdrawal' };
export function deckOutOf(G: Pick<GameState, 'scenario'>, f: Faction): DeckOut {
  return G.scenario?.deckOut[f] ?? FULL_GAME_DECK_OUT[f];
}

/**
 * Draw up to the hand size. The deck's end has a different meaning per faction (deckOutOf):
 * in the full game Germany's ends the game, Norway's is reshuffled, the Allies' stops their supply.
 * It comes when the last face-down card is drawn, or when a card is wanted and none is left face
 * down (voiding for sunk ships can take the last one, EN 8.2 step 6: the first face-up card is then
 * revealed at this draw). Returns what happened so the caller can act on it.
 */
export function refillHand(G: GameState, f: Faction, rng: Rng): 'ok' | 'deckEndsGame' | 'alliedDeckOut' {
  const deck = G.decks[f];
  while (G.hands[f].length < HAND_SIZE[f]) {
    if (f === 'allies' && G.alliesDeckSpent) return 'ok';
    if (deck.draw.length === 0) {
      // Emptied earlier without a draw (voided), or a used-up deck that gives no more (said once).
      if (deckOutOf(G, f) === 'noMoreCards') return 'ok';
      const out = deckRunsOut(G, f, rng);
      if (out !== 'drawOn') return out;
      if (deck.draw.length === 0) return 'ok';
    }
    G.hands[f].push(deck.draw.shift()!);
    if (deck.draw.length === 0) {
      const out = deckRunsOut(G, f, rng);
      if (out !== 'drawOn') return out;
    }
  }
  return 'ok';
}

/** The faction's deck has no face-down card left: what that means for it (deckOutOf). */
function deckRunsOut(G: GameState, f: Faction, rng: Rng): 'drawOn' | 'ok' | 'deckEndsGame' | 'alliedDeckOut' {
  const deck = G.decks[f];
  switch (deckOutOf(G, f)) {
    case 'endsGame':
      log(G, f, f === 'germany' ? 'germanDeckOut' : 'deckOut');
      return 'deckEndsGame';
    case 'reshuffle':
      deck.draw = rng.shuffle([...deck.used]);
      deck.used = [];
      log(G, f, 'norwayReshuffles', { cards: deck.draw.length });
      return 'drawOn';
    case 'alliedWithdrawal':
      G.alliesDeckSpent = true;
      log(G, f, 'alliedDeckOut');
      return 'alliedDeckOut';
    case 'noMoreCards':
      // Scenario 1: a used-up deck gives no new cards, and nothing else happens.
      log(G, f, 'deckOut');
      return 'ok';
  }
}
