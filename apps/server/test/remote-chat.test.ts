/**
 * A chat line from another process (REDIS_URL): the members who blocked its writer are looked up by
 * the writer (`sender`), not by the process the bus says sent it (`from`), and the line goes out
 * to every socket but theirs.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Envelope, MatchBus } from '../src/cluster/bus';
import { RemoteMatches } from '../src/transport/remote';

describe('a chat line from another process', () => {
  it('is withheld from those who blocked its writer', async () => {
    const blocked = new Set(['socket-of-bea']);
    const chatWithheld = vi.fn(async (_matchID: string, writer: string | undefined) =>
      writer === 'member-7' ? blocked : new Set<string>(),
    );
    const sendAll = vi.fn();
    const filter = () => undefined;
    const remote = new RemoteMatches(
      { games: [{ name: 'kampen-om-norge' }], chatWithheld } as never,
      { live: new Map() } as never,
      { sendAll, filterOf: () => filter } as never,
      {} as never,
    );
    let deliver: (m: Envelope) => void = () => undefined;
    remote.listen({ onMessage: (h: (m: Envelope) => void) => (deliver = h), onProcessGone: () => undefined } as unknown as MatchBus);
    const payload = { type: 'chat', args: ['m1', { id: 'c1', sender: '0', payload: 'hei' }] };
    deliver({ t: 'chat', matchID: 'm1', payload, gameName: 'kampen-om-norge', sender: 'member-7', from: 'process-b' });
    await vi.waitFor(() => expect(sendAll).toHaveBeenCalledTimes(1));
    expect(chatWithheld).toHaveBeenCalledWith('m1', 'member-7');
    expect(sendAll).toHaveBeenCalledWith('m1', payload, filter, blocked);
  });
});
