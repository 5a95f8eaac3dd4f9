// @vitest-environment jsdom
/**
 * A finished Deres uenighet match offers its members Kampen om Norge's rematch (one click, the
 * platform's POST /api/matches/:id/rematch), and only then: not while the game runs, not to a
 * spectator. The page follows the new match with the member's credentials remembered under it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { viewFor, type DeresState } from '@kon/deres';
import { deresModule } from '@kon/deres/module';
import { DeresBoard } from '../src/games/deres/DeresBoard';
import { ModuleRematch } from '../src/games/ModuleRematch';
import { remembered, type Joined } from '../src/api';
import { pastApi } from '../src/replay/api';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { table } from '../../../packages/deres/test/helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const member: Joined = {
  matchID: 'old1',
  game: 'deres-uenighet',
  memberId: 'm0',
  name: 'Ada',
  seat: 'player1',
  playerIDs: ['0'],
  role: 'holder',
  returning: false,
  credentials: 'cred-ada',
} as Joined;

function state(over: boolean): DeresState {
  const G = table({
    nations: ['gul', 'rod'],
    capitals: [
      { x: 0, y: 7 },
      { x: 9, y: 7 },
    ],
  });
  if (over) G.result = { reason: 'conquest', winner: '0', ranking: ['0', '1'] };
  return G;
}

function show(G: DeresState, who: Joined | undefined, opts: { lang?: Lang; existing?: string | null } = {}) {
  const lang = opts.lang ?? 'en';
  const navigate = vi.fn();
  const t = (k: string, p?: Record<string, string | number>) => translate(lang, k, p);
  render(
    <I18nContext.Provider value={{ lang, t, setLang: () => {} }}>
      <DeresBoard
        G={viewFor(G, who ? '0' : null)}
        ctx={undefined}
        playerID={who ? '0' : null}
        move={vi.fn()}
        module={deresModule}
        matchID="old1"
        token={who?.credentials}
        afterGame={<ModuleRematch matchID="old1" member={who} existing={opts.existing ?? null} navigate={navigate} />}
      />
    </I18nContext.Provider>,
  );
  return { navigate };
}
const button = () => document.querySelector<HTMLButtonElement>('[data-action="rematch"]');

describe('the rematch of a Deres uenighet match', () => {
  it('is not offered while the game runs', () => {
    show(state(false), member);
    expect(button()).toBeNull();
  });

  it('is not offered to a spectator of a finished game', () => {
    show(state(true), undefined);
    expect(screen.getByTestId('deres-result')).toBeTruthy();
    expect(button()).toBeNull();
  });

  it('is one click for a member once the game is over: the API starts it and the page follows', async () => {
    const call = vi.spyOn(pastApi, 'rematch').mockResolvedValue({ matchID: 'new1' });
    const { navigate } = show(state(true), member);
    const b = button()!;
    expect(b.textContent).toBe('Rematch');
    // Kampen om Norge's replay viewer and record do not read this game: not offered.
    expect(document.querySelector('[data-action="replay"]')).toBeNull();
    expect(document.querySelector('[data-action="download"]')).toBeNull();
    fireEvent.click(b);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/m/new1'));
    expect(call).toHaveBeenCalledWith('old1', 'cred-ada');
    expect(remembered('new1')?.member).toMatchObject({ matchID: 'new1', credentials: 'cred-ada', playerIDs: ['0'] });
  });

  it('takes a member to a rematch already started, in Norwegian too, without starting another', async () => {
    const call = vi.spyOn(pastApi, 'rematch');
    const { navigate } = show(state(true), member, { lang: 'no', existing: 'new2' });
    expect(button()!.textContent).toBe('Til revansjen');
    fireEvent.click(button()!);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/m/new2'));
    expect(call).not.toHaveBeenCalled();
  });

  it('tells the member when the server refuses it', async () => {
    vi.spyOn(pastApi, 'rematch').mockRejectedValue(new Error('409'));
    const { navigate } = show(state(true), member);
    fireEvent.click(button()!);
    await screen.findByText('The rematch could not be set up.');
    expect(navigate).not.toHaveBeenCalled();
  });
});
