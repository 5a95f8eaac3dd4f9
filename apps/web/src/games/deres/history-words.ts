/**
 * The Deres log in words, bokmål and English (the table DERES_LOG_STRINGS, i18n-deres-log.ts): each
 * revealed nation's orders in a line, and what came of them (clashes, rolls, losses, throws,
 * collected supplies, inventions, knock-outs).
 */
import { squareName, texts, type DeresEvent, type Orders } from '@kon/deres';
import { translate } from '../../i18n';
import type { HistoryStep } from './history';

type Lang = 'nb' | 'en';
/** A square by its name on the map's edges (C7). */
const at = squareName;
/** A text of the log's table, in `lang`. */
const words =
  (lang: Lang) =>
  (key: string, p: Record<string, string | number> = {}) =>
    translate(lang === 'nb' ? 'no' : 'en', `deres.log.${key}`, p);

export function stepTitle(s: HistoryStep, lang: Lang): string {
  const w = words(lang);
  if (s.kind === 'collect') return texts.COLLECT_TEXT[lang];
  if (s.kind !== 'reveal') return w(s.kind);
  const parts = [w('round', { n: s.round }), s.phase ? texts.PHASE_TEXTS[s.phase][lang] : ''];
  if (s.phase === 'shoot') parts.push(w('shootingRound', { n: s.shootingRound }));
  if (s.step === 'answer') parts.push(texts.STEP_TEXTS.answer[lang]);
  return `${parts.filter(Boolean).join(' · ')} – ${w('revealed')}`;
}

/** One nation's revealed orders in a few words. */
export function ordersText(o: Orders, lang: Lang): string {
  const w = words(lang);
  switch (o.kind) {
    case 'buy': {
      const bits = [
        o.regiments.length && w('nRegiments', { n: o.regiments.length }),
        (o.conscripts?.length ?? 0) && w('nConscripts', { n: o.conscripts!.length }),
        o.forts.length && w('nForts', { n: o.forts.length }),
        o.upgrades && w('nUpgrades', { n: o.upgrades }),
        o.fortUpgrades.length && w('nFortUps', { n: o.fortUpgrades.length }),
        o.castle && w('aCastle'),
        o.slaveFort && w('aSlaveFort'),
        o.loan && w('aLoan'),
        o.repay && w('nRepaid', { n: o.repay }),
      ].filter(Boolean);
      const where = [...o.regiments, ...(o.conscripts ?? []), ...o.forts].map(at).join(' ');
      return bits.length ? w('buys', { what: `${bits.join(', ')}${where ? ` (${where})` : ''}` }) : w('buysNothing');
    }
    case 'move': {
      if (!o.moves.length) return w('staysPut');
      const to = o.moves.map((m) => `→ ${at(m.to)}${m.recall ? w('home') : ''}`).join(', ');
      return `${w('moves', { n: o.moves.length, to })}${o.explorer ? w('asExplorer') : ''}`;
    }
    case 'shoot': {
      const bits = [
        o.shot ? `${w('shootsAt', { a: at(o.shot.target) })}${o.shot.sniper ? w('withSniper') : ''}` : w('passes'),
        o.bombard && w('bombards'),
        o.artillery && w('artilleryAt', { a: o.artillery.map(at).join(' ') }),
        o.gas && w('gasAt', { a: at(o.gas) }),
      ].filter(Boolean);
      return bits.join(', ');
    }
    case 'spread':
      // Throws handed in without aims are aimed by the game (engine/supply.ts).
      return o.aims.length ? w('aimsAt', { a: o.aims.map(at).join(' ') }) : w('gameAims');
  }
}

/** Lines for one log entry (a reveal gives one per nation); `name` names a seat's nation. */
export function eventLines(e: DeresEvent, lang: Lang, name: (seat: string) => string): string[] {
  const w = words(lang);
  if (e.t === 'reveal') return Object.entries(e.orders).map(([s, o]) => `${name(s)} ${ordersText(o, lang)}`);
  const who = name(e.seat);
  switch (e.t) {
    case 'nation':
      return [w('joins', { who })];
    case 'tile':
      return [w('tile', { who, tile: e.tile })];
    case 'supplyPlaced':
      return [w('supplyOn', { who, a: at(e.at) })];
    case 'capital':
      return [w('capitalOn', { who, a: at(e.at) })];
    case 'bounced':
      return [w('bounced', { who, what: w(`kind.${e.what}`), a: at(e.at) })];
    case 'roll': {
      const rolled = e.sniper ? w('sureHit') : w('needsRolled', { n: e.needed, rolls: e.rolls.join(', ') });
      return [w('roll', { who, a: at(e.target), rolled, result: w(e.hit ? 'hit' : 'miss') })];
    }
    case 'artillery':
      return [w('artillery', { who, roll: e.roll, a: at(e.killed) })];
    case 'gas':
      return [w('gas', { who, a: at(e.aim), roll: e.roll })];
    case 'removed':
      return [w('loses', { who, what: w(`kind.${e.kind}`), a: at(e.at) })];
    case 'throw':
      return [
        e.landed
          ? w('throwLands', { who, a: at(e.aim), roll: e.roll, b: at(e.landed) })
          : w('throwMisses', { who, a: at(e.aim), roll: e.roll }),
      ];
    case 'collect':
      return [w('collects', { who, sum: e.map + e.forts + e.welfare, map: e.map, forts: e.forts, welfare: e.welfare })];
    case 'invention':
      return [w(e.how === 'drawn' ? 'draws' : 'uses', { who, what: texts.INVENTION_TEXTS[e.invention].name[lang] })];
    case 'out':
      return [w('out', { who })];
    case 'surrender':
      return [w(`surrender.${e.status}`, { who })];
  }
}
