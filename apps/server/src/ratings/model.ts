/**
 * What a finished match means for the ratings, as pure functions: which rating each seat plays for
 * (Kampen om Norge: one per side and ruleset family; Deres uenighet: one), whether the match is
 * rated, and each seat's placing. No I/O: the service (service.ts) feeds it stored matches.
 */
import type * as OpenSkill from 'openskill';
import { lazyModule } from '../core/lazy-module';
import rulesData from './rules.json';

/** Loaded when a rating is first computed (core/lazy-module.ts): it took ~0.1–0.4 s of every start. */
const openskill = lazyModule<typeof OpenSkill>('openskill');
export interface RatingRules {
  /** Fewest moves every seat must have made (by game id; absent: 1). */
  minMovesPerSeat: Readonly<Record<string, number>>;
  /** Rated games an account needs before a leaderboard lists it. */
  leaderboardMinGames: number;
}
export const RATING_RULES: RatingRules = { minMovesPerSeat: rulesData.minMovesPerSeat, leaderboardMinGames: rulesData.leaderboardMinGames };

export const KON = 'kampen-om-norge';
/** The rating a seat plays for: game, ruleset family ('-' where the game has one) and side ('-' likewise). */
export interface RatingKey {
  game: string;
  variant: string;
  side: string;
}
export interface Skill {
  mu: number;
  sigma: number;
}
/** openskill's rating() with its defaults (mu 25, sigma mu / 3), without loading openskill at start. */
export const NEW_SKILL: Skill = { mu: 25, sigma: 25 / 3 };
/** The number shown and sorted by: openskill's ordinal (mu − 3σ), a new player's being 0. */
export const shown = (s: Skill) => openskill().ordinal(s);

/** Kampen om Norge's ruleset family: a scenario counts with its ruleset (stored beside it). */
export function variantOf(game: string, setupData: unknown): string {
  if (game !== KON) return '-';
  const r = (setupData as { ruleset?: unknown } | undefined)?.ruleset;
  return typeof r === 'string' ? r : 'basic';
}

export function keyOf(game: string, setupData: unknown, seat: string): RatingKey {
  return { game, variant: variantOf(game, setupData), side: game === KON ? seat : '-' };
}

/** How a seat's part ended: played to the end, its time ran out, or it left (the computer took it over). */
export type Ending = 'finished' | 'timeout' | 'left';

/** A finished match as the ratings need it (service.ts reads it from the store). */
export interface FinishedMatch {
  matchID: string;
  game: string;
  setupData: unknown;
  finishedAt: number;
  /** Chosen rated when it was made (match maker); a match made otherwise is never rated. */
  ratedIntent: boolean;
  /**
   * Seats in plan order, each with its account (undefined: nobody signed in holds it) and the other
   * accounts that command it with it (co-commanders: the seat is their team's part together).
   */
  seats: { key: string; playerIDs: string[]; accountId: string | undefined; coAccounts?: string[] }[];
  /** The game's result (state.G.result). */
  result: unknown;
  /** Moves each playerID made (read only for a match with ratedIntent: judge needs them for no other). */
  movesBy: Readonly<Record<string, number>>;
  /** Seats the computer held: from the start ('created'), or taken over during play (why). */
  computer: Readonly<Record<string, 'created' | 'timeout' | 'left'>>;
}

export interface SeatOutcome {
  seat: string;
  accountId: string;
  key: RatingKey;
  /** 1 = best; equal numbers tie. */
  rank: number;
  outcome: 'win' | 'loss' | 'draw';
  ending: Ending;
}
export interface Judgement {
  rated: boolean;
  /** Why not (for logs and the match page). */
  why?: 'not_chosen' | 'not_all_accounts' | 'same_account' | 'computer' | 'too_few_moves' | 'no_result';
  /** Every seat held by an account, with its placing. */
  seats: SeatOutcome[];
}

/** Placings by seat before anyone's leaving is counted: Kampen om Norge's two camps; Deres's sheet ranking. */
function basePlacings(m: FinishedMatch): Map<string, number> | undefined {
  const out = new Map<string, number>();
  if (m.game === KON) {
    const winner = (m.result as { winner?: unknown } | null)?.winner;
    if (winner !== 'germany' && winner !== 'norway-allies') return undefined;
    for (const s of m.seats) {
      const german = s.playerIDs.includes('0');
      out.set(s.key, german === (winner === 'germany') ? 1 : 2);
    }
    return out;
  }
  const r = m.result as { ranking?: unknown; winner?: unknown } | null;
  if (!r || !Array.isArray(r.ranking)) return undefined;
  const ranking = r.ranking as string[];
  // No winner with a ranking: the top two tied (Deres's round limit).
  ranking.forEach((pid, i) => {
    const seat = m.seats.find((s) => s.playerIDs.includes(pid));
    if (seat) out.set(seat.key, r.winner === null && i === 1 ? 1 : i + 1);
  });
  return out.size === m.seats.length ? out : undefined;
}

/** Kampen om Norge's seat whose clock ran out, if the game ended so. */
function timedOutSeat(m: FinishedMatch): string | undefined {
  if (m.game !== KON) return undefined;
  const r = m.result as { reason?: unknown; timedOut?: unknown } | null;
  if (r?.reason !== 'time' || typeof r.timedOut !== 'string') return undefined;
  const FACTION_PLAYER: Record<string, string> = { germany: '0', norway: '1', allies: '2' };
  const pid = FACTION_PLAYER[r.timedOut];
  return m.seats.find((s) => pid !== undefined && s.playerIDs.includes(pid))?.key;
}

/**
 * The placings with every seat that lost on time or left counted as having lost: in Kampen om Norge
 * its camp loses (a camp that both lost and won ties); in Deres it drops below everyone who stayed.
 */
function placings(m: FinishedMatch, ending: Map<string, Ending>): Map<string, number> | undefined {
  const base = basePlacings(m);
  if (!base) return undefined;
  const quitters = m.seats.filter((s) => ending.get(s.key) !== 'finished');
  if (quitters.length === 0) return base;
  if (m.game === KON) {
    const camp = (s: { playerIDs: string[] }) => s.playerIDs.includes('0');
    const lost = new Set(quitters.map(camp));
    const out = new Map<string, number>();
    for (const s of m.seats) out.set(s.key, lost.size === 2 ? 1 : lost.has(camp(s)) ? 2 : 1);
    return out;
  }
  const stayed = m.seats.filter((s) => ending.get(s.key) === 'finished').sort((a, b) => base.get(a.key)! - base.get(b.key)!);
  const out = new Map<string, number>();
  // Keep ties among those who stayed; every quitter shares the last place.
  let place = 0;
  let last = Number.NaN;
  stayed.forEach((s, i) => {
    const b = base.get(s.key)!;
    if (b !== last) place = i + 1;
    last = b;
    out.set(s.key, place);
  });
  for (const s of quitters) out.set(s.key, stayed.length + 1);
  return out;
}

/** The accounts commanding a seat: its holder's first, then its co-commanders' (each once). */
function accountsOf(s: FinishedMatch['seats'][number]): string[] {
  if (!s.accountId) return [];
  return [s.accountId, ...new Set((s.coAccounts ?? []).filter((a) => a !== s.accountId))];
}

/** Whether a finished match is rated, and each account's placing and how its part ended. */
export function judge(m: FinishedMatch, rules: RatingRules = RATING_RULES): Judgement {
  const ending = new Map<string, Ending>();
  const timedOut = timedOutSeat(m);
  for (const s of m.seats) {
    const c = m.computer[s.key];
    ending.set(s.key, s.key === timedOut || c === 'timeout' ? 'timeout' : c === 'left' ? 'left' : 'finished');
  }
  const places = placings(m, ending);
  const seats: SeatOutcome[] = [];
  const best = places ? Math.min(...places.values()) : 0;
  const tiedTop = places ? [...places.values()].filter((p) => p === best).length : 0;
  for (const s of m.seats) {
    if (!s.accountId) continue;
    const rank = places?.get(s.key) ?? 0;
    // Each account commanding the seat has the seat's placing (co-commanders win or lose together).
    for (const accountId of accountsOf(s))
      seats.push({
        seat: s.key,
        accountId,
        key: keyOf(m.game, m.setupData, s.key),
        rank,
        // Everyone placed first together (no one lost) is a draw; first alone is a win.
        outcome: rank !== best ? 'loss' : tiedTop === m.seats.length ? 'draw' : 'win',
        ending: ending.get(s.key)!,
      });
  }
  const no = (why: Judgement['why']): Judgement => ({ rated: false, why, seats });
  if (!places) return no('no_result');
  if (!m.ratedIntent) return no('not_chosen');
  if (m.seats.some((s) => !s.accountId)) return no('not_all_accounts');
  const everyone = m.seats.flatMap((s) => accountsOf(s));
  if (new Set(everyone).size !== everyone.length) return no('same_account');
  if (m.seats.some((s) => m.computer[s.key] === 'created')) return no('computer');
  const min = rules.minMovesPerSeat[m.game] ?? 1;
  // A seat that left or ran out of time has lost whatever it played; the others must have played.
  const played = (s: FinishedMatch['seats'][number]) => s.playerIDs.reduce((n, p) => n + (m.movesBy[p] ?? 0), 0);
  if (m.seats.some((s) => ending.get(s.key) === 'finished' && played(s) < min)) return no('too_few_moves');
  return { rated: true, seats };
}

/** Seats on one side of the table: Kampen om Norge's camps (Norway and the Allies together), else each seat alone. */
export function teamsOf(game: string, seats: readonly { seat: string; playerIDs: readonly string[] }[]): string[][] {
  if (game !== KON) return seats.map((s) => [s.seat]);
  const german = seats.filter((s) => s.playerIDs.includes('0')).map((s) => s.seat);
  const others = seats.filter((s) => !s.playerIDs.includes('0')).map((s) => s.seat);
  return [german, others].filter((t) => t.length > 0);
}

/**
 * The new skills after a rated match: teams (camps) ranked by their members' placing; `skills` by
 * member (a seat, or a seat's account when co-commanders share it). Answers the new skill of every member.
 */
export function rateSeats(teams: string[][], rankOf: (member: string) => number, skills: ReadonlyMap<string, Skill>): Map<string, Skill> {
  const input = teams.map((t) => t.map((seat) => openskill().rating(skills.get(seat) ?? NEW_SKILL)));
  const rank = teams.map((t) => rankOf(t[0]!));
  const out = openskill().rate(input, { rank });
  const next = new Map<string, Skill>();
  teams.forEach((t, i) => {
    t.forEach((seat, j) => {
      next.set(seat, { mu: out[i]![j]!.mu, sigma: out[i]![j]!.sigma });
    });
  });
  return next;
}

/** Each team's predicted chance of winning (openskill's predictWin), in the order given. */
export function chances(teams: readonly (readonly Skill[])[]): number[] {
  if (teams.length < 2) return teams.map(() => 1);
  const { predictWin, rating } = openskill();
  return predictWin(teams.map((t) => t.map((s) => rating(s))));
}
