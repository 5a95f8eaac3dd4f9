// @vitest-environment jsdom
/** Creating a match of another game (Deres uenighet): computer players for any other seat, by the game's own levels. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ModuleCreate } from '../src/lobby/ModuleCreate';
import { I18nContext, translate } from '../src/i18n';
import type { ClockView, GameInfo, MatchInfo } from '../src/api';
import { MissedDeadlines, ModuleSeats } from '../src/games/ModuleSeats';
import { reply } from './fetch-reply';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const game = (bots: GameInfo['bots']): GameInfo => ({
  id: 'deres-uenighet',
  name: { no: 'Deres uenighet', en: 'Their Disagreement' },
  summary: { no: '', en: '' },
  players: { min: 2, max: 4 },
  bots,
  atZero: ['pass'],
  plans: [
    { plan: 'three', seats: ['player1', 'player2', 'player3'] },
    { plan: 'two', seats: ['player1', 'player2'] },
  ],
});

function wrap(node: React.ReactNode) {
  return render(
    <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>{node}</I18nContext.Provider>,
  );
}

describe('ModuleCreate', () => {
  it('offers the game’s computer players for the other seats and sends the choice with the match', async () => {
    fetchMock
      .mockResolvedValueOnce(
        reply(201, {
          matchID: 'm1',
          links: { seats: [{ seat: 'player1', playerIDs: ['0'], token: 'seat-tok' }], spectator: 'spec' },
        }),
      )
      .mockResolvedValueOnce(reply(201, { memberId: 'a', credentials: 'cred', playerIDs: ['0'], seat: 'player1' }));
    const navigate = vi.fn();
    wrap(<ModuleCreate game={game(['easy', 'normal'])} navigate={navigate} />);
    const selects = screen.getByTestId('opponents').querySelectorAll('select');
    // Player 1 is mine: the two others, each a person or one of the game's levels.
    expect(selects).toHaveLength(2);
    expect([...selects[0]!.querySelectorAll('option')].map((o) => o.value)).toEqual(['person', 'easy', 'normal']);
    fireEvent.change(selects[0]!, { target: { value: 'normal' } });
    fireEvent.change(selects[1]!, { target: { value: 'easy' } });
    fireEvent.change(document.querySelector('input[name="name"]')!, { target: { value: 'Ada' } });
    // Time controls: a game that cannot be lost on time offers only "pass" at zero.
    fireEvent.click(document.querySelector('input[name="clock"][value="correspondence"]')!);
    expect([...document.querySelectorAll<HTMLInputElement>('input[name="atZero"]')].map((i) => i.value)).toEqual(['pass']);
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/matches');
    expect(JSON.parse(init.body)).toMatchObject({
      game: 'deres-uenighet',
      plan: 'three',
      bots: { player2: 'normal', player3: 'easy' },
      clock: { mode: 'correspondence', decisionSeconds: 86400, atZero: 'pass' },
    });
    // The computer plays both other seats: nobody to invite, straight to the game.
    expect(navigate).toHaveBeenCalledWith('/m/m1');
  });

  it('offers no computer players for a game without them, and sends none', async () => {
    wrap(<ModuleCreate game={game([])} navigate={() => {}} />);
    expect(screen.queryByTestId('opponents')).toBeNull();
  });
});

describe('ModuleSeats', () => {
  const seat = (key: 'player1' | 'player2', pid: string, names: string[]) => ({
    seat: key,
    playerIDs: [pid],
    connected: false,
    claimed: names.length > 0,
    members: names.map((n) => ({ id: n, name: n, joinedAt: 0, role: 'holder' as const, connected: false, awaySince: null })),
    handOverAt: null,
  });
  const info = {
    matchID: 'm1',
    plan: 'two',
    setupData: {},
    gameover: null,
    visibility: 'private',
    createdAt: 0,
    updatedAt: 0,
    clock: { mode: 'correspondence', decisionSeconds: 3600, atZero: 'pass' },
    rematch: null,
    seats: [seat('player1', '0', ['Ada']), seat('player2', '1', [])],
    spectatorsConnected: 0,
    bots: { player2: { strength: 'normal', reason: 'created', since: 0 } },
  } as unknown as MatchInfo;

  it('names the computer seat and its thinking, and shows each seat’s clock, flagged or running', () => {
    const clock = {
      mode: 'correspondence',
      atZero: 'pass',
      decisionSeconds: 3600,
      remainingMs: {},
      running: null,
      deadline: null,
      flagged: [],
      serverNow: 0,
      seats: {
        '0': { remainingMs: 1_800_000, running: true, deadline: 1_800_000, flagged: false },
        '1': { remainingMs: null, running: false, deadline: null, flagged: true },
      },
    } as ClockView;
    wrap(<ModuleSeats lobby={info} clock={clock} thinking={{ '1': true }} />);
    const computer = document.querySelector('[data-seat="player2"]')!;
    expect(computer.textContent).toContain('computer (normal)');
    expect(computer.textContent).toContain('thinking');
    expect(computer.textContent).toContain('ran out');
    expect(screen.queryByTestId('clock-player2')).toBeNull();
    expect(screen.getByTestId('clock-player1').textContent).toMatch(/(29|30):\d\d/);
    expect(document.querySelector('[data-seat="player1"]')!.textContent).toContain('Ada');
  });
});

describe('MissedDeadlines', () => {
  const info = (reason: 'timeout' | 'handed') =>
    ({ gameover: null, bots: { player2: { strength: 'easy', reason, since: 0 } } }) as unknown as MatchInfo;
  it('tells a member whose seat the computer took when its time ran out why, and how to play on', () => {
    wrap(<MissedDeadlines info={info('timeout')} seat="player2" />);
    expect(screen.getByTestId('missed-deadlines').textContent).toBe(translate('en', 'games.missed'));
    cleanup();
    // Not for a seat handed over by the others, nor for another seat.
    wrap(<MissedDeadlines info={info('handed')} seat="player2" />);
    wrap(<MissedDeadlines info={info('timeout')} seat="player1" />);
    expect(screen.queryByTestId('missed-deadlines')).toBeNull();
  });
});
