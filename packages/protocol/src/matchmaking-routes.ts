/** The match maker's and the ratings' routes of the HTTP API (apps/server/src/matchmaker/routes.ts), part of the route table. */
import { blockList, leaderboard, leaderboardQuery, openTickets, playerProfile, ticket, ticketList, ticketRequest } from './matchmaking';
import { common, noContent, withBody } from './route-parts';
import type { Route } from './route-type';

export const MATCHMAKING_ROUTES: Route[] = [
  {
    method: 'post',
    path: '/api/tickets',
    summary: 'Look for opponents: a ticket, matched at once when others fit it (needs a signed-in account)',
    body: ticketRequest,
    responses: { 201: ticket },
    errors: [...common, ...withBody, 'sign_in_required', 'no_such_game', 'no_such_plan', 'no_such_seat', 'too_many_tickets'],
  },
  {
    method: 'get',
    path: '/api/tickets',
    summary: 'Your tickets: open ones and those closed in the last day (needs a signed-in account)',
    responses: { 200: ticketList },
    errors: [...common, 'sign_in_required'],
  },
  {
    method: 'get',
    path: '/api/tickets/open',
    summary: 'How many are looking for a match, by game, set-up, plan and pace',
    responses: { 200: openTickets },
    errors: common,
  },
  {
    method: 'delete',
    path: '/api/tickets/{id}',
    summary: 'Cancel your open ticket',
    responses: { 204: noContent },
    errors: [...common, 'sign_in_required', 'not_found', 'ticket_closed'],
  },
  {
    method: 'get',
    path: '/api/blocks',
    summary: 'The players you blocked (never matched with you; their chat hidden to you)',
    responses: { 200: blockList },
    errors: [...common, 'sign_in_required'],
  },
  {
    method: 'put',
    path: '/api/blocks/{account}',
    summary: 'Block a player',
    responses: { 204: noContent },
    errors: [...common, 'sign_in_required', 'not_found', 'cannot_block_self'],
  },
  {
    method: 'delete',
    path: '/api/blocks/{account}',
    summary: 'Unblock a player',
    responses: { 204: noContent },
    errors: [...common, 'sign_in_required', 'not_found'],
  },
  {
    method: 'get',
    path: '/api/leaderboards/{game}',
    summary: "A game's leaderboard (Kampen om Norge: per ruleset family and side)",
    query: leaderboardQuery,
    responses: { 200: leaderboard },
    errors: [...common, 'not_found', 'invalid_query'],
  },
  {
    method: 'get',
    path: '/api/profiles/{account}',
    summary: "A player's ratings, games, reliability and recent matches",
    responses: { 200: playerProfile },
    errors: [...common, 'not_found'],
  },
];
