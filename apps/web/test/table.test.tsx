// @vitest-environment jsdom
/** The table around the game: presence per side, "your move" in the tab, My matches, seat sharing (fetch stubbed). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nContext, translate } from '../src/i18n';
import { remember, type Joined, type MatchInfo } from '../src/api';
import { awayFor, presenceByFaction } from '../src/games/kon/game/presence';
import { loadSignals, saveSignals, useYourMoveSignals, yourMoveTitle } from '../src/games/kon/game/yourMove';
import { MyMatches } from '../src/ui/MyMatches';
import { SeatSharing } from '../src/games/kon/ui/SeatSharing';
import { reply } from './fetch-reply';

const wrap = (ui: React.ReactNode) => (
  <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>{ui}</I18nContext.Provider>
);
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lobby = (over: Partial<MatchInfo> = {}): MatchInfo => ({
  matchID: 'm1',
  plan: 'two',
  setupData: { ruleset: 'basic' },
  gameover: null,
  visibility: 'private',
  createdAt: 0,
  updatedAt: 0,
  clock: { mode: 'none' },
  rematch: null,
  bots: {},
  spectatorsConnected: 0,
  seats: [
    {
      seat: 'germany',
      playerIDs: ['0'],
      claimed: true,
      connected: true,
      handOverAt: null,
      members: [{ id: 'g', name: 'Greta', joinedAt: 0, connected: true, role: 'holder', awaySince: null }],
    },
    {
      seat: 'norway+allies',
      playerIDs: ['1', '2'],
      claimed: true,
      connected: false,
      handOverAt: null,
      members: [
        { id: 'n', name: 'Nora', joinedAt: 0, connected: false, role: 'holder', awaySince: 1_000_000 },
        { id: 'k', name: 'Kari', joinedAt: 0, connected: false, role: 'co', awaySince: 1_300_000 },
      ],
    },
  ],
  you: { role: 'member', memberId: 'n', seat: 'norway+allies', playerIDs: ['1', '2'], holder: true, recoveryOut: false, coLink: null },
  ...over,
});

describe('presence', () => {
  it('gives each faction its seat members, online or away since the last of them left', () => {
    const p = presenceByFaction(lobby());
    expect(p.germany?.online).toBe(true);
    expect(p.germany?.awaySince).toBeNull();
    expect(p.norway?.online).toBe(false);
    expect(p.norway?.awaySince).toBe(1_300_000);
    expect(p.allies).toBe(p.norway);
    expect(presenceByFaction(null)).toEqual({});
  });
  it('says how long in minutes, hours, then days', () => {
    expect(awayFor(null, 5)).toBeNull();
    expect(awayFor(0, 59_000)).toEqual({ unit: 'min', n: 0 });
    expect(awayFor(0, 5 * 60_000)).toEqual({ unit: 'min', n: 5 });
    expect(awayFor(0, 3 * 3_600_000)).toEqual({ unit: 'h', n: 3 });
    expect(awayFor(0, 3 * 86_400_000)).toEqual({ unit: 'd', n: 3 });
    expect(translate('no', 'presence.awayFor.min', { n: 5 })).toBe('borte i 5 min');
  });
});

function Signals({ act: acting }: { act: boolean }) {
  useYourMoveSignals(acting, 'Your move', 'Move battalions', 'kon-m1');
  return null;
}

describe('your move', () => {
  it('marks the tab title and icon while this browser must act, and puts them back', () => {
    document.head.innerHTML = '<title>Kampen om Norge</title><link rel="icon" href="/favicon.svg">';
    const r = render(<Signals act={false} />);
    expect(document.title).toBe('Kampen om Norge');
    r.rerender(<Signals act />);
    expect(document.title).toBe(yourMoveTitle('Kampen om Norge', 'Your move'));
    expect(document.querySelector('link[rel=icon]')!.getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
    r.rerender(<Signals act={false} />);
    expect(document.title).toBe('Kampen om Norge');
    expect(document.querySelector('link[rel=icon]')!.getAttribute('href')).toBe('/favicon.svg');
    r.rerender(<Signals act />);
    r.unmount();
    expect(document.title).toBe('Kampen om Norge');
  });
  it('notifies only when the decision comes up with the tab hidden and notifications chosen', () => {
    const shown: unknown[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, opts: unknown) {
        shown.push([title, opts]);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    const r = render(<Signals act={false} />);
    r.rerender(<Signals act />);
    expect(shown).toEqual([]); // off by default
    r.rerender(<Signals act={false} />);
    act(() => saveSignals({ sound: false, notify: true }));
    expect(loadSignals()).toEqual({ sound: false, notify: true });
    r.rerender(<Signals act />);
    expect(shown).toEqual([['Your move', expect.objectContaining({ body: 'Move battalions', tag: 'kon-m1' })]]);
    r.rerender(<Signals act />); // the same decision: once
    expect(shown).toHaveLength(1);
    r.unmount();
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
  });
});

describe('my matches', () => {
  it("asks the server once for this browser's seats and shows whose move it is", async () => {
    const member = (id: string, seat: Joined['seat']): Joined => ({
      matchID: id,
      memberId: 'x',
      name: 'G',
      seat,
      playerIDs: seat === 'germany' ? ['0'] : ['1', '2'],
      role: 'holder',
      returning: false,
      credentials: `m_${id}`,
    });
    remember('a', { member: member('a', 'germany') });
    remember('b', { member: member('b', 'norway+allies') });
    remember('c', { spectatorToken: 'v_c' });
    remember('d', { member: member('d', 'germany') });
    const base = { plan: 'two', setupData: null, updatedAt: 1, round: 2, playerIDs: ['0'] };
    fetchMock.mockResolvedValue(
      reply(200, {
        matches: [
          {
            ...base,
            matchID: 'a',
            found: true,
            seat: 'germany',
            toMove: ['0'],
            yourMove: true,
            finished: false,
            winner: null,
            clock: {
              mode: 'correspondence',
              atZero: 'lose',
              decisionSeconds: 3600,
              remainingMs: { germany: 299_000 },
              running: 'germany',
              deadline: 299_001,
              flagged: [],
              serverNow: 1,
            },
          },
          { ...base, matchID: 'b', found: true, seat: 'norway+allies', toMove: ['0'], yourMove: false, finished: false, winner: null },
          { matchID: 'd', found: false },
        ].sort((x, y) => x.matchID.localeCompare(y.matchID)),
      }),
    );
    render(wrap(<MyMatches navigate={() => {}} />));
    await waitFor(() => expect(screen.getByTestId('my-matches').textContent).toContain('Your move'));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(
      JSON.parse(init.body)
        .matches.map((m: { matchID: string }) => m.matchID)
        .sort(),
    ).toEqual(['a', 'b', 'd']);
    const rows = screen.getByTestId('my-matches').querySelectorAll('tbody tr');
    const text = (id: string) => [...rows].find((r) => r.getAttribute('data-match') === id)!.textContent;
    expect(text('a')).toContain('4:59');
    expect(text('b')).toContain('waiting for Germany');
    expect(text('d')).toContain('no longer a member');
  });
});

describe('seat sharing', () => {
  it('the holder makes a co-commander link, shown once, and removes a co-commander', async () => {
    fetchMock.mockResolvedValueOnce(reply(201, { token: 'c_abc' })).mockResolvedValueOnce(reply(204));
    render(wrap(<SeatSharing matchID="m1" credentials="m_me" info={lobby()} />));
    fireEvent.click(screen.getByText('Make a co-commander link'));
    await waitFor(() =>
      expect((screen.getByTestId('co-link').querySelector('input') as HTMLInputElement).value).toMatch(/\/m\/m1\/join#c_abc$/),
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/matches/m1/seat/co-link');
    fireEvent.click(screen.getByText('Remove'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/matches/m1/members/k');
    expect(fetchMock.mock.calls[1]![1].method).toBe('DELETE');
  });
  it('a co-commander sees no co-commander controls, only the recovery link', () => {
    render(
      wrap(
        <SeatSharing
          matchID="m1"
          credentials="m_me"
          info={lobby({
            you: { role: 'member', memberId: 'k', seat: 'norway+allies', playerIDs: ['1', '2'], holder: false, recoveryOut: true },
          })}
        />,
      ),
    );
    expect(screen.queryByText('Make a co-commander link')).toBeNull();
    expect(screen.getByText('You have an unused link out. A new one replaces it.')).toBeTruthy();
  });
});
