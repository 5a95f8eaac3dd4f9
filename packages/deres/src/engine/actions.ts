/** Every move as one entry point: parse, check, carry out. Refused moves change nothing. */
import { MOVE_SCHEMAS, type Action, type MoveName } from '../schemas.js';
import type { DeresState, Seat } from '../types.js';
import { knockOut } from './end.js';
import { settle, startRound, submit } from './flow.js';
import { useInventionNow } from './inventions.js';
import { fail, living, log, RuleError, type Rng, type Why } from './kernel.js';
import { chooseNation, placeCapital, placeSupply, placeTile } from './setup.js';

/** Check a move's argument against its schema; throws RuleError with the reason. */
export function parseAction(type: string, args: unknown): Action {
  if (!Object.hasOwn(MOVE_SCHEMAS, type)) fail('unknown-move', { move: type.slice(0, 64) });
  const parsed = MOVE_SCHEMAS[type as MoveName].safeParse(args);
  if (!parsed.success) fail('bad-arguments', { field: parsed.error.issues.map((i) => i.path.join('.') || type).join(', ') });
  return { type, args: parsed.data } as Action;
}

export function perform(G: DeresState, seat: Seat, action: Action, rng: Rng): void {
  if (G.result) fail('game-over');
  const n = G.nations[seat];
  if (!n) fail('not-a-seat');
  if (n.out) fail('nation-out');
  switch (action.type) {
    case 'chooseNation':
      chooseNation(G, seat, action.args.nation);
      return;
    case 'placeTile':
      placeTile(G, seat, action.args.slot, action.args.rotation);
      return;
    case 'placeSupply':
      placeSupply(G, seat, action.args);
      return;
    case 'placeCapital':
      if (placeCapital(G, seat, action.args)) startRound(G);
      return;
    case 'submitOrders':
      submit(G, seat, action.args, rng);
      return;
    case 'submitEmpty':
      submit(G, seat, null, rng);
      return;
    case 'useInvention':
      useInventionNow(G, seat, action.args.invention);
      return;
    case 'proposeSurrender':
      if (G.round === 0) fail('surrender-too-early');
      if (G.surrender) fail('surrender-pending');
      G.surrender = { seat, consents: [] };
      log(G, { t: 'surrender', seat, status: 'proposed' });
      return;
    case 'answerSurrender': {
      const s = G.surrender;
      if (!s || s.seat === seat) fail('no-surrender-to-answer');
      if (s.consents.includes(seat)) fail('already-accepted');
      if (!action.args.accept) {
        G.surrender = null;
        log(G, { t: 'surrender', seat: s.seat, status: 'refused' });
        return;
      }
      s.consents.push(seat);
      if (living(G).every((x) => x === s.seat || s.consents.includes(x))) {
        log(G, { t: 'surrender', seat: s.seat, status: 'accepted' });
        knockOut(G, s.seat, 'surrender');
        G.surrender = null;
        settle(G, rng);
      }
      return;
    }
  }
}

/** Why the move would be refused, or null if it would be accepted (tried on a copy). */
export function whyIllegal(G: DeresState, seat: Seat, type: string, args: unknown, rng: Rng): Why | null {
  try {
    perform(structuredClone(G), seat, parseAction(type, args), rng);
    return null;
  } catch (e) {
    if (e instanceof RuleError) return e.why;
    throw e;
  }
}
