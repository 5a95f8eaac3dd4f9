// @vitest-environment jsdom
/**
 * "Not this phase" / "Ask me each time" beside a repeated reaction window (Ubåt after each enemy
 * reinforcement): offered while the side's automatic passing is on; the choice goes to the server;
 * once declined for the phase, the board shows the server passing instead of the question.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { actor, PLAYER_OF_FACTION, repeatedWindow, type GameState } from '@kon/game';
import { GameView } from '../src/games/kon/ui/GameView';
import { I18nContext, translate, type Lang } from '../src/i18n';
import type { MatchConnection } from '../src/games/kon/game/connection';
import { standInConnection } from './stand-in';
import { playRandomGame } from './engine';

afterEach(cleanup);

function wrap(node: React.ReactNode, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{node}</I18nContext.Provider>,
  );
}

function repeatedState(): GameState {
  let found: GameState | null = null;
  playRandomGame({
    seed: 4,
    maxActions: 3000,
    afterAction: (G) => {
      const a = actor(G);
      if (!found && a && repeatedWindow(G, a.faction)) found = structuredClone(G);
    },
  });
  if (!found) throw new Error('no repeated window');
  return found;
}

describe('a repeated window', () => {
  const G = repeatedState();
  const who = actor(G)!.faction;
  const r = repeatedWindow(G, who)!;
  const show = (over: Partial<MatchConnection>, lang: Lang = 'en') => {
    const c: MatchConnection = { ...standInConnection(G, [who]), autopass: true, ...over };
    wrap(<GameView conn={c} spectator={false} />, lang);
    return c;
  };

  it('offers "Not this phase" beside the question, and sends it', async () => {
    const declineRepeated = vi.fn(async () => {});
    show({ declineRepeated });
    expect(screen.getByTestId('action-panel')).toBeTruthy();
    const not = screen.getByRole('button', { name: 'Not this phase' });
    expect(screen.getByRole('button', { name: 'Ask me each time' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(not));
    expect(declineRepeated).toHaveBeenCalledWith(true);
    cleanup();
    show({}, 'no');
    expect(screen.getByRole('button', { name: 'Ikke denne fasen' })).toBeTruthy();
  });

  it('once declined, shows the server passing and offers "Ask me each time"', async () => {
    const declineRepeated = vi.fn(async () => {});
    show({ declineRepeated, skips: [{ playerID: PLAYER_OF_FACTION[who], window: r.window, phase: r.phase }] });
    expect(screen.getByTestId('banner').textContent).toContain('Passing for you');
    expect(screen.queryByTestId('action-panel')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ask me each time' })));
    expect(declineRepeated).toHaveBeenCalledWith(false);
  });

  it('a choice of another phase does not count, and without automatic passing nothing is offered', () => {
    show({ skips: [{ playerID: PLAYER_OF_FACTION[who], window: r.window, phase: 'another' }] });
    expect(screen.getByTestId('action-panel')).toBeTruthy();
    cleanup();
    show({ autopass: false });
    expect(screen.queryByTestId('repeated-choice')).toBeNull();
  });
});
