// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
// @vitest-environment jsdom
/** The board screen rendered from real engine states, with a stand-in connection. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PLAYER_OF_FACTION, actor, legalMoves, viewFor, type Faction, type GameState } from '@kon/game';
import { GameView } from '../src/games/kon/ui/GameView';
import { I18nContext, translate, type Lang } from '../src/i18n';
import type { MatchConnection } from '../src/games/kon/game/connection';
import { standInConnection } from './stand-in';
import { playRandomGame } from './engine';

afterEach(cleanup);

const conn = standInConnection;
function show(c: MatchConnection, spectator = false, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>
      <GameView conn={c} spectator={spectator} />
    </I18nContext.Provider>,
  );
}
/** Play a random game until `stop` says so; returns that state. */
function stateWhere(seed: number, stop: (G: GameState) => boolean): GameState {
  let found: GameState | null = null;
  playRandomGame({
    seed,
    maxActions: 3000,
    afterAction: (G) => {
      if (!found && stop(G)) found = structuredClone(G);
    },
  });
  if (!found) throw new Error('no such state');
  return found;
}

describe('GameView', () => {
  it('offers the sabotage window to Norway with Pass, and only legal cards as playable', () => {
    const G = stateWhere(4, (g) => actor(g)?.stage === 'sabotage');
    const move = vi.fn();
    show(conn(G, ['norway'], move));
    expect(screen.getByTestId('banner').textContent).toContain('Your move');
    const panel = screen.getByTestId('action-panel');
    expect(panel.getAttribute('data-stage')).toBe('sabotage');
    const legal = legalMoves(viewFor(G, 'norway') as never, undefined, '1');
    const playable = new Set(legal.filter((m) => m.move === 'playCard').map((m) => (m.args[0] as { card: string }).card));
    for (const card of G.hands.norway) {
      const el = document.querySelector(`[data-copies~="${card}"]`)!;
      expect(el.classList.contains('playable')).toBe(playable.has(card));
    }
    fireEvent.click(within(panel).getByText('Pass'));
    expect(move).toHaveBeenCalledWith('1', 'pass', {});
    // Each move is sent once: controls are busy until the next state arrives.
    expect(within(panel).getByText('Pass').closest('button')!.disabled).toBe(true);
  });

  it('says in plain words why the server refused a move, in either language', () => {
    const G = stateWhere(4, (g) => actor(g)?.stage === 'sabotage');
    const c = { ...conn(G, ['germany']), lastError: 'not_your_turn' };
    show(c);
    expect(screen.getByRole('alert').textContent).toBe('It is not your turn: the move was not made.');
    cleanup();
    show({ ...c, lastError: 'some-new-code' }, false, 'no');
    expect(screen.getByRole('alert').textContent).toBe('Serveren avviste trekket.');
    // A limit's refusal names the wait the socket sent with it, not a minute by default.
    cleanup();
    show({ ...c, lastError: 'rate_limited', lastWait: 290 }, false, 'no');
    expect(screen.getByRole('alert').textContent).toContain('5 min');
  });

  it('tells the others whom they wait for, and shows no hand to a spectator', () => {
    const G = stateWhere(4, (g) => actor(g)?.stage === 'sabotage');
    show(conn(G, ['germany']));
    expect(screen.getByTestId('banner').textContent).toContain('Waiting for Norway');
    expect(screen.queryByTestId('action-panel')).toBeNull();
    cleanup();
    show(conn(G, [null]), true, 'no');
    expect(screen.getByTestId('banner').textContent).toContain('Venter på Norge');
    expect(screen.queryByTestId('hand')).toBeNull();
    expect(document.querySelectorAll('[data-card]').length).toBe(0);
  });

  it('a stack click offers exactly the legal destinations and sends the chosen count', () => {
    const G = stateWhere(8, (g) => actor(g)?.faction === 'germany' && actor(g)?.stage === 'movement' && g.round === 1);
    const move = vi.fn();
    show(conn(G, ['germany'], move));
    fireEvent.click(document.querySelector('path[data-area="oslo"]')!);
    const legal = legalMoves(viewFor(G, 'germany') as never, undefined, '0')
      .filter((m) => m.move === 'move' && (m.args[0] as { from: string }).from === 'oslo')
      .map((m) => (m.args[0] as { to: string }).to);
    const offered = [...document.querySelectorAll('[data-dest]')].map((b) => b.getAttribute('data-dest'));
    expect(new Set(offered)).toEqual(new Set(legal));
    fireEvent.click(document.querySelector(`[data-dest="${offered[0]}"]`)!);
    expect(move).toHaveBeenCalledTimes(1);
    const [pid, name, args] = move.mock.calls[0]!;
    expect([pid, name]).toEqual(['0', 'move']);
    expect(legalMoves(viewFor(G, 'germany') as never, undefined, '0').some((m) => JSON.stringify(m.args[0]) === JSON.stringify(args))).toBe(
      true,
    );
  });

  it('two-player seat: acts for whichever of Norway and the Allies must act', () => {
    const G = stateWhere(3, (g) => actor(g)?.faction === 'allies');
    show(conn(G, ['norway', 'allies']));
    expect(screen.getByTestId('banner').textContent).toContain('Your move – The Allies');
    expect(screen.getByTestId('hand').querySelector('h3')!.textContent).toContain('the Allies');
  });

  it('names who plays each side (from the match data)', () => {
    const G = stateWhere(4, (g) => actor(g)?.stage === 'sabotage');
    const c = conn(G, ['germany']);
    show({ ...c, players: [{ id: 0, name: 'Greta' }, { id: 1, name: 'Nils, Kari' }, { id: 2 }] });
    expect(screen.getByTestId('side-name-germany').textContent).toBe('Greta');
    expect(screen.getByTestId('side-name-norway').textContent).toBe('Nils, Kari');
    expect(screen.queryByTestId('side-name-allies')).toBeNull();
  });

  it('shows the result at the end', () => {
    const { G } = playRandomGame({ seed: 6, maxActions: 50_000 });
    expect(G.result).not.toBeNull();
    show(conn(G, ['germany']));
    const result = screen.getByTestId('result');
    expect(result.textContent).toContain(G.result!.winner === 'germany' ? 'Germany wins' : 'Norway and the Allies win');
    expect(screen.getByTestId('banner').textContent).toContain('The game is over');
  });
});

describe('a window with nothing to answer it', () => {
  /** The first state of a random game where `want` holds for the acting faction's legal moves. */
  function stateWhere(want: (moves: string[]) => boolean): { G: GameState; f: Faction } {
    let found: { G: GameState; f: Faction } | null = null;
    playRandomGame({
      seed: 4,
      maxActions: 3000,
      afterAction: (G) => {
        if (found) return;
        const a = actor(G);
        if (!a || !['sabotage', 'engineers', 'attackerCards', 'defenderCards'].includes(a.stage)) return;
        const moves = legalMoves(viewFor(G, a.faction) as any, undefined, PLAYER_OF_FACTION[a.faction]).map((m) => m.move);
        if (want(moves)) found = { G: structuredClone(G), f: a.faction };
      },
    });
    expect(found, 'such a state in the random game').not.toBeNull();
    return found!;
  }

  it('tells the seat that must pass why the window is open, in its own panel only', () => {
    const { G, f } = stateWhere((moves) => moves.length === 1 && moves[0] === 'pass');
    show(conn(G, [f]));
    expect(screen.getByTestId('nothing-answers').textContent).toMatch(/cannot tell what you hold/);
    cleanup();
    const other = (['germany', 'norway', 'allies'] as Faction[]).find((x) => x !== f)!;
    show(conn(G, [other]));
    expect(screen.queryByTestId('nothing-answers')).toBeNull();
    cleanup();
    show(conn(G, [f]), false, 'no');
    expect(screen.getByTestId('nothing-answers').textContent).toMatch(/hva du har på hånden/);
  });

  it('says nothing of the kind when a card can answer', () => {
    const { G, f } = stateWhere((moves) => moves.includes('pass') && moves.includes('playCard'));
    show(conn(G, [f]));
    expect(screen.queryByTestId('nothing-answers')).toBeNull();
  });
});
