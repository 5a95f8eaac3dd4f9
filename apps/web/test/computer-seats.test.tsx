// @vitest-environment jsdom
/** Computer seats in the client: the marks, the hand-over and take-back buttons (fetch stubbed), the home page's choice. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ComputerSeatControls, OpponentChoices, botsForPlan, computerMarks } from '../src/ui/ComputerSeats';
import { I18nContext, translate, type Lang } from '../src/i18n';
import type { MatchInfo, SeatBots } from '../src/api';
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

/** A seat of a running game: one whose players are away long since may be handed over (handOverAt in the past), unless `handOverAt` says otherwise. */
const seat = (
  key: 'germany' | 'norway' | 'allies',
  playerIDs: string[],
  connected: boolean,
  members = 1,
  handOverAt: number | null = connected ? null : 1,
) => ({
  seat: key,
  playerIDs,
  connected,
  claimed: true,
  members: Array.from({ length: members }, (_, i) => ({
    id: `${key}${i}`,
    name: key,
    joinedAt: 0,
    role: 'holder' as const,
    connected,
    awaySince: null,
  })),
  handOverAt,
});
const info = (over: Partial<MatchInfo> = {}): MatchInfo => ({
  matchID: 'm1',
  plan: 'three',
  setupData: { ruleset: 'basic' },
  gameover: null,
  visibility: 'private',
  createdAt: 0,
  updatedAt: 0,
  clock: { mode: 'none' },
  rematch: null,
  seats: [seat('germany', ['0'], true), seat('norway', ['1'], false), seat('allies', ['2'], true)],
  spectatorsConnected: 0,
  bots: {},
  you: { role: 'member', memberId: 'germany0', seat: 'germany', playerIDs: ['0'], holder: true, recoveryOut: false },
  ...over,
});
function wrap(node: React.ReactNode, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{node}</I18nContext.Provider>,
  );
}
const flush = () => act(async () => {});

describe('ComputerSeatControls', () => {
  it('offers an absent seat to the computer, and only that one; sends the chosen strength with my credentials', async () => {
    const onInfo = vi.fn();
    const next = info({ bots: { norway: { strength: 'easy', reason: 'handed', since: 1 } } });
    fetchMock.mockResolvedValue(reply(200, next));
    wrap(<ComputerSeatControls matchID="m1" info={info()} credentials="m_me" onInfo={onInfo} />);
    expect(screen.queryByTestId('hand-over-allies')).toBeNull(); // someone on the Allies is here
    expect(screen.queryByTestId('hand-over-germany')).toBeNull(); // my own seat
    expect(screen.queryByTestId('take-back')).toBeNull();
    fireEvent.click(screen.getByTestId('hand-over-norway'));
    await flush();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/matches/m1/seats/norway/bot');
    expect(init.method).toBe('PUT');
    expect(init.headers.authorization).toBe('Bearer m_me');
    expect(JSON.parse(init.body)).toEqual({ strength: 'easy' });
    expect(onInfo).toHaveBeenCalledWith(next);
  });

  it('lets a member of a computer-held seat take it back, and says why a refusal happened', async () => {
    const onInfo = vi.fn();
    const held = info({
      bots: { germany: { strength: 'easy', reason: 'handed', since: 1 } },
      seats: [seat('germany', ['0'], true), seat('norway', ['1'], true), seat('allies', ['2'], true)],
    });
    fetchMock.mockResolvedValue(reply(409, { error: { code: 'not_computer_seat', message: 'server words' } }));
    wrap(<ComputerSeatControls matchID="m1" info={held} credentials="m_me" onInfo={onInfo} />, 'no');
    expect(screen.getByTestId('computer-seats').textContent).toContain('datamaskin (lett)');
    fireEvent.click(screen.getByTestId('take-back'));
    await flush();
    expect(fetchMock.mock.calls[0]![1].method).toBe('DELETE');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/matches/m1/seats/germany/bot');
    expect(onInfo).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Datamaskinen spiller ikke den siden.');
  });

  it('offers no seat in the waiting room, none whose player is here, and one whose player just left only once the server would take it', async () => {
    // The waiting room of a public match: the creator (Germany) is on the invite page, the Allies' seat is empty.
    const waiting = info({
      you: { role: 'member', memberId: 'norway0', seat: 'norway', playerIDs: ['1'], holder: true, recoveryOut: false },
      seats: [seat('germany', ['0'], false, 1, null), seat('norway', ['1'], true), seat('allies', ['2'], false, 0, null)],
    });
    const { container: a } = wrap(<ComputerSeatControls matchID="m1" info={waiting} credentials="m_me" onInfo={() => {}} />);
    expect(a.textContent).toBe('');
    cleanup();
    // A running game: Germany is here, and the Allies' player left a moment ago (the server takes the seat in 5 s).
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const running = info({
        you: { role: 'member', memberId: 'norway0', seat: 'norway', playerIDs: ['1'], holder: true, recoveryOut: false },
        seats: [seat('germany', ['0'], true), seat('norway', ['1'], true), seat('allies', ['2'], false, 1, Date.now() + 5_000)],
      });
      const { container: b } = wrap(<ComputerSeatControls matchID="m1" info={running} credentials="m_me" onInfo={() => {}} />);
      expect(b.textContent).toBe('');
      await act(async () => void vi.advanceTimersByTime(4_000));
      expect(screen.queryByTestId('hand-over-allies')).toBeNull();
      await act(async () => void vi.advanceTimersByTime(1_100));
      expect(screen.getByTestId('hand-over-allies').textContent).toBe('Let the computer play The Allies');
      expect(screen.queryByTestId('hand-over-germany')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing to spectators, after the game, or when every other seat is here', () => {
    const { container: a } = wrap(
      <ComputerSeatControls matchID="m1" info={info({ you: { role: 'spectator' } })} credentials="v_x" onInfo={() => {}} />,
    );
    expect(a.textContent).toBe('');
    cleanup();
    const { container: b } = wrap(
      <ComputerSeatControls matchID="m1" info={info({ gameover: { winner: 'germany' } })} credentials="m_me" onInfo={() => {}} />,
    );
    expect(b.textContent).toBe('');
    cleanup();
    const here = info({ seats: [seat('germany', ['0'], true), seat('norway', ['1'], true), seat('allies', ['2'], true)] });
    const { container: c } = wrap(<ComputerSeatControls matchID="m1" info={here} credentials="m_me" onInfo={() => {}} />);
    expect(c.textContent).toBe('');
  });
});

describe('computerMarks', () => {
  it('marks each faction of a computer seat, thinking while one of its playerIDs is', () => {
    const two = info({
      plan: 'two',
      seats: [
        seat('germany', ['0'], true),
        { seat: 'norway+allies', playerIDs: ['1', '2'], claimed: false, connected: false, members: [], handOverAt: null },
      ],
      bots: { 'norway+allies': { strength: 'easy', reason: 'created', since: 1 } },
    });
    expect(computerMarks(two, { '2': true })).toEqual({
      norway: { strength: 'easy', thinking: true },
      allies: { strength: 'easy', thinking: true },
    });
    expect(computerMarks(two, { '2': false })).toEqual({
      norway: { strength: 'easy', thinking: false },
      allies: { strength: 'easy', thinking: false },
    });
    expect(computerMarks(null, {})).toEqual({});
  });
});

describe('OpponentChoices', () => {
  it('offers a person or the computer for every seat but mine, and keeps only this plan’s seats', () => {
    let bots: SeatBots = {};
    const onChange = vi.fn((b: SeatBots) => (bots = b));
    wrap(<OpponentChoices seats={['germany', 'norway', 'allies']} mine="germany" bots={bots} onChange={onChange} />);
    const selects = screen.getByTestId('opponents').querySelectorAll('select');
    expect(selects).toHaveLength(2);
    fireEvent.change(selects[0]!, { target: { value: 'easy' } });
    expect(bots).toEqual({ norway: 'easy' });
    // Switching to the two-player plan or to another own seat drops choices that no longer apply.
    expect(botsForPlan({ norway: 'easy', germany: 'easy' }, ['germany', 'norway+allies'], 'germany')).toEqual({});
    expect(botsForPlan({ norway: 'easy', allies: 'normal' }, ['germany', 'norway', 'allies'], 'norway')).toEqual({ allies: 'normal' });
  });
});

describe('public matches with computer seats', () => {
  it('counts a seat the computer plays as taken: no join button for it, its strength shown', async () => {
    const { PublicMatches } = await import('../src/lobby/PublicMatches');
    fetchMock.mockResolvedValue(
      reply(200, {
        matches: [
          {
            matchID: 'p1',
            plan: 'three',
            setupData: { ruleset: 'basic' },
            createdAt: 1,
            bots: { norway: { strength: 'easy', reason: 'created', since: 1 } },
            seats: [
              { seat: 'germany', playerIDs: ['0'], members: ['Greta'] },
              { seat: 'norway', playerIDs: ['1'], members: [] },
              { seat: 'allies', playerIDs: ['2'], members: [] },
            ],
          },
        ],
      }),
    );
    wrap(<PublicMatches navigate={() => {}} name="Ola" scenarios={[]} />);
    await screen.findByText(/1 free/i);
    expect(document.querySelector('[data-join-seat="allies"]')).not.toBeNull();
    expect(document.querySelector('[data-join-seat="norway"]')).toBeNull();
    expect(document.querySelector('[data-computer-seat="norway"]')?.textContent).toContain('computer (easy)');
  });
});
