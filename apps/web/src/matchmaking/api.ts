/** The match maker's, leaderboards' and profiles' routes (apps/server/src/matchmaker/routes.ts). */
import type { z } from 'zod';
import type { blockList, leaderboard, openTickets, playerProfile, ticket, ticketList, ticketRequest } from '@kon/protocol';
import { call } from '../api';

export type Ticket = z.output<typeof ticket>;
export type TicketRequest = z.input<typeof ticketRequest>;
export type OpenCount = z.output<typeof openTickets>['open'][number];
export type Leaderboard = z.output<typeof leaderboard>;
export type Profile = z.output<typeof playerProfile>;

/** Where the accounts' sign-in page is. */
export const SIGN_IN_PATH = '/account';

export const mmApi = {
  put: (body: TicketRequest) => call<Ticket>('POST', '/api/tickets', body),
  mine: () => call<z.output<typeof ticketList>>('GET', '/api/tickets').then((r) => r.tickets),
  cancel: (id: string) => call<void>('DELETE', `/api/tickets/${encodeURIComponent(id)}`),
  open: () => call<z.output<typeof openTickets>>('GET', '/api/tickets/open').then((r) => r.open),
  leaderboard: (game: string, variant?: string, side?: string) => {
    const q = new URLSearchParams({ ...(variant ? { variant } : {}), ...(side ? { side } : {}) }).toString();
    return call<Leaderboard>('GET', `/api/leaderboards/${encodeURIComponent(game)}${q ? `?${q}` : ''}`);
  },
  profile: (id: string) => call<Profile>('GET', `/api/profiles/${encodeURIComponent(id)}`),
  blocks: () => call<z.output<typeof blockList>>('GET', '/api/blocks').then((r) => r.blocked),
  block: (id: string) => call<void>('PUT', `/api/blocks/${encodeURIComponent(id)}`),
  unblock: (id: string) => call<void>('DELETE', `/api/blocks/${encodeURIComponent(id)}`),
};
