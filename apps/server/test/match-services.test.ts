/**
 * The server's services plug in through one ordered list (src/matches/match-services.ts): every hook runs for
 * each service in the list's order, one service's failure never keeps the next from hearing, the
 * first refusal of a player's move wins, and neither the list nor the transport lets a service
 * replace another.
 */
import { describe, expect, it } from 'vitest';
import { MatchServices, type MatchService } from '../src/matches/match-services';
import { createLogger } from '../src/core/log';
import { HardenedTransport, type MoveCommitted, type TransportOptions } from '../src/transport';

const event = {
  matchID: 'm',
  gameName: 'g',
  playerID: '0',
  by: 'player',
  move: { type: 'x', args: [] },
  state: {},
} as unknown as MoveCommitted;

function recording(names: string[], heard: string[], over: Record<string, Partial<MatchService>> = {}): MatchService[] {
  return names.map((name) => ({
    name,
    moveStored: () => void heard.push(`${name} move`),
    matchCreated: () => void heard.push(`${name} created`),
    rosterChanged: () => void heard.push(`${name} roster`),
    memberLeft: () => void heard.push(`${name} left`),
    ...over[name],
  }));
}

describe('the service list', () => {
  it("calls every hook of every service in the list's order", () => {
    const heard: string[] = [];
    const s = new MatchServices(recording(['clocks', 'bots', 'autopass'], heard));
    s.moveStored(event);
    s.matchCreated('m');
    s.rosterChanged('m', {} as never);
    s.memberLeft('m', 'member');
    expect(heard).toEqual([
      'clocks move',
      'bots move',
      'autopass move',
      'clocks created',
      'bots created',
      'autopass created',
      'clocks roster',
      'bots roster',
      'autopass roster',
      'clocks left',
      'bots left',
      'autopass left',
    ]);
  });

  it('tells the next service even when one throws, and logs which one failed', () => {
    const heard: string[] = [];
    const lines: string[] = [];
    const log = createLogger('error', {}, (line) => lines.push(line));
    const s = new MatchServices(
      recording(['clocks', 'bots'], heard, {
        clocks: {
          moveStored: () => {
            throw new Error('boom');
          },
        },
      }),
      log,
    );
    s.moveStored(event);
    expect(heard).toEqual(['bots move']);
    expect(lines.join('\n')).toMatch(/match service failed.*clocks|clocks.*match service failed/);
  });

  it('asks every guard in order until one refuses, and waits for every hold', async () => {
    const asked: string[] = [];
    const s = new MatchServices([
      { name: 'a', guardPlayerMove: async () => (asked.push('a'), null) },
      { name: 'b', guardPlayerMove: async () => (asked.push('b'), { code: 'seat_is_computer', message: 'no' }) },
      { name: 'c', guardPlayerMove: async () => (asked.push('c'), null) },
      { name: 'd', holdPlayerMove: async () => void asked.push('hold d') },
      { name: 'e', holdPlayerMove: async () => void asked.push('hold e') },
    ]);
    expect(await s.guardPlayerMove('m', '0')).toEqual({ code: 'seat_is_computer', message: 'no' });
    await s.holdPlayerMove('m', '0', 1, { type: 'pass', args: [] });
    expect(asked).toEqual(['a', 'b', 'hold d', 'hold e']);
    expect(await new MatchServices([]).guardPlayerMove('m', '0')).toBeNull();
  });

  it('refuses a service listed twice, and the transport a second list', () => {
    expect(() => new MatchServices(recording(['bots', 'clocks', 'bots'], []))).toThrow(/bots is listed twice/);
    const transport = new HardenedTransport({ log: createLogger('silent') } as unknown as TransportOptions);
    transport.useServices(new MatchServices(recording(['bots'], [])));
    expect(() => transport.useServices(new MatchServices(recording(['autopass'], [])))).toThrow(/has its services already/);
  });
});
