// @vitest-environment jsdom
/**
 * The automatic pass in the client: while the server is about to pass for the acting seat (passing is
 * all it can do, and the side's switch is on) the board shows no decision, only that it passes; with
 * the switch off the Pass button is there as before. The switch in the member menu goes through the API.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { actor, onlyPass, viewFor, type GameState } from '@kon/game';
import { GameView } from '../src/games/kon/ui/GameView';
import { AutopassSwitch } from '../src/games/kon/ui/AutopassSwitch';
import { HelpButton } from '../src/games/kon/ui/HelpPanel';
import { autoPassPending } from '../src/games/kon/game/autopass';
import { I18nContext, translate, type Lang } from '../src/i18n';
import type { MatchConnection } from '../src/games/kon/game/connection';
import { standInConnection } from './stand-in';
import { playRandomGame } from './engine';
import { reply } from './fetch-reply';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(node: React.ReactNode, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{node}</I18nContext.Provider>,
  );
}

/** A random game's first state where a seat's only legal action is a pass. */
function forcedState(): GameState {
  let found: GameState | null = null;
  playRandomGame({
    seed: 4,
    maxActions: 3000,
    afterAction: (G) => {
      const a = actor(G);
      if (!found && a && onlyPass(G, a.faction)?.type === 'pass') found = structuredClone(G);
    },
  });
  if (!found) throw new Error('no forced pass');
  return found;
}

describe('the board while the server passes for the seat', () => {
  const G = forcedState();
  const who = actor(G)!.faction;
  const show = (autopass: boolean | null, spectator = false, lang: Lang = 'en') => {
    const c: MatchConnection = { ...standInConnection(G, [spectator ? null : who]), autopass };
    return wrap(<GameView conn={c} spectator={spectator} />, lang);
  };

  it('shows no decision and says it passes, in either language', () => {
    show(true);
    const banner = screen.getByTestId('banner');
    expect(banner.textContent).toContain('Passing for you');
    expect(banner.textContent).not.toContain('Your move');
    expect(screen.queryByTestId('action-panel')).toBeNull();
    expect(screen.queryByText('Pass')).toBeNull();
    cleanup();
    show(true, false, 'no');
    expect(screen.getByTestId('banner').textContent).toContain('Står over for deg');
    expect(screen.queryByTestId('action-panel')).toBeNull();
  });

  it('with the switch off, or not known yet, the seat clicks Pass itself', () => {
    for (const setting of [false, null]) {
      show(setting);
      expect(screen.getByTestId('banner').textContent).toContain('Your move');
      expect(screen.getByTestId('action-panel').textContent).toContain('Pass');
      cleanup();
    }
  });

  it('is about the acting seat only: spectators and seats with a choice are not concerned', () => {
    expect(autoPassPending(viewFor(G, who), who, true, false)).toBe(true);
    expect(autoPassPending(viewFor(G, null), who, true, true)).toBe(false);
    expect(autoPassPending(viewFor(G, who), who, false, false)).toBe(false);
    const other = (['germany', 'norway', 'allies'] as const).find((f) => f !== who)!;
    expect(autoPassPending(viewFor(G, other), other, true, false)).toBe(false);
  });
});

describe('the switch in the member menu', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('turns automatic passing off through the API and reports what the server answered', async () => {
    fetchMock.mockResolvedValue(reply(200, { on: false }));
    const onChanged = vi.fn();
    wrap(<AutopassSwitch matchID="m1" credentials="m_secret" on={true} onChanged={onChanged} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await act(async () => {});
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/matches/m1/autopass');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body)).toEqual({ on: false });
    expect(init.headers.authorization ?? init.headers.Authorization).toBe('Bearer m_secret');
    expect(onChanged).toHaveBeenCalledWith(false);
  });

  it('says so when the change was not saved, and waits for the setting before it can be changed', async () => {
    fetchMock.mockResolvedValue(reply(500, { error: { code: 'internal', message: 'x' } }));
    const onChanged = vi.fn();
    wrap(<AutopassSwitch matchID="m1" credentials="m_secret" on={false} onChanged={onChanged} />, 'no');
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {});
    expect(screen.getByRole('alert').textContent).toBe('Valget ble ikke lagret. Prøv igjen.');
    expect(onChanged).not.toHaveBeenCalled();
    cleanup();
    wrap(<AutopassSwitch matchID="m1" credentials="m_secret" on={null} onChanged={onChanged} />);
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the rules help', () => {
  it('says what the automatic pass does and where it is turned off, in both languages', () => {
    const G = forcedState();
    for (const [lang, words] of [
      ['en', /server does it for you.*"You:" menu/s],
      ['no', /serveren det for deg.*«Du:»-menyen/s],
    ] as const) {
      wrap(<HelpButton G={viewFor(G, null)} actor={actor(G)} />, lang);
      fireEvent.click(screen.getByTestId('help-button'));
      expect(document.querySelector('[data-help="autopass"]')!.textContent).toMatch(words);
      cleanup();
    }
  });
});
