// @vitest-environment jsdom
/**
 * The match page in the waiting room: the top bar says the match waits for players (not a round and
 * a turn nobody can take yet), and nobody is offered another's seat for the computer. The socket
 * connection is stubbed with the state and lobby view the server sends a player who just joined.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { remember, type MatchInfo } from '../src/api';
import { I18nContext, translate } from '../src/i18n';
import { MatchPage } from '../src/games/kon/MatchPage';

const G = { round: 1, turn: 'germany', phase: 'movement', april9: null, result: null };
let lobby: MatchInfo;
vi.mock('../src/games/kon/game/connection', () => ({
  useMatchConnection: () => ({
    seats: [{ playerID: '1', G, ctx: {}, stateID: 1, connected: true }],
    connected: true,
    synced: true,
    chat: [],
    players: [],
    lastError: null,
    thinking: {},
    log: [],
    lobby,
    clock: null,
    makeMove: () => true,
    sendChat: () => {},
  }),
}));

const member = (id: string, connected: boolean) => ({ id, name: id, joinedAt: 0, role: 'holder' as const, connected, awaySince: null });
/** A public match: its creator (Germany) waits on the invite page; a stranger just joined Norway; the Allies' seat is free. */
const waiting = (): MatchInfo => ({
  matchID: 'm1',
  plan: 'three',
  setupData: { ruleset: 'basic' },
  gameover: null,
  visibility: 'private',
  createdAt: 0,
  updatedAt: 0,
  clock: { mode: 'none' },
  rematch: null,
  seats: [
    { seat: 'germany', playerIDs: ['0'], connected: false, members: [member('creator', false)], claimed: true, handOverAt: null },
    { seat: 'norway', playerIDs: ['1'], connected: true, members: [member('stranger', true)], claimed: true, handOverAt: null },
    { seat: 'allies', playerIDs: ['2'], claimed: false, connected: false, members: [], handOverAt: null },
  ],
  spectatorsConnected: 0,
  bots: {},
  you: { role: 'member', memberId: 'stranger', seat: 'norway', playerIDs: ['1'], holder: true, recoveryOut: false },
});

beforeEach(() => {
  lobby = waiting();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, status: 200, statusText: '200', text: async () => JSON.stringify(lobby) })),
  );
  remember('m1', {
    member: {
      matchID: 'm1',
      memberId: 'stranger',
      name: 'stranger',
      seat: 'norway',
      playerIDs: ['1'],
      role: 'holder',
      returning: false,
      credentials: 'm_stranger',
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function page(lang: 'en' | 'no') {
  render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>
      <MatchPage matchID="m1" spectator={false} navigate={() => {}} />
    </I18nContext.Provider>,
  );
  await act(async () => {});
}

describe('the waiting room', () => {
  it('says it waits for players in the top bar, in both languages, and offers no seat to the computer', async () => {
    await page('en');
    expect(screen.getByTestId('waiting-room')).toBeTruthy();
    expect(screen.getByTestId('match-status').textContent).toBe('Waiting for players');
    expect(document.querySelector('[data-testid^="hand-over-"]')).toBeNull();
    cleanup();
    await page('no');
    expect(screen.getByTestId('match-status').textContent).toBe('Venter på spillere');
    expect(document.querySelector('[data-testid^="hand-over-"]')).toBeNull();
  });
});
