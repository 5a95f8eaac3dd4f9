// @vitest-environment jsdom
/**
 * The find-an-opponent page's polling of its own tickets (fetch stubbed, fake timers): a failed look
 * neither forgets the open ticket nor stops the polling, so its match is still announced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useMyTickets } from '../src/matchmaking/useMyTickets';
import { apiError, reply } from './fetch-reply';

const open = {
  id: 't1',
  game: 'kampen-om-norge',
  setup: 'advanced',
  plan: 'two',
  sides: ['germany'],
  pace: 'fast',
  rated: true,
  ratingWindow: null,
  minReliability: null,
  status: 'open',
  createdAt: 1,
  expiresAt: 2,
  matchID: null,
  seat: null,
};
const matched = { ...open, status: 'matched', matchID: 'm9', seat: 'germany' };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the hook's pending fetch settle and React apply what it set. */
const settle = () => act(async () => {});
const nextPoll = () => act(async () => vi.advanceTimersByTimeAsync(3_000));

describe('useMyTickets', () => {
  it('keeps polling through a failed look and announces the match when it comes', async () => {
    fetchMock
      .mockResolvedValueOnce(reply(200, { tickets: [open] }))
      .mockResolvedValueOnce(apiError(503, 'unavailable'))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(reply(200, { tickets: [matched] }));
    const { result } = renderHook(() => useMyTickets());
    await settle();
    expect(result.current.tickets?.map((t) => t.status)).toEqual(['open']);

    await nextPoll();
    expect(result.current.tickets?.map((t) => t.status)).toEqual(['open']);
    expect(result.current.signedOut).toBe(false);
    await nextPoll();
    expect(result.current.tickets?.map((t) => t.status)).toEqual(['open']);
    expect(result.current.justMatched).toBeNull();

    await nextPoll();
    expect(result.current.justMatched?.matchID).toBe('m9');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('announces a match first seen matched without its match, then with it', async () => {
    // The match maker pairs the tickets first and makes the match after: a look can fall between.
    const pairing = { ...matched, matchID: null, seat: null };
    fetchMock
      .mockResolvedValueOnce(reply(200, { tickets: [open] }))
      .mockResolvedValueOnce(reply(200, { tickets: [pairing] }))
      .mockResolvedValueOnce(reply(200, { tickets: [matched] }));
    const { result } = renderHook(() => useMyTickets());
    await settle();
    await nextPoll();
    expect(result.current.justMatched).toBeNull();
    await nextPoll();
    expect(result.current.justMatched?.matchID).toBe('m9');
  });

  it('stops polling once nothing waits, and shows a signed-out page on 401', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { tickets: [matched] }));
    const { result } = renderHook(() => useMyTickets());
    await settle();
    await nextPoll();
    await nextPoll();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A match seen only after it was made is not "just matched": the page was not there to wait for it.
    expect(result.current.justMatched).toBeNull();

    fetchMock.mockResolvedValueOnce(apiError(401, 'signed_out'));
    await act(async () => result.current.load());
    expect(result.current.signedOut).toBe(true);
    expect(result.current.tickets).toEqual([]);
  });

  it('an empty first look after a failure still lets a new ticket be polled', async () => {
    fetchMock.mockResolvedValueOnce(apiError(500, 'internal')).mockResolvedValue(reply(200, { tickets: [open] }));
    const { result } = renderHook(() => useMyTickets());
    await settle();
    expect(result.current.tickets).toEqual([]);
    await act(async () => result.current.load());
    expect(result.current.tickets?.map((t) => t.status)).toEqual(['open']);
    await nextPoll();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
