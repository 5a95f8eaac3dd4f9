/** The engine's log entries in plain words, in the reader's language. */
import type { LogEntry } from '@kon/game';
import { translate, type Lang } from '../i18n';
import { areaName, cardTitle } from './data';

type D = Record<string, unknown>;
const n = (x: unknown) => Number(x ?? 0);
const s = (x: unknown) => String(x ?? '');
const arr = (x: unknown) => (Array.isArray(x) ? (x as unknown[]) : []);
const bn = (lang: Lang, k: number) => (lang === 'no' ? (k === 1 ? 'bataljon' : 'bataljoner') : k === 1 ? 'battalion' : 'battalions');

function factionName(lang: Lang, f: unknown): string {
  if (f === 'norway-allies') return translate(lang, 'faction.norway-allies');
  return f ? translate(lang, `faction.${s(f)}`) : '';
}
const dice = (xs: unknown) => arr(xs).map(String).join(' ');

/** One log entry as a sentence. Unknown events fall back to their name (never their raw data). */
export function describeLog(e: LogEntry, lang: Lang): string {
  const d = (e.data ?? {}) as D;
  const F = factionName(lang, e.faction);
  const A = (k: string) => areaName(s(d[k]));
  const no = lang === 'no';
  switch (e.event) {
    case 'turnStarts':
      return no ? `Runde ${n(d.round)}: ${F}s tur begynner.` : `Round ${n(d.round)}: ${F}${F.endsWith('s') ? "'" : "'s"} turn begins.`;
    case 'phase': {
      const p = translate(lang, `phase.${s(d.phase)}`);
      return no ? `${F}: ${p.toLowerCase()}fasen begynner.` : `${F}: the ${p.toLowerCase()} phase begins.`;
    }
    case 'move':
      return no
        ? `${F} flyttet ${n(d.count)} ${bn(lang, n(d.count))} fra ${A('from')} til ${A('to')}.`
        : `${F} moved ${n(d.count)} ${bn(lang, n(d.count))} from ${A('from')} to ${A('to')}.`;
    case 'attack':
      return no
        ? `${F} angriper ${A('to')} fra ${A('from')} med ${n(d.count)} ${bn(lang, n(d.count))}.`
        : `${F} attacks ${A('to')} from ${A('from')} with ${n(d.count)} ${bn(lang, n(d.count))}.`;
    case 'cardPlayed':
      return no ? `${F} spilte ${cardTitle(s(d.card))}.` : `${F} played ${cardTitle(s(d.card))}.`;
    case 'cardCancelled':
      return no
        ? `${cardTitle(s(d.by))} opphevet ${cardTitle(s(d.card))}.`
        : `${cardTitle(s(d.by))} cancelled ${cardTitle(s(d.card))}.`;
    case 'roadblock':
      return no
        ? `Veisperring: ${n(d.count)} tysk ${bn(lang, n(d.count))} måtte tilbake fra ${A('area')} til ${A('from')}.`
        : `Roadblock: ${n(d.count)} German ${bn(lang, n(d.count))} had to fall back from ${A('area')} to ${A('from')}.`;
    case 'blownBridge':
      return no
        ? `Sprengt bro: ${n(d.count)} tyske ${bn(lang, n(d.count))} måtte tilbake fra ${A('area')} til ${A('from')}.`
        : `Blown bridge: ${n(d.count)} German ${bn(lang, n(d.count))} had to go back from ${A('area')} to ${A('from')}.`;
    case 'escaped':
      return no
        ? `Norge trakk ${n(d.count)} ${bn(lang, n(d.count))} unna fra ${A('from')} til ${A('to')}.`
        : `Norway slipped ${n(d.count)} ${bn(lang, n(d.count))} away from ${A('from')} to ${A('to')}.`;
    case 'paradrop':
      return no ? `Tyske fallskjermjegere landet i ${A('area')}.` : `German paratroopers landed in ${A('area')}.`;
    case 'paratrooperDiverted':
      return no
        ? `Allierte jagerfly presset fallskjermjegeren fra ${A('from')} til ${A('to')}.`
        : `Allied fighters forced the paratrooper from ${A('from')} to ${A('to')}.`;
    case 'airlift':
      return no
        ? `${F} fløy ${n(d.count)} ${bn(lang, n(d.count))} fra ${A('from')} til ${A('to')}.`
        : `${F} flew ${n(d.count)} ${bn(lang, n(d.count))} from ${A('from')} to ${A('to')}.`;
    case 'seaMove':
      return no
        ? `${F} fraktet ${n(d.count)} ${bn(lang, n(d.count))} sjøveien fra ${A('from')} til ${A('to')}.`
        : `${F} shipped ${n(d.count)} ${bn(lang, n(d.count))} from ${A('from')} to ${A('to')}.`;
    case 'occupied':
      return no ? `${F} rykket inn i ${A('area')} uten kamp.` : `${F} moved into ${A('area')} unopposed.`;
    case 'combatStarts':
      return no
        ? `Kamp i ${A('area')}: ${n(d.attackers)} angripere mot ${n(d.defenders)} forsvarere.`
        : `Combat in ${A('area')}: ${n(d.attackers)} attackers against ${n(d.defenders)} defenders.`;
    case 'combatRolled':
      return no
        ? `Terninger i ${A('area')}: angriper ${dice(d.attackerDice)} (sum ${n(d.attackerTotal)}), forsvarer ${dice(d.defenderDice)} (sum ${n(d.defenderTotal)}).`
        : `Dice in ${A('area')}: attacker ${dice(d.attackerDice)} (total ${n(d.attackerTotal)}), defender ${dice(d.defenderDice)} (total ${n(d.defenderTotal)}).`;
    case 'combatLosses':
      return no
        ? `Tap i ${A('area')}: angriperen mistet ${n(d.attackerLost)}, forsvareren ${n(d.defenderLost)}.`
        : `Losses in ${A('area')}: the attacker lost ${n(d.attackerLost)}, the defender ${n(d.defenderLost)}.`;
    case 'combatEnds': {
      const holder = d.holder ? factionName(lang, d.holder) : null;
      const won = d.winner === 'attacker' ? (no ? 'angriperen' : 'the attacker') : no ? 'forsvareren' : 'the defender';
      return no
        ? `Kampen i ${A('area')} er over: ${won} vant${holder ? `, ${holder} holder området` : ''}.`
        : `The combat in ${A('area')} is over: ${won} won${holder ? `; ${holder} holds the area` : ''}.`;
    }
    case 'retreated':
      return no
        ? `${F} trakk ${n(d.count)} ${bn(lang, n(d.count))} tilbake fra ${A('from')} til ${A('to')}.`
        : `${F} retreated ${n(d.count)} ${bn(lang, n(d.count))} from ${A('from')} to ${A('to')}.`;
    case 'noRetreat':
      return no
        ? `${F} hadde ingen vei tilbake fra ${A('area')} og mistet ${n(d.lost)} ${bn(lang, n(d.lost))}.`
        : `${F} had nowhere to retreat from ${A('area')} and lost ${n(d.lost)} ${bn(lang, n(d.lost))}.`;
    case 'evacuated':
      return no
        ? `De allierte evakuerte én bataljon fra ${A('from')} til ${A('to')}.`
        : `The Allies evacuated one battalion from ${A('from')} to ${A('to')}.`;
    case 'lossesAgreed':
      return no ? `De allierte godtok Norges forslag om tap i ${A('area')}.` : `The Allies accepted Norway's split of losses in ${A('area')}.`;
    case 'lossesDisputed':
      return no
        ? `De allierte avslo Norges forslag om tap i ${A('area')}; Tyskland bestemmer.`
        : `The Allies refused Norway's split of losses in ${A('area')}; Germany decides.`;
    case 'traded':
      return no
        ? `${F} byttet inn ${arr(d.cards).length} kort (${n(d.symbols)} symboler): ${arr(d.cards).map((c) => cardTitle(s(c))).join(', ')}.`
        : `${F} traded ${arr(d.cards).length} ${arr(d.cards).length === 1 ? 'card' : 'cards'} (${n(d.symbols)} symbols): ${arr(d.cards).map((c) => cardTitle(s(c))).join(', ')}.`;
    case 'reinforced':
      return no
        ? `${F} satte ut ${n(d.count)} ${bn(lang, n(d.count))} i ${A('area')}${d.byAir ? ' med fly' : ''}.`
        : `${F} placed ${n(d.count)} ${bn(lang, n(d.count))} in ${A('area')}${d.byAir ? ' by air' : ''}.`;
    case 'landed':
      return no
        ? `De allierte gikk i land i ${arr(d.areas).map((a) => areaName(s(a))).join(' og ')}.`
        : `The Allies landed in ${arr(d.areas).map((a) => areaName(s(a))).join(' and ')}.`;
    case 'submarine':
      return no
        ? `${F} angrep med ubåt ved ${A('area')}: kastet ${n(d.die)} – ${d.sunk ? 'én bataljon senket' : 'bom'}.`
        : `${F} struck with a submarine off ${A('area')}: rolled ${n(d.die)} – ${d.sunk ? 'one battalion sunk' : 'a miss'}.`;
    case 'discarded':
      return no ? `${F} kastet ${cardTitle(s(d.card))}.` : `${F} discarded ${cardTitle(s(d.card))}.`;
    case 'withdrew':
      return no
        ? `De allierte trakk ${n(d.count)} ${bn(lang, n(d.count))} ut av Norge.`
        : `The Allies withdrew ${n(d.count)} ${bn(lang, n(d.count))} from Norway.`;
    case 'norwayReshuffles':
      return no ? `Norge stokker de brukte kortene til en ny bunke (${n(d.cards)} kort).` : `Norway shuffles its used cards into a new deck (${n(d.cards)} cards).`;
    case 'alliedDeckOut':
      return no ? 'De alliertes kortstokk er brukt opp.' : 'The Allied deck is spent.';
    case 'germanDeckOut':
      return no ? 'Tyskland har trukket sitt siste kort.' : 'Germany has drawn its last card.';
    case 'gameOver': {
      const w = factionName(lang, d.winner);
      const lvl = translate(lang, `result.${s(d.level)}`);
      return no ? `Spillet er over: ${w} vinner (${lvl.toLowerCase()}).` : `The game is over: ${w} win${d.winner === 'germany' ? 's' : ''} (${lvl.toLowerCase()}).`;
    }
    default:
      return no ? `${F}: ${e.event}` : `${F}: ${e.event}`;
  }
}
