// @vitest-environment jsdom
/** "You: <name>": rename and leave through the lobby API (fetch stubbed), in plain words when it fails. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemberMenu, nameProblem } from '../src/games/kon/ui/MemberMenu';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { remember, remembered, type Joined } from '../src/api';
import { apiError, reply } from './fetch-reply';

const member: Joined = {
  matchID: 'm1',
  memberId: 'mem1',
  name: 'Greta',
  seat: 'germany',
  playerIDs: ['0'],
  role: 'holder',
  returning: false,
  credentials: 'm_secret',
};
const links = { seats: [{ seat: 'germany' as const, playerIDs: ['0'], token: 's_x' }], spectator: 'v_x' };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  remember('m1', { member, links });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(props: Partial<Parameters<typeof MemberMenu>[0]> = {}, lang: Lang = 'en') {
  const onRenamed = vi.fn();
  const onLeft = vi.fn();
  render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>
      <MemberMenu matchID="m1" credentials="m_secret" name="Greta" onRenamed={onRenamed} onLeft={onLeft} {...props} />
    </I18nContext.Provider>,
  );
  return { onRenamed, onLeft };
}
const flush = () => act(async () => {});
const open = () => fireEvent.click(screen.getByTestId('member-menu'));
const nameInput = () => document.querySelector('input[name="member-name"]') as HTMLInputElement;

describe('nameProblem', () => {
  it('follows the server rule: 1–32 characters after trimming, no control characters', () => {
    expect(nameProblem('  Kari ')).toBeNull();
    expect(nameProblem('   ')).toBe('empty');
    expect(nameProblem('x'.repeat(33))).toBe('long');
    expect(nameProblem('Ka\nri')).toBe('control');
    expect(nameProblem('Ærlig Østby')).toBeNull();
  });
});

describe('MemberMenu', () => {
  it('shows "You: <name>", opens with the name focused, and closes on Escape back to the button', () => {
    show();
    const toggle = screen.getByTestId('member-menu');
    expect(toggle.textContent).toContain('You:');
    expect(toggle.textContent).toContain('Greta');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    open();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(nameInput());
    expect(nameInput().value).toBe('Greta');
    fireEvent.keyDown(nameInput(), { key: 'Escape' });
    expect(nameInput()).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('renames with the member credentials and reports the new name', async () => {
    const info = { matchID: 'm1', seats: [], you: { role: 'member' } };
    fetchMock.mockResolvedValue(reply(200, info));
    const { onRenamed } = show();
    open();
    const save = screen.getByText('Save the name').closest('button')!;
    expect(save.disabled).toBe(true); // unchanged
    fireEvent.change(nameInput(), { target: { value: '  Kari  ' } });
    expect(save.disabled).toBe(false);
    fireEvent.submit(nameInput().form!);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/matches/m1/members/me');
    expect(init.method).toBe('PATCH');
    expect(init.headers.authorization).toBe('Bearer m_secret');
    expect(JSON.parse(init.body)).toEqual({ name: 'Kari' });
    expect(onRenamed).toHaveBeenCalledWith('Kari', info);
    expect(screen.getByRole('status').textContent).toBe('Name changed.');
  });

  it('does not send an empty name, and shows API and network failures in plain words', async () => {
    show({}, 'no');
    open();
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    expect(screen.getByText('Lagre navnet').closest('button')!.disabled).toBe(true);
    fireEvent.submit(nameInput().form!);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Navnet må ha 1–32 tegn, uten spesialtegn som linjeskift.');

    fireEvent.change(nameInput(), { target: { value: 'Kari' } });
    fetchMock.mockResolvedValueOnce(apiError(429, 'rate_limited'));
    fireEvent.submit(nameInput().form!);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('For mange forsøk fra denne adressen på kort tid; prøv igjen om 1 min.');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.submit(nameInput().form!);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Fikk ikke kontakt med serveren. Sjekk nettet og prøv igjen.');
    expect(screen.getByRole('alert').textContent).not.toContain('server words');
  });

  it('leaves only after confirmation, forgets the credentials (not the invite links) and goes on', async () => {
    fetchMock.mockResolvedValue(reply(204));
    const { onLeft } = show();
    open();
    fireEvent.click(screen.getByText('Leave the match'));
    // A confirmation first, focused on its button; Cancel (or Escape) goes back without leaving.
    expect(screen.getByTestId('leave-confirm')).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-action')).toBe('confirm-leave');
    fireEvent.click(screen.getByText('Cancel'));
    expect(screen.queryByTestId('leave-confirm')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('Leave the match'));
    fireEvent.click(screen.getByText('Yes, leave the match'));
    await flush();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/matches/m1/members/me');
    expect(init.method).toBe('DELETE');
    expect(init.headers.authorization).toBe('Bearer m_secret');
    expect(onLeft).toHaveBeenCalledTimes(1);
    expect(remembered('m1')?.member).toBeUndefined();
    expect(remembered('m1')?.links).toEqual(links);
  });

  it('a failed leave keeps the seat and says why; credentials the server no longer knows are forgotten', async () => {
    fetchMock.mockResolvedValueOnce(apiError(503, 'shutting_down'));
    const first = show();
    open();
    fireEvent.click(screen.getByText('Leave the match'));
    fireEvent.click(screen.getByText('Yes, leave the match'));
    await flush();
    expect(first.onLeft).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The server is restarting. Try again in a moment.');
    expect(remembered('m1')?.member?.credentials).toBe('m_secret');

    fetchMock.mockResolvedValueOnce(apiError(403, 'not_a_member'));
    fireEvent.click(screen.getByText('Yes, leave the match'));
    await flush();
    expect(first.onLeft).toHaveBeenCalledTimes(1);
    expect(remembered('m1')?.member).toBeUndefined();
  });
});
