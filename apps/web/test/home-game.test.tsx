// @vitest-environment jsdom
/**
 * The home page and the create form describe the game chosen, in both languages: with Deres uenighet
 * chosen nothing on them speaks of Kampen om Norge's invasion; a solo Deres match (every other seat the
 * computer's) goes straight to the game, and a Deres match's invite page names Deres in its top bar.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { GameInfo } from '../src/api';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { ModuleCreate } from '../src/lobby/ModuleCreate';
import { InvitePage } from '../src/lobby/InvitePage';
import { reply } from './fetch-reply';

const KON: GameInfo = {
  id: 'kampen-om-norge',
  name: { no: 'Kampen om Norge', en: 'Kampen om Norge' },
  summary: { no: 'Invasjonen av Norge i 1940.', en: 'The invasion of Norway, 1940.' },
  players: { min: 2, max: 3 },
  bots: ['easy'],
  atZero: ['pass', 'lose'],
  plans: [{ plan: 'three', seats: ['germany', 'norway', 'allies'] }],
};
const DERES: GameInfo = {
  id: 'deres-uenighet',
  name: { no: 'Deres uenighet', en: 'Their Disagreement' },
  summary: { no: 'Alle mot alle med hemmelige ordre.', en: 'All against all by secret orders.' },
  players: { min: 2, max: 4 },
  bots: ['easy', 'normal'],
  atZero: ['pass'],
  plans: [{ plan: 'two', seats: ['player1', 'player2'] }],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/games') return reply(200, { games: [KON, DERES] });
    if (url === '/api/scenarios') return reply(200, { scenarios: [] });
    return reply(404, { error: { code: 'not_found', message: 'not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (node: React.ReactNode, lang: Lang = 'en') =>
  render(<I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{node}</I18nContext.Provider>);

async function home(lang: Lang) {
  vi.resetModules();
  localStorage.setItem('kon.lang', lang);
  window.history.replaceState(null, '', '/');
  const { App } = await import('../src/App');
  render(<App />);
  await screen.findByTestId('game-choice');
}

describe('the home page describes the chosen game', () => {
  for (const lang of ['en', 'no'] as const)
    it(`Kampen om Norge first, then Deres uenighet once chosen (${lang})`, async () => {
      await home(lang);
      const hero = () => screen.getByTestId('home-hero');
      expect(hero().dataset.game).toBe('kampen-om-norge');
      expect(hero().textContent).toContain(translate(lang, 'app.tagline'));
      fireEvent.click(document.querySelector('input[name="game"][value="deres-uenighet"]')!);
      expect(hero().dataset.game).toBe('deres-uenighet');
      expect(hero().querySelector('h1')!.textContent).toBe(DERES.name[lang]);
      expect(hero().textContent).toContain(translate(lang, 'games.about.deres-uenighet'));
      // Nothing of the first game's description is left.
      for (const key of ['app.tagline', 'home.intro', 'home.about']) expect(hero().textContent).not.toContain(translate(lang, key));
      // The create form is the chosen game's, and says what the game is.
      const form = document.querySelector('form.create-form[data-game="deres-uenighet"]')!;
      expect(form.querySelector('h2')!.textContent).toContain(DERES.name[lang]);
      expect(screen.getByTestId('create-summary').textContent).toContain(DERES.summary[lang]);
    }, 30_000); // imports the whole App afresh
});

describe('after creating a Deres match', () => {
  it('goes straight to the game when the computer plays every other seat', async () => {
    fetchMock
      .mockResolvedValueOnce(
        reply(201, { matchID: 'm1', links: { seats: [{ seat: 'player1', playerIDs: ['0'], token: 'seat-tok' }], spectator: 'spec' } }),
      )
      .mockResolvedValueOnce(reply(201, { memberId: 'a', credentials: 'cred', playerIDs: ['0'], seat: 'player1', name: 'Ada' }));
    const navigate = vi.fn();
    wrap(<ModuleCreate game={DERES} navigate={navigate} />);
    fireEvent.change(screen.getByTestId('opponents').querySelector('select')!, { target: { value: 'easy' } });
    fireEvent.change(document.querySelector('input[name="name"]')!, { target: { value: 'Ada' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toMatchObject({ bots: { player2: 'easy' } });
    expect(navigate).toHaveBeenCalledWith('/m/m1');
  });

  it('shows an invite page, for people to invite, with Deres in its top bar', async () => {
    localStorage.setItem(
      'kon.matches',
      JSON.stringify({
        m2: {
          matchID: 'm2',
          game: 'deres-uenighet',
          createdAt: 0,
          links: { seats: [{ seat: 'player2', playerIDs: ['1'], token: 't2' }], spectator: 's' },
        },
      }),
    );
    wrap(<InvitePage matchID="m2" navigate={() => {}} prefetch={() => {}} />, 'no');
    await act(async () => {});
    const brand = document.querySelector('.topbar .brand')!;
    expect(brand.textContent).toBe('Deres uenighet');
  });
});
