/**
 * Which open tickets make a match with a new one, and who sits where: pure, so the rules can be read
 * (and tested) without a database. Tickets are tried oldest first; a group is a seat plan's worth of
 * tickets of distinct accounts that accept each other (no block either way, each one's rating window
 * and minimum reliability met by every other) and can be seated: each on a side it asked for (none
 * asked: any), and among the seatings that allow, the one that gives each player the side they have
 * had least often in this game.
 */

export interface PoolTicket {
  id: string;
  accountId: string;
  /** The seats this ticket would take; empty: any. */
  sides: readonly string[];
  ratingWindow: number | null;
  minReliability: number | null;
}

export interface Knowledge {
  /** Rating shown for the account in this game and ruleset (a new player's: 0). */
  rating(accountId: string): number;
  /** Share of judged games the account finished (1 with none). */
  reliability(accountId: string): number;
  /** Either account blocked the other. */
  blocked(a: string, b: string): boolean;
  /** How many matches the account was given this seat in, in this game. */
  timesOnSide(accountId: string, seat: string): number;
}

function accepts(t: PoolTicket, other: PoolTicket, k: Knowledge): boolean {
  if (t.ratingWindow !== null && Math.abs(k.rating(t.accountId) - k.rating(other.accountId)) > t.ratingWindow) return false;
  if (t.minReliability !== null && k.reliability(other.accountId) < t.minReliability) return false;
  return true;
}

export function compatible(a: PoolTicket, b: PoolTicket, k: Knowledge): boolean {
  return a.accountId !== b.accountId && !k.blocked(a.accountId, b.accountId) && accepts(a, b, k) && accepts(b, a, k);
}

function* permutations<T>(xs: readonly T[]): Generator<T[]> {
  if (xs.length <= 1) {
    yield [...xs];
    return;
  }
  for (let i = 0; i < xs.length; i++) for (const rest of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) yield [xs[i]!, ...rest];
}

/** The fairest seating of these tickets on these seats (index i of the answer sits on seats[i]), or undefined when none fits their sides. */
export function seat(group: readonly PoolTicket[], seats: readonly string[], k: Knowledge): PoolTicket[] | undefined {
  let best: PoolTicket[] | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const order of permutations(group)) {
    if (!order.every((t, i) => t.sides.length === 0 || t.sides.includes(seats[i]!))) continue;
    const score = order.reduce((n, t, i) => n + k.timesOnSide(t.accountId, seats[i]!), 0);
    if (score < bestScore) {
      best = order;
      bestScore = score;
    }
  }
  return best;
}

/** Stop looking after this many groups tried: a huge pool answers "none yet" rather than stall the request. */
const MAX_TRIES = 20_000;

/**
 * A group for `fresh` from `waiting` (oldest first), seated: `seats[i]` goes to the answer's i-th
 * ticket. Undefined when none fits yet.
 */
export function findGroup(
  fresh: PoolTicket,
  waiting: readonly PoolTicket[],
  seats: readonly string[],
  k: Knowledge,
): PoolTicket[] | undefined {
  const need = seats.length;
  const pool = waiting.filter((t) => compatible(fresh, t, k));
  let tries = 0;
  const pick = (chosen: PoolTicket[], from: number): PoolTicket[] | undefined => {
    if (chosen.length === need) return seat(chosen, seats, k);
    for (let i = from; i < pool.length && tries < MAX_TRIES; i++) {
      const t = pool[i]!;
      tries++;
      if (!chosen.every((c) => compatible(c, t, k))) continue;
      const found = pick([...chosen, t], i + 1);
      if (found) return found;
    }
    return undefined;
  };
  return pick([fresh], 0);
}
