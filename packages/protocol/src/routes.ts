/**
 * Every route of the HTTP API: method, path, what it takes and what it answers by status. The
 * OpenAPI document is generated from this table (openapi.ts) and the server's test calls each route.
 */
import { z } from 'zod';
import { ERRORS, type ErrorCode } from './errors';
import { common, noContent, withBody } from './route-parts';
import type { Route } from './route-type';
import { errorCode } from './socket';
import {
  createdMatch,
  createMatchRequest,
  gameList,
  joined,
  joinRequest,
  logEntries,
  logQuery,
  matchInfo,
  myMatches,
  myMatchesRequest,
  publicMatches,
  recoverRequest,
  renameRequest,
  scenarioList,
  tokenResponse,
} from './lobby';
import {
  deviceLink,
  deviceList,
  deviceListRequest,
  deviceListWritten,
  pushInfo,
  pushRemoveRequest,
  pushRequest,
  redeemed,
  redeemRequest,
} from './devices';
import {
  autopassInfo,
  autopassRequest,
  boardAt,
  boardQuery,
  clockResponse,
  gameRecord,
  handOverRequest,
  health,
  notificationInfo,
  notificationRequest,
  rematchResponse,
} from './match-extras';
import { ACCOUNT_ROUTES } from './account-routes';
import { matchForecast } from './matchmaking';
import { MATCHMAKING_ROUTES } from './matchmaking-routes';

/**
 * Every refusal: `{ error: { code, message } }`, with the fields that were wrong for invalid_body and,
 * for a code the table marks `wait` (a limit), the seconds to wait (also sent as Retry-After).
 */
export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    retryAfter: z.number().int().positive().optional(),
  }),
});

export { noContent } from './route-parts';

export type { Method, Route } from './route-type';

const watch: ErrorCode[] = ['bad_authorization', 'not_found'];
const member: ErrorCode[] = [...watch, 'not_a_member'];

export const ROUTES: Route[] = [
  {
    method: 'get',
    path: '/healthz',
    summary: 'Whether the server and its store answer',
    responses: { 200: health, 503: health },
    errors: [],
  },
  {
    method: 'get',
    path: '/api/games',
    summary: 'The games this server hosts, the default first',
    responses: { 200: gameList },
    errors: common,
  },
  {
    method: 'get',
    path: '/api/scenarios',
    summary: 'The scenarios matches may be created with',
    responses: { 200: scenarioList },
    errors: common,
  },
  {
    method: 'get',
    path: '/api/matches',
    summary: 'Public matches not yet over, newest first',
    responses: { 200: publicMatches },
    errors: common,
  },
  {
    method: 'post',
    path: '/api/matches',
    summary: 'Create a match; answers its invite links once',
    body: createMatchRequest,
    responses: { 201: createdMatch },
    errors: [...common, ...withBody, 'no_such_seat', 'bot_unavailable', 'no_such_game', 'no_such_lesson', 'lesson_brings_its_own'],
  },
  {
    method: 'get',
    path: '/api/matches/{id}',
    summary: 'A match as the caller may see it',
    auth: 'optional',
    responses: { 200: matchInfo },
    errors: [...common, ...watch],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/log',
    summary: "The game's public log from entry `from` on",
    auth: 'optional',
    query: logQuery,
    responses: { 200: logEntries },
    errors: [...common, ...watch, 'invalid_query'],
  },
  {
    method: 'post',
    path: '/api/matches/{id}/join',
    summary: 'Take a seat by its link, a co-commander link, or a free seat of a public match',
    body: joinRequest,
    responses: { 201: joined },
    errors: [
      ...common,
      ...withBody,
      'not_found',
      'bad_seat_token',
      'no_such_seat',
      'seat_required',
      'game_over',
      'seat_is_computer',
      'seat_taken',
      'seat_full',
      'already_member',
      'no_holder',
      'match_busy',
    ],
  },
  {
    method: 'patch',
    path: '/api/matches/{id}/members/me',
    summary: 'Change your display name',
    auth: 'required',
    body: renameRequest,
    responses: { 200: matchInfo },
    errors: [...common, ...withBody, ...member, 'match_busy'],
  },
  {
    method: 'delete',
    path: '/api/matches/{id}/members/me',
    summary: 'Leave the match',
    auth: 'required',
    responses: { 204: noContent },
    errors: [...common, ...member, 'match_busy'],
  },
  {
    method: 'post',
    path: '/api/matches/{id}/members/me/recovery',
    summary: 'A one-time link that opens your seat on another device',
    auth: 'required',
    responses: { 201: tokenResponse },
    errors: [...common, ...member, 'match_busy'],
  },
  {
    method: 'post',
    path: '/api/matches/{id}/recover',
    summary: 'Take your seat on this device with a recovery link',
    body: recoverRequest,
    responses: { 201: joined },
    errors: [...common, ...withBody, 'not_found', 'already_member', 'match_busy'],
  },
  {
    method: 'post',
    path: '/api/matches/{id}/seat/co-link',
    summary: "The seat holder's link for co-commanders (a new one replaces the old)",
    auth: 'required',
    responses: { 201: tokenResponse },
    errors: [...common, ...member, 'not_holder', 'match_busy'],
  },
  {
    method: 'delete',
    path: '/api/matches/{id}/seat/co-link',
    summary: "Revoke the holder's co-commander link",
    auth: 'required',
    responses: { 204: noContent },
    errors: [...common, ...member, 'not_holder', 'match_busy'],
  },
  {
    method: 'delete',
    path: '/api/matches/{id}/members/{memberId}',
    summary: 'The holder removes a co-commander of their seat',
    auth: 'required',
    responses: { 204: noContent },
    errors: [...common, ...member, 'not_holder', 'no_such_member', 'cannot_remove_self', 'match_busy'],
  },
  {
    method: 'post',
    path: '/api/my-matches',
    summary: 'A short status of several matches, each with its own credentials',
    body: myMatchesRequest,
    responses: { 200: myMatches },
    errors: [...common, ...withBody],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/board',
    summary: "The spectators' view of the board right after log entry `entry`",
    auth: 'optional',
    query: boardQuery,
    responses: { 200: boardAt },
    errors: [...common, ...watch, 'invalid_query', 'no_such_entry'],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/record',
    summary: 'The record of a finished game',
    auth: 'optional',
    responses: { 200: gameRecord },
    errors: [...common, ...watch, 'not_over'],
  },
  {
    method: 'post',
    path: '/api/matches/{id}/rematch',
    summary: 'Start (or find) the rematch of a finished game',
    auth: 'required',
    responses: { 201: rematchResponse },
    errors: [...common, ...member, 'not_over', 'match_busy'],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/clock',
    summary: "The match's clock",
    auth: 'optional',
    responses: { 200: clockResponse },
    errors: [...common, ...watch],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/notifications',
    summary: 'Your own "your move" notification settings',
    auth: 'required',
    responses: { 200: notificationInfo },
    errors: [...common, ...member],
  },
  {
    method: 'put',
    path: '/api/matches/{id}/notifications',
    summary: 'Replace your notification settings',
    auth: 'required',
    body: notificationRequest,
    responses: { 200: notificationInfo },
    errors: [...common, ...withBody, ...member, 'email_off', 'webhook_refused'],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/notifications/push',
    summary: "This server's push key and your devices with push on",
    auth: 'required',
    responses: { 200: pushInfo },
    errors: [...common, ...member],
  },
  {
    method: 'post',
    path: '/api/matches/{id}/notifications/push',
    summary: 'Notify me on this device (a Web Push subscription)',
    auth: 'required',
    body: pushRequest,
    responses: { 201: pushInfo },
    errors: [...common, ...withBody, ...member, 'push_off', 'push_refused'],
  },
  {
    method: 'delete',
    path: '/api/matches/{id}/notifications/push',
    summary: 'Stop notifying this device',
    auth: 'required',
    body: pushRemoveRequest,
    responses: { 200: pushInfo },
    errors: [...common, ...withBody, ...member],
  },
  {
    method: 'post',
    path: '/api/devices/link',
    summary: "A one-time code that links another device to this device's player (a new player without a token)",
    auth: 'optional',
    responses: { 201: deviceLink },
    errors: [...common, 'bad_authorization'],
  },
  {
    method: 'post',
    path: '/api/devices/redeem',
    summary: "Join the player of a link code: this device's token",
    body: redeemRequest,
    responses: { 201: redeemed },
    errors: [...common, ...withBody, 'link_invalid'],
  },
  {
    method: 'get',
    path: '/api/devices/list',
    summary: "The player's match list, sealed in the browser, and its version",
    auth: 'required',
    responses: { 200: deviceList },
    errors: [...common, 'bad_authorization', 'not_linked'],
  },
  {
    method: 'put',
    path: '/api/devices/list',
    summary: 'Write the list over the version read',
    auth: 'required',
    body: deviceListRequest,
    responses: { 200: deviceListWritten },
    errors: [...common, ...withBody, 'bad_authorization', 'not_linked', 'list_changed'],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/autopass',
    summary: 'Whether the server passes for your side when passing is all it can do',
    auth: 'required',
    responses: { 200: autopassInfo },
    errors: [...common, ...member],
  },
  {
    method: 'put',
    path: '/api/matches/{id}/autopass',
    summary: 'Turn automatic passing on or off for your side in this match',
    auth: 'required',
    body: autopassRequest,
    responses: { 200: autopassInfo },
    errors: [...common, ...withBody, ...member, 'autopass_off'],
  },
  {
    method: 'put',
    path: '/api/matches/{id}/seats/{seat}/bot',
    summary: 'Hand a seat whose players are away to the computer',
    auth: 'required',
    body: handOverRequest,
    responses: { 200: matchInfo },
    errors: [
      ...common,
      ...withBody,
      ...member,
      'no_such_seat',
      'own_seat',
      'bot_unavailable',
      'seat_is_computer',
      'not_started',
      'seat_present',
      'seat_away_briefly',
      'game_over',
      'presence_unavailable',
      'match_busy',
    ],
  },
  {
    method: 'delete',
    path: '/api/matches/{id}/seats/{seat}/bot',
    summary: 'Take your own seat back from the computer',
    auth: 'required',
    responses: { 200: matchInfo },
    errors: [...common, ...member, 'no_such_seat', 'not_your_seat', 'not_computer_seat', 'match_busy'],
  },
  {
    method: 'get',
    path: '/api/matches/{id}/forecast',
    summary: "Whether the match is rated, and each seat's chance of winning",
    auth: 'optional',
    responses: { 200: matchForecast },
    errors: [...common, ...watch],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    responses: { 200: z.record(z.string(), z.unknown()) },
    errors: common,
  },
  ...ACCOUNT_ROUTES,
  ...MATCHMAKING_ROUTES,
];

/** The route of the table a method and a concrete path belong to (`/api/matches/abc/log` → `/api/matches/{id}/log`). */
export function routeOf(method: string, path: string): Route | undefined {
  const m = method.toLowerCase();
  return ROUTES.find((r) => r.method === m && new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
}

/** The schema of a route's answer with this status: its own for a success, errorBody for a refusal it lists. */
export function responseSchema(route: Route, status: number): z.ZodType | undefined {
  if (route.responses[status]) return route.responses[status];
  return route.errors.some((c) => ERRORS[c].status === status) ? errorBody : undefined;
}
