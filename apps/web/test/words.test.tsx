// @vitest-environment jsdom
/**
 * The words the screens say agree with what the game asks (issue 24): the top bar names the side the
 * panel is for, the Allies' banner asks only for what their panel offers, the Allies are plural in
 * English, a lost connection says so and sends nothing, and the home page says why Create waits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { actor, legalMoves, PLAYER_OF_FACTION, viewFor, type GameState } from '@kon/game';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { bannerFor } from '../src/games/kon/game/banner';
import { describeLog } from '../src/games/kon/game/logText';
import { MatchStatus } from '../src/games/kon/ui/MatchStatus';
import { matchStatus } from '../src/games/kon/game/matchStatus';
import { GameView } from '../src/games/kon/ui/GameView';
import { inBookOrder, type ScenarioInfo } from '../src/api';
import { standInConnection } from './stand-in';
import { playRandomGame } from './engine';

afterEach(cleanup);

function inLang(lang: Lang, ui: React.ReactNode) {
  return render(<I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{ui}</I18nContext.Provider>);
}
/** Every state of a few random games of the ruleset, each with the side that acts in it. */
function statesOf(ruleset: 'basic' | 'advanced', seeds: number[], each: (G: GameState) => void) {
  for (const seed of seeds) playRandomGame({ seed, setup: { ruleset }, maxActions: 1500, afterAction: (G) => each(G) });
}

describe('the top bar', () => {
  it('names the side that acts, as the banner and the panel do, in every phase and window of both rulesets', () => {
    const seen = new Set<string>();
    const rendered = new Set<string>();
    for (const ruleset of ['basic', 'advanced'] as const)
      statesOf(ruleset, [1, 2, 3], (G) => {
        const a = actor(G);
        if (!a) return;
        const view = viewFor(G, 'germany');
        // The panel is up for exactly the seat the banner calls to act: that side is the one named.
        const banner = bannerFor(view, a, [a.faction], 'en');
        expect(banner.faction).toBe(a.faction);
        const line = matchStatus(view, (k, p) => translate('en', k, p));
        expect(line.acting).toBe(a.faction);
        expect(line.actingText).toContain(translate('en', `faction.${a.faction}`));
        // Each kind of moment once through the top bar itself.
        const kind = `${ruleset}:${a.stage}:${a.faction}:${!!G.april9}`;
        if (!rendered.has(kind)) {
          rendered.add(kind);
          inLang('no', <MatchStatus G={view} />);
          const bar = screen.getByTestId('match-status');
          expect(bar.getAttribute('data-acting')).toBe(a.faction);
          expect(bar.textContent).toContain(translate('no', `faction.${a.faction}`));
          cleanup();
        }
        if (a.faction !== G.turn) seen.add(`${ruleset}:${G.april9 ? 'april9' : 'turn'}:${a.faction}`);
      });
    // The cases the words went wrong in: Norway and the Allies acting on 9. April and in Germany's turn.
    expect(seen).toContain('advanced:april9:norway');
    expect(seen).toContain('advanced:april9:allies');
    expect(seen).toContain('basic:turn:norway');
  }, 60_000);

  it('on 9. April, while the Allies answer a window in the German step, says the Allies, not Germany', () => {
    let G: GameState | null = null;
    statesOf('advanced', [1, 2, 3, 4, 5], (s) => {
      if (!G && s.april9 && actor(s)?.stage === 'april9Window' && actor(s)?.faction === 'allies') G = structuredClone(s);
    });
    expect(G).not.toBeNull();
    for (const lang of ['en', 'no'] as const) {
      inLang(lang, <MatchStatus G={viewFor(G!, 'allies')} />);
      const text = screen.getByTestId('match-status').textContent!;
      expect(text).toContain(lang === 'en' ? "The Allies' turn" : 'De alliertes tur');
      expect(text).not.toContain(lang === 'en' ? 'Germany' : 'Tyskland');
      cleanup();
    }
  });

  it("says a side acting in another side's turn answers it (Norway sabotaging in Germany's turn)", () => {
    let G: GameState | null = null;
    statesOf('basic', [2, 4, 5], (s) => {
      if (!G && actor(s)?.stage === 'sabotage') G = structuredClone(s);
    });
    inLang('en', <MatchStatus G={viewFor(G!, 'germany')} />);
    expect(screen.getByTestId('match-status').textContent).toContain('Norway to answer');
    cleanup();
    inLang('no', <MatchStatus G={viewFor(G!, 'germany')} />);
    expect(screen.getByTestId('match-status').textContent).toContain('Norge svarer');
  });
});

describe("the Allies' reinforcement banner", () => {
  it('asks for two coastal areas exactly when the panel offers a landing (not in the 9. April turn)', () => {
    const kinds = new Set<string>();
    statesOf('advanced', [1, 2, 3, 4, 5], (G) => {
      const a = actor(G);
      if (a?.faction !== 'allies' || a.stage !== 'reinforcement') return;
      const view = viewFor(G, 'allies');
      const offersLanding = legalMoves(view as never, undefined, PLAYER_OF_FACTION.allies).some((m) => m.move === 'land');
      for (const lang of ['en', 'no'] as const) {
        const detail = bannerFor(view, a, ['allies'], lang).detail;
        expect(detail === translate(lang, 'do.reinforcement.land'), `${lang}, 9. April: ${!!G.april9}`).toBe(offersLanding);
      }
      kinds.add(G.april9 ? 'april9' : offersLanding ? 'landing' : 'later');
    });
    expect(kinds).toContain('april9');
    expect(kinds).toContain('landing');
  });
});

describe('the Allies are plural in English', () => {
  const line = (event: string, faction: string, data: Record<string, unknown> = {}) => describeLog({ event, faction, data } as never, 'en');
  it('in the log: have drawn their last card, attack, send, have chosen', () => {
    expect(line('deckOut', 'allies')).toBe('The Allies have drawn their last card.');
    expect(line('deckOut', 'germany')).toBe('Germany has drawn its last card.');
    expect(line('attack', 'allies', { from: 'bergen', to: 'voss', count: 2 })).toMatch(/^The Allies attack /);
    expect(line('april9CardsChosen', 'allies')).toBe('The Allies have chosen their 9 April cards.');
    expect(line('april9Landing', 'norway-allies', { count: 2, area: 'oslo' })).toMatch(/^Norway and the Allies send 2 ships/);
    // Norwegian has no verb agreement to get wrong; its sentence stays as it was.
    expect(describeLog({ event: 'deckOut', faction: 'allies', data: {} } as never, 'no')).toBe('De allierte har trukket sitt siste kort.');
  });
  it('nowhere in the log does a singular verb follow the Allies', () => {
    const events = [
      'april9CardsChosen',
      'april9CardPlayed',
      'shipPlaced',
      'april9Landing',
      'attack',
      'move',
      'cardPlayed',
      'deckOut',
      'outOfTime',
      'placed',
      'traded',
      'discarded',
    ];
    for (const e of events)
      expect(line(e, 'allies', { count: 2, cards: ['a', 'b'], symbols: 2 })).not.toMatch(/Allies (is|has|was|attacks|sends)\b| its /);
  });
});

describe('counts of one', () => {
  it('take the singular in both languages', () => {
    const one = /\b1 (battalions|symbols|ships|cards|bataljoner|symboler)\b/;
    const texts = (['en', 'no'] as const).flatMap((lang) => [
      translate(lang, 'do.withdraw', { n: 1 }),
      translate(lang, 'act.available', { n: 1, s: 1 }),
      translate(lang, 'act.selectedSymbols', { n: 1, s: 1 }),
      translate(lang, 'adv.tradeSymbols', { s: 1 }),
      translate(lang, 'do.withdrawShips', { n: 1 }),
      translate(lang, 'adv.allShips', { n: 1 }),
      describeLog({ event: 'traded', faction: 'norway', data: { cards: ['x'], symbols: 1 } } as never, lang),
      describeLog({ event: 'raidersRecalled', faction: 'germany', data: { symbols: 1 } } as never, lang),
    ]);
    for (const text of texts) expect(text).not.toMatch(one);
    expect(translate('en', 'act.available', { n: 1, s: 1 })).toBe('Bought: 1 battalion to place (1 symbol traded).');
    expect(translate('no', 'do.withdraw', { n: 1 })).toBe('De alliertes kortstokk er tom: ta 1 bataljon ut av brettet.');
  });
});

describe('a lost connection', () => {
  function sabotage(): GameState {
    let G: GameState | null = null;
    statesOf('basic', [4], (s) => {
      if (!G && actor(s)?.stage === 'sabotage') G = structuredClone(s);
    });
    return G!;
  }
  it('says so instead of "Your move", and a move made then is not sent: the player is told why', () => {
    const move = vi.fn();
    const conn = { ...standInConnection(sabotage(), ['norway'], move), connected: false };
    inLang('en', <GameView conn={conn} spectator={false} />);
    const banner = screen.getByTestId('banner');
    expect(banner.textContent).not.toContain('Your move');
    expect(banner.textContent).toContain('Connection lost');
    expect(document.documentElement.dataset.yourMove).toBe('false');
    fireEvent.click(within(screen.getByTestId('action-panel')).getByText('Pass'));
    expect(move).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('That move was not sent: the connection is lost. Make it again once it is back.');
  });
  it('in Norwegian too, and once connected the same click is sent', () => {
    const move = vi.fn();
    const G = sabotage();
    const r = inLang('no', <GameView conn={{ ...standInConnection(G, ['norway'], move), connected: false }} spectator={false} />);
    expect(screen.getByTestId('banner').textContent).toContain('Forbindelsen er brutt');
    r.rerender(
      <I18nContext.Provider value={{ lang: 'no', t: (k, p) => translate('no', k, p), setLang: () => {} }}>
        <GameView conn={standInConnection(G, ['norway'], move)} spectator={false} />
      </I18nContext.Provider>,
    );
    expect(screen.getByTestId('banner').textContent).toContain('Din tur');
    fireEvent.click(within(screen.getByTestId('action-panel')).getByText('Stå over'));
    expect(move).toHaveBeenCalledWith('1', 'pass', {});
  });
});

describe('the home page', () => {
  async function home(name: string | null) {
    vi.resetModules();
    localStorage.clear();
    localStorage.setItem('kon.lang', 'en');
    if (name) localStorage.setItem('kon.name', name);
    window.history.replaceState(null, '', '/');
    const { App } = await import('../src/App');
    render(<App />);
  }
  it('says why Create cannot be pressed yet, and the reason goes when the name is typed', async () => {
    await home(null);
    const create = screen.getByRole('button', { name: 'Create match' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByTestId('create-blocked').textContent).toBe('Type your name above before you create the match.');
    expect(create.getAttribute('aria-describedby')).toBe(screen.getByTestId('create-blocked').id);
    fireEvent.change(document.querySelector('input[name=name]')!, { target: { value: 'Ingrid' } });
    expect(create.disabled).toBe(false);
    expect(screen.queryByTestId('create-blocked')).toBeNull();
  });
  it('lists the scenarios as the rulebook numbers them', () => {
    const s = (id: string, en: string) => ({ id, name: { en, no: en } }) as ScenarioInfo;
    const listed = inBookOrder([
      s('gudbrandsdalen', 'Scenario 2: Gudbrandsdalen'),
      s('b', 'Scenario 10: Later'),
      s('narvik', 'Scenario 1: Narvik'),
    ]);
    expect(listed.map((x) => x.id)).toEqual(['narvik', 'gudbrandsdalen', 'b']);
  });
});

describe('the Norwegian top bar', () => {
  it('names its two alert controls differently', () => {
    const labels = ['signal.short', 'notify.button', 'conn.online'].map((k) => translate('no', k));
    expect(new Set(labels).size).toBe(labels.length);
  });
});
