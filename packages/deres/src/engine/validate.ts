/** Whether a seat's orders may be given now: one place for every kind of order. */
import type { DeresState, Orders, Seat } from '../types.js';
import { buyCost } from './buy.js';
import { nationOf, type Why } from './kernel.js';
import { whyNoMove } from './move.js';
import { whyNoShoot } from './shoot.js';
import { whyNoSpread } from './supply.js';

export function whyNoOrders(G: DeresState, seat: Seat, o: Orders): Why | null {
  switch (o.kind) {
    case 'buy': {
      const r = buyCost(G, seat, o);
      return 'code' in r ? r : null;
    }
    case 'move':
      return whyNoMove(G, seat, o, nationOf(G, seat).inventions);
    case 'shoot':
      return whyNoShoot(G, seat, o, G.step ?? 'declare');
    case 'spread':
      return whyNoSpread(G, seat, o);
  }
}
