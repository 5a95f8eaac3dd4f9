/**
 * The advanced game's extra decisions (9. April turn, ships). Simple, public-information rules:
 * keep as many 9. April cards as allowed and play them in their windows; put battalions where they
 * raise `worth`; land ships on victory cities with as many ships as possible; commit every ship to
 * a naval combat; keep fleets where they are in ordinary turns (sailing is optional, never required
 * except the Allies' home fleet, which goes where a seeded choice among the legal placements puts
 * it, easy.ts). The Normal Allies play their ships by navy.ts instead.
 */
import type { Faction } from '../types.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import type { Rng } from '../engine/kernel/rng.js';
import { isCity, maxBy, ofType, targetsOf, worth } from './position.js';
import { afterPlace, boardOf } from './movement.js';

const pick = (legal: readonly Action[], rng: Rng): Action => legal[Math.floor((((rng.d6() - 1) * 6 + rng.d6() - 1) / 36) * legal.length)]!;

export function advancedChoice(view: FactionView, f: Faction, stage: string, legal: readonly Action[], rng: Rng): Action | null {
  const of = <T extends Action['type']>(t: T) => ofType(legal, t);
  const b = boardOf(view);
  const targets = targetsOf(b, f);
  const base = worth(b, f, targets);
  switch (stage) {
    case 'april9Choose':
      return maxBy(of('chooseApril9'), (a) => (a.type === 'chooseApril9' ? a.args.cards.length : 0));
    case 'april9Deploy':
    case 'april9Mobilize': {
      const opts = [...of('deploy'), ...of('mobilize')];
      return maxBy(opts, (a) =>
        a.type === 'deploy' || a.type === 'mobilize' ? worth(afterPlace(b, f, a.args.area, 1), f, targets) - base : 0,
      );
    }
    case 'april9Retreat':
      return maxBy(of('pullBack'), (a) => (a.type === 'pullBack' ? worth(afterPlace(b, f, a.args.to, 1), f, targets) : 0));
    case 'april9Landing': {
      const lands = of('landShips');
      if (lands.length) return maxBy(lands, (a) => (a.type === 'landShips' ? (isCity(a.args.area) ? 100 : 0) + a.args.ships.length : 0));
      return null;
    }
    case 'april9Ships': {
      const ships = of('placeShip');
      return ships.length ? pick(ships, rng) : null;
    }
    case 'april9Window':
    case 'navalAttackerCards':
    case 'navalDefenderCards':
    case 'navalCounter': {
      const plays = [...of('playApril9'), ...of('playNavalCard')];
      return plays[0] ?? null;
    }
    case 'april9Raid': {
      const raids = of('raid');
      return raids.length ? pick(raids, rng) : null;
    }
    case 'april9Deceive':
    case 'navalChase':
    case 'navalCombat':
    case 'withdrawShips':
    case 'navalVoid':
      return legal.length ? pick(legal, rng) : null;
    case 'intercept':
      return legal.find((a) => a.type === 'intercept' && a.args.attempt) ?? null;
    case 'navalVolunteer':
      return maxBy(of('commitShips'), (a) => (a.type === 'commitShips' ? a.args.ships.length : 0));
    case 'sailOn':
      return legal.find((a) => a.type === 'anchor') ?? null;
  }
  return null;
}
