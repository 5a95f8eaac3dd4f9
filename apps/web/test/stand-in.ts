/** A match connection for component tests: each seat's own view of a real engine state, no socket. */
import { vi } from 'vitest';
import { PLAYER_OF_FACTION, viewFor, type Faction, type GameState } from '@kon/game';
import type { MatchConnection } from '../src/games/kon/game/connection';

export function standInConnection(G: GameState, seats: (Faction | null)[], makeMove = vi.fn()): MatchConnection {
  return {
    seats: seats.map((f, i) => ({ playerID: f ? PLAYER_OF_FACTION[f] : null, G: viewFor(G, f), ctx: {}, stateID: i + 1, connected: true })),
    connected: true,
    synced: true,
    chat: [],
    players: [],
    lastError: null,
    thinking: {},
    log: G.log,
    lobby: null,
    clock: null,
    // Decisions shown as they are; tests of the automatic pass turn it on.
    autopass: false,
    autopassAvailable: true,
    autopassSet: vi.fn(),
    skips: [],
    declineRepeated: vi.fn(async () => {}),
    makeMove,
    sendChat: vi.fn(),
  };
}
