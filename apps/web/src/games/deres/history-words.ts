/**
 * The Deres log in words, bokmål and English: each revealed nation's orders in a line, and what came
 * of them (clashes, rolls, losses, throws, collected supplies, inventions, knock-outs).
 */
import { squareName, texts, type DeresEvent, type Orders } from '@kon/deres';
import type { HistoryStep } from './history';

type Lang = 'nb' | 'en';
/** A square by its name on the map's edges (C7). */
const at = squareName;
const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;

const STEP_TITLES: Record<Exclude<HistoryStep['kind'], 'reveal'>, Record<Lang, string>> = {
  nations: { nb: 'Oppsett: nasjonene velges', en: 'Set-up: nations chosen' },
  map: { nb: 'Oppsett: kartet bygges', en: 'Set-up: the map is built' },
  supplies: { nb: 'Oppsett: forsyninger legges ut', en: 'Set-up: supplies placed' },
  capitals: { nb: 'Oppsett: hovedstedene plasseres', en: 'Set-up: capitals placed' },
  collect: { nb: texts.COLLECT_TEXT.nb, en: texts.COLLECT_TEXT.en },
};

export function stepTitle(s: HistoryStep, lang: Lang): string {
  if (s.kind !== 'reveal') return STEP_TITLES[s.kind][lang];
  const parts = [`${lang === 'nb' ? 'Runde' : 'Round'} ${s.round}`, s.phase ? texts.PHASE_TEXTS[s.phase][lang] : ''];
  if (s.phase === 'shoot') parts.push(`${lang === 'nb' ? 'skyterunde' : 'shooting round'} ${s.shootingRound}`);
  if (s.step === 'answer') parts.push(texts.STEP_TEXTS.answer[lang]);
  return `${parts.filter(Boolean).join(' · ')} – ${lang === 'nb' ? 'ordrene avslørt' : 'orders revealed'}`;
}

/** One nation's revealed orders in a few words. */
export function ordersText(o: Orders, lang: Lang): string {
  const no = lang === 'nb';
  switch (o.kind) {
    case 'buy': {
      const bits = [
        o.regiments.length && n(o.regiments.length, no ? 'regiment' : 'regiment', no ? 'regimenter' : 'regiments'),
        (o.conscripts?.length ?? 0) && n(o.conscripts!.length, no ? 'vernepliktig' : 'conscript', no ? 'vernepliktige' : 'conscripts'),
        o.forts.length && n(o.forts.length, 'fort', 'forts'),
        o.upgrades && n(o.upgrades, no ? 'oppgradering' : 'upgrade', no ? 'oppgraderinger' : 'upgrades'),
        o.fortUpgrades.length &&
          n(o.fortUpgrades.length, no ? 'fortforsterkning' : 'fort strengthened', no ? 'fortforsterkninger' : 'forts strengthened'),
        o.castle && (no ? 'et slott' : 'a castle'),
        o.slaveFort && (no ? 'et slavefort' : 'a slave fort'),
        o.loan && (no ? 'et lån' : 'a loan'),
        o.repay &&
          n(o.repay, no ? 'regiment kjøpt tilbake' : 'regiment bought back', no ? 'regimenter kjøpt tilbake' : 'regiments bought back'),
      ].filter(Boolean);
      const where = [...o.regiments, ...(o.conscripts ?? []), ...o.forts].map(at).join(' ');
      return bits.length
        ? `${no ? 'kjøper' : 'buys'} ${bits.join(', ')}${where ? ` (${where})` : ''}`
        : no
          ? 'kjøper ingenting'
          : 'buys nothing';
    }
    case 'move':
      return o.moves.length
        ? `${no ? 'flytter' : 'moves'} ${n(o.moves.length, no ? 'brikke' : 'piece', no ? 'brikker' : 'pieces')}: ${o.moves.map((m) => `→ ${at(m.to)}${m.recall ? (no ? ' (hjem)' : ' (home)') : ''}`).join(', ')}${o.explorer ? (no ? ' med Utforsker' : ' as Explorer') : ''}`
        : no
          ? 'står stille'
          : 'stays put';
    case 'shoot': {
      const bits = [
        o.shot
          ? `${no ? 'skyter på' : 'shoots at'} ${at(o.shot.target)}${o.shot.sniper ? (no ? ' med snikskytter' : ' with the sniper') : ''}`
          : no
            ? 'passer'
            : 'passes',
        o.bombard && (no ? 'bombarderer' : 'bombards'),
        o.artillery && `${no ? 'artilleri mot' : 'artillery at'} ${o.artillery.map(at).join(' ')}`,
        o.gas && `${no ? 'sennepsgass mot' : 'mustard gas at'} ${at(o.gas)}`,
      ].filter(Boolean);
      return bits.join(', ');
    }
    case 'spread':
      // Throws handed in without aims are aimed by the game (engine/supply.ts).
      return o.aims.length ? `${no ? 'sikter på' : 'aims at'} ${o.aims.map(at).join(' ')}` : no ? 'lar spillet sikte' : 'lets the game aim';
  }
}

const KIND: Record<'regiment' | 'fort' | 'castle' | 'capital' | 'move', Record<Lang, string>> = {
  regiment: { nb: 'et regiment', en: 'a regiment' },
  fort: { nb: 'et fort', en: 'a fort' },
  castle: { nb: 'et slott', en: 'a castle' },
  capital: { nb: 'hovedstaden', en: 'the capital' },
  move: { nb: 'et trekk', en: 'a move' },
};

/** Lines for one log entry (a reveal gives one per nation); `name` names a seat's nation. */
export function eventLines(e: DeresEvent, lang: Lang, name: (seat: string) => string): string[] {
  const no = lang === 'nb';
  switch (e.t) {
    case 'nation':
      return [`${name(e.seat)} ${no ? 'er med' : 'joins'}`];
    case 'tile':
      return [`${name(e.seat)}: ${no ? 'terrengbit' : 'terrain piece'} ${e.tile}`];
    case 'supplyPlaced':
      return [`${name(e.seat)}: ${no ? 'forsyning på' : 'supply on'} ${at(e.at)}`];
    case 'capital':
      return [`${name(e.seat)}: ${no ? 'hovedstad på' : 'capital on'} ${at(e.at)}`];
    case 'reveal':
      return Object.entries(e.orders).map(([s, o]) => `${name(s)} ${ordersText(o, lang)}`);
    case 'bounced':
      return [
        `${name(e.seat)}: ${KIND[e.what][lang]} ${no ? 'på' : 'at'} ${at(e.at)} ${no ? 'kolliderte og ble ikke noe av' : 'clashed and did not happen'}`,
      ];
    case 'roll': {
      const rolled = e.sniper
        ? no
          ? 'snikskytter: sikkert treff'
          : 'sniper: a sure hit'
        : `${no ? 'trenger' : 'needs'} ${e.needed}+, ${no ? 'slo' : 'rolled'} ${e.rolls.join(', ')}`;
      return [
        `${name(e.seat)} ${no ? 'skyter på' : 'shoots at'} ${at(e.target)}: ${rolled} – ${e.hit ? (no ? 'treff' : 'hit') : no ? 'bom' : 'miss'}`,
      ];
    }
    case 'artillery':
      return [`${name(e.seat)}: ${no ? 'artilleri, slo' : 'artillery, rolled'} ${e.roll} – ${no ? 'treffer' : 'hits'} ${at(e.killed)}`];
    case 'gas':
      return [`${name(e.seat)}: ${no ? 'sennepsgass mot' : 'mustard gas at'} ${at(e.aim)}, ${no ? 'slo' : 'rolled'} ${e.roll}`];
    case 'removed':
      return [`${name(e.seat)} ${no ? 'mister' : 'loses'} ${KIND[e.kind][lang]} ${no ? 'på' : 'at'} ${at(e.at)}`];
    case 'throw':
      return [
        `${name(e.seat)} ${no ? 'kaster mot' : 'throws at'} ${at(e.aim)}, ${no ? 'slo' : 'rolled'} ${e.roll}: ${e.landed ? `${no ? 'lander på' : 'lands on'} ${at(e.landed)}` : no ? 'bommer, går videre med klokken' : 'misses, passes on clockwise'}`,
      ];
    case 'collect':
      return [
        `${name(e.seat)} ${no ? 'samler' : 'collects'} ${e.map + e.forts + e.welfare} (${no ? 'kartet' : 'map'} ${e.map}, ${no ? 'fort' : 'forts'} ${e.forts}, ${no ? 'velferd' : 'welfare'} ${e.welfare})`,
      ];
    case 'invention':
      return [
        `${name(e.seat)} ${e.how === 'drawn' ? (no ? 'trekker' : 'draws') : no ? 'bruker' : 'uses'} ${texts.INVENTION_TEXTS[e.invention].name[lang]}`,
      ];
    case 'out':
      return [`${name(e.seat)} ${no ? 'er ute' : 'is out'}`];
    case 'surrender':
      return [
        `${name(e.seat)}: ${{ proposed: no ? 'ber om å overgi seg' : 'asks to surrender', refused: no ? 'overgivelsen avslått' : 'surrender refused', accepted: no ? 'overgivelsen godtatt' : 'surrender accepted' }[e.status]}`,
      ];
  }
}
