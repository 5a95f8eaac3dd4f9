/**
 * Who has the last word in a scenario's last round (bots/endgame.ts lastWord): the game ends with
 * the turn of the faction whose deck is the clock. In Narvik (the Allies' deck) Norway and the
 * Allies move after Germany's last turn, so they need not guard anything in their own last turns,
 * while Germany must; in Gudbrandsdalen (Germany's deck) it is the other way round.
 */
import { describe, expect, it } from 'vitest';
import { FACTIONS, type AreaId, type Faction } from '../src/types.js';
import { viewFor } from '../src/engine/view.js';
import { legalActions } from '../src/engine/legal.js';
import type { GameState } from '../src/engine/model/state.js';
import type { Action } from '../src/engine/actions.js';
import { seededRng } from '../src/testing/rng.js';
import { normalBot } from '../src/bots/index.js';
import { styled } from '../src/bots/normal.js';
import type { Bot } from '../src/bots/types.js';
import { endsSoon, lastWord, styleNow } from '../src/bots/endgame.js';
import { NORMAL_STYLES } from '../src/bots/normal-style.js';
import { positionOf } from './helpers.js';
import { scenario } from './scenario-files.js';

const NARVIK = scenario('narvik');
const GUDBRANDSDALEN = scenario('gudbrandsdalen');

/** `turn`'s movement phase of a scenario in its last round (the clock's deck down to one card), with these battalions. */
function lastRound(s: typeof NARVIK, turn: Faction, units: Partial<Record<Faction, Record<AreaId, number>>>): GameState {
  const G = positionOf({ scenario: s, turn, units });
  const clock = FACTIONS.find((f) => s.deckOut[f] === 'endsGame')!;
  G.decks[clock].draw = G.decks[clock].draw.slice(0, 1);
  return G;
}

function decide(bot: Bot, G: GameState, f: Faction): Action {
  const view = viewFor(G, f);
  return bot({
    view,
    legal: legalActions(view as unknown as GameState, f),
    rng: seededRng(1),
    budget: { iterations: 8, moveIterations: 8 },
  });
}

describe('the last word in a scenario', () => {
  it('Narvik: Norway and the Allies answer Germany; Gudbrandsdalen: Germany answers them', () => {
    const units = { germany: { narvik: 3 }, norway: { bardufoss: 2 }, allies: { harstad: 2 } };
    const n = (turn: Faction, f: Faction) => lastWord(viewFor(lastRound(NARVIK, turn, units), f), f);
    expect([n('germany', 'germany'), n('germany', 'norway'), n('germany', 'allies')]).toEqual([false, true, true]);
    expect([n('norway', 'norway'), n('allies', 'allies')]).toEqual([true, true]);
    const g = (turn: Faction, f: Faction) =>
      lastWord(viewFor(lastRound(GUDBRANDSDALEN, turn, { germany: { otta: 3 }, norway: { dombas: 2 }, allies: { andalsnes: 2 } }), f), f);
    expect([g('norway', 'norway'), g('allies', 'allies'), g('germany', 'germany')]).toEqual([false, false, true]);
  });

  it('drops the guard only with the last word; Germany keeps guarding in Narvik, unlike its full-game last round', () => {
    const G = lastRound(NARVIK, 'germany', { germany: { narvik: 3 }, norway: { bardufoss: 2 }, allies: { harstad: 2 } });
    expect(endsSoon(viewFor(G, 'germany'))).toBe(true);
    expect(styleNow(NORMAL_STYLES.germany, viewFor(G, 'germany')).guard).toBe(NORMAL_STYLES.germany.guard);
    G.turn = 'allies';
    expect(styleNow(NORMAL_STYLES.allies, viewFor(G, 'allies')).guard).toBe(0);
  });

  // The Allies' last turn ends the game: Norway's one battalion holds Bardufoss, so the four Allied
  // battalions there can only win by attacking Narvik. Normal's guard of Bardufoss against a German
  // turn that never comes kept them at home (Easy, which guards nothing, attacked).
  it("Normal Allies throw everything at Narvik in the game's last turn", () => {
    const G = lastRound(NARVIK, 'allies', { germany: { narvik: 4 }, norway: { bardufoss: 1, bjornfjell: 4 }, allies: { bardufoss: 4 } });
    const attack = (a: Action) => a.type === 'move' && a.args.from === 'bardufoss' && a.args.to === 'narvik';
    const a = decide(normalBot, G, 'allies');
    expect(attack(a)).toBe(true);
    expect(a.type === 'move' && a.args.count).toBe(4);
  });

  // Norway's last turn in Narvik, the Allies still to move: Bjørnfjell is empty and the Allies next
  // to it in Bardufoss can take it; Narvik's Germans need Norway's battalions. Its style (which
  // scores each objective alone) marches all three into Bjørnfjell, leaving nobody who can beat
  // Narvik's two; the search, playing on to the end, keeps enough back for Narvik
  // (normal-style.ts scenarioSearch: 'lastRound'; before, Norway played its style there).
  it('Normal Norway keeps battalions back for Narvik in its last turn, where its style sends all to Bjørnfjell', () => {
    const G = lastRound(NARVIK, 'norway', { germany: { narvik: 2, tysfjord: 1 }, norway: { bardufoss: 3 }, allies: { bardufoss: 2 } });
    const view = viewFor(G, 'norway');
    const legal = legalActions(view as unknown as GameState, 'norway');
    const own = styled({ view, legal, rng: seededRng(1) });
    expect(own.type === 'move' && [own.args.to, own.args.count]).toEqual(['bjornfjell', 3]);
    const a = decide(normalBot, G, 'norway');
    const sentToBjornfjell = a.type === 'move' && a.args.to === 'bjornfjell' ? a.args.count : 0;
    expect(a.type).toBe('move');
    expect(sentToBjornfjell).toBeLessThanOrEqual(1);
  });
});
