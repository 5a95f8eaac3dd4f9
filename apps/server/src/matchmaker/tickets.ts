/** A ticket as stored and as the API shows it; a request turned into one (its game's set-up, plan and sides checked). */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { GameModule, GameRegistry } from '@kon/platform';
import type { Pace, ticket, ticketRequest } from '@kon/protocol';
import { ApiError } from '../http/errors';
import { KON } from '../ratings/model';
import { bool, num, type Row } from '../ratings/sql';
import type { ScenarioDef } from '../lobby/scenarios';
import pacesData from './paces.json';

export type Ticket = z.output<typeof ticket>;
export type TicketRequest = z.output<typeof ticketRequest>;
export interface StoredTicket extends Ticket {
  accountId: string;
  pool: string;
}

export interface PaceRule {
  ticketSeconds: number;
  clock: { mode: 'live'; baseSeconds: number; incrementSeconds: number };
}
export const PACE_RULES: Record<Pace, PaceRule> = {
  live: pacesData.live as PaceRule,
  fast: pacesData.fast as PaceRule,
  slow: pacesData.slow as PaceRule,
};

/** The set-up key of a ticket and the match's setupData it stands for. */
export function setupOf(
  module: GameModule,
  setup: string | undefined,
  scenarios: readonly ScenarioDef[],
): { key: string; setupData: unknown } {
  if (module.id !== KON) {
    if (setup !== undefined && setup !== '-') throw invalid('setup', `${module.texts.name.en} has no set-up choice`);
    return { key: '-', setupData: module.defaultSetup };
  }
  const key = setup ?? 'basic';
  if (key === 'basic' || key === 'advanced') return { key, setupData: { ruleset: key } };
  if (scenarios.some((s) => s.id === key)) return { key, setupData: { scenario: key } };
  throw invalid('setup', `basic, advanced or a scenario: ${scenarios.map((s) => s.id).join(', ')}`);
}

function invalid(path: string, message: string) {
  return new ApiError(400, 'invalid_body', 'The request body is not valid.', [{ path, message }]);
}

/** A request made whole: its game, plan (default: the game's), sides from that plan, and its pool. */
export function newTicket(
  games: GameRegistry,
  scenarios: readonly ScenarioDef[],
  accountId: string,
  body: TicketRequest,
  now: number,
): StoredTicket {
  const module = games.get(body.game);
  if (!module) throw new ApiError(400, 'no_such_game', `This server hosts no game named ${body.game}.`);
  const plan = body.plan ?? module.defaultPlan;
  const seats = module.plans[plan];
  if (!seats) throw new ApiError(400, 'no_such_plan', `${module.texts.name.en} has no seat plan ${plan}.`);
  for (const s of body.sides)
    if (!seats.some((x) => x.key === s)) throw new ApiError(400, 'no_such_seat', `The ${plan} seat plan has no seat "${s}".`);
  const { key } = setupOf(module, body.setup, scenarios);
  const sides = [...new Set(body.sides)].sort();
  return {
    id: randomUUID(),
    accountId,
    pool: poolOf(module.id, key, plan, body.pace, body.rated),
    game: module.id,
    setup: key,
    plan,
    sides,
    pace: body.pace,
    rated: body.rated,
    ratingWindow: body.ratingWindow,
    minReliability: body.minReliability,
    status: 'open',
    createdAt: now,
    expiresAt: now + PACE_RULES[body.pace].ticketSeconds * 1000,
    matchID: null,
    seat: null,
  };
}

/** Tickets that may be matched together share game, set-up, plan, pace and rated. */
export const poolOf = (game: string, setup: string, plan: string, pace: Pace, rated: boolean) =>
  `${game}|${setup}|${plan}|${pace}|${rated ? 'rated' : 'unrated'}`;

export function ticketFromRow(r: Row, now: number): StoredTicket {
  const status = String(r.status) as Ticket['status'];
  const expiresAt = num(r.expires_at);
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    pool: String(r.pool),
    game: String(r.game),
    setup: String(r.setup),
    plan: String(r.plan),
    sides: JSON.parse(String(r.sides)) as string[],
    pace: String(r.pace) as Pace,
    rated: bool(r.rated),
    ratingWindow: r.rating_window === null || r.rating_window === undefined ? null : num(r.rating_window),
    minReliability: r.min_reliability === null || r.min_reliability === undefined ? null : num(r.min_reliability),
    // An open ticket past its time is expired, whether or not a sweep has written it so.
    status: status === 'open' && expiresAt <= now ? 'expired' : status,
    createdAt: num(r.created_at),
    expiresAt,
    matchID: r.match_id === null || r.match_id === undefined ? null : String(r.match_id),
    seat: r.seat === null || r.seat === undefined ? null : String(r.seat),
  };
}

/** What the owner sees (no pool key, no account). */
export function publicTicket(t: StoredTicket): Ticket {
  const { accountId: _a, pool: _p, ...rest } = t;
  return rest;
}

/** The ruleset family a ticket's match is rated in (a scenario's own ruleset). */
export function variantOfTicket(t: Pick<Ticket, 'game' | 'setup'>, scenarios: readonly ScenarioDef[]): string {
  if (t.game !== KON) return '-';
  if (t.setup === 'basic' || t.setup === 'advanced') return t.setup;
  return scenarios.find((s) => s.id === t.setup)?.ruleset ?? 'basic';
}
