// @vitest-environment jsdom
/** Chat of a blocked player is hidden to the blocker: the seats whose accounts they blocked, by playerID (fetch stubbed). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useHiddenSenders } from '../src/matchmaking/hidden-chat';
import { remember } from '../src/api';

function Probe({ matchID }: { matchID: string }) {
  const hidden = useHiddenSenders(matchID);
  return <p data-testid="hidden">{[...hidden].sort().join(',') || 'none'}</p>;
}

const reply = (status: number, body: unknown) => new Response(body === undefined ? '' : JSON.stringify(body), { status });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('hidden chat', () => {
  it("hides the seats of accounts the player blocked, asking the match's forecast with the member's credentials", async () => {
    remember('m1', {
      member: {
        matchID: 'm1',
        memberId: 'x',
        name: 'Ann',
        seat: 'germany',
        playerIDs: ['0'],
        role: 'holder',
        returning: false,
        credentials: 'm_secret',
      },
    });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/blocks') return reply(200, { blocked: [{ accountId: 'bob', since: 1 }] });
      if (url === '/api/matches/m1/forecast') {
        expect((init?.headers ?? {}) as Record<string, string>).toMatchObject({ authorization: 'Bearer m_secret' });
        return reply(200, {
          rated: true,
          seats: [
            { seat: 'germany', playerIDs: ['0'], accountId: 'ann', rating: 0, chance: 0.5 },
            { seat: 'norway+allies', playerIDs: ['1', '2'], accountId: 'bob', rating: 0, chance: 0.5 },
          ],
        });
      }
      return reply(404, { error: { code: 'not_found', message: 'no' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<Probe matchID="m1" />);
    await waitFor(() => expect(screen.getByTestId('hidden').textContent).toBe('1,2'));
  });

  it('hides nothing when nobody is signed in', async () => {
    const fetchMock = vi.fn(async () => reply(401, { error: { code: 'sign_in_required', message: 'Sign in.' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<Probe matchID="m2" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('hidden').textContent).toBe('none');
  });
});
