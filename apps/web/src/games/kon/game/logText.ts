/** The engine's log entries in plain words, in the reader's language. */
import { ship, type LogEntry } from '@kon/game';
import { translate, type Lang } from '../../../i18n';
import { cardKindName, cardName } from './cardNames';
import { areaName } from './data';

type D = Record<string, unknown>;
const n = (x: unknown) => Number(x ?? 0);
const s = (x: unknown) => String(x ?? '');
const arr = (x: unknown) => (Array.isArray(x) ? (x as unknown[]) : []);
const PLURALS = { no: new Intl.PluralRules('nb'), en: new Intl.PluralRules('en') };
/** "1 defender", "2 defenders": the word for `k` by the language's own plural rules. */
const counted = (lang: Lang, k: number, one: string, other: string) => `${k} ${PLURALS[lang].select(k) === 'one' ? one : other}`;
const bn = (lang: Lang, k: number) =>
  PLURALS[lang].select(k) === 'one' ? (lang === 'no' ? 'bataljon' : 'battalion') : lang === 'no' ? 'bataljoner' : 'battalions';

/** The Allies (and Norway with them) are plural in English: "the Allies have", "Germany has". */
const pluralSide = (f: unknown) => f === 'allies' || f === 'norway-allies';
/** The English verb form (or pronoun) that agrees with the faction: `agree(f, 'has', 'have')`. */
const agree = (f: unknown, one: string, many: string) => (pluralSide(f) ? many : one);

function factionName(lang: Lang, f: unknown): string {
  if (f === 'norway-allies') return translate(lang, 'faction.norway-allies');
  return f ? translate(lang, `faction.${s(f)}`) : '';
}
const dice = (xs: unknown) => arr(xs).map(String).join(' ');
const shipName = (id: unknown) => {
  try {
    return ship(s(id)).name;
  } catch {
    return '';
  }
};

/** What every sentence maker reads: the entry, its data, its faction's name and the reader's language. */
interface Ctx {
  e: LogEntry;
  d: D;
  F: string;
  area: (k: string) => string;
  no: boolean;
  lang: Lang;
}

/** The 9. April turn at sea (face-down ships are never named: the engine logs none), and ships sunk. */
function april9SeaLog({ e, d, F, area, no, lang }: Ctx): string | undefined {
  switch (e.event) {
    // The advanced game's 9. April turn. Face-down ships are never named (the engine logs none).
    case 'april9Starts':
      return no ? '9. april-runden begynner.' : 'The 9 April turn begins.';
    case 'april9CardsChosen':
      return no
        ? `${F} har valgt sine 9. april-kort.`
        : `${F} ${agree(e.faction, 'has', 'have')} chosen ${agree(e.faction, 'its', 'their')} 9 April cards.`;
    case 'april9CardPlayed':
      return no ? `${F} spilte ${cardName(s(d.card), lang)}.` : `${F} played ${cardName(s(d.card), lang)}.`;
    case 'april9Deployed':
      return no ? `${F} satte en bataljon i ${area('area')}.` : `${F} set a battalion in ${area('area')}.`;
    case 'shipPlaced':
      return d.ship
        ? no
          ? `${F} la ${shipName(d.ship)} i havområde ${s(d.zone)}.`
          : `${F} put ${shipName(d.ship)} in sea zone ${s(d.zone)}.`
        : no
          ? `${F} la et skip med baksiden opp i havområde ${s(d.zone)}.`
          : `${F} put a ship face down in sea zone ${s(d.zone)}.`;
    case 'april9Reallocated':
      return no
        ? `${F} flyttet en bataljon fra ${area('from')} til ${area('to')}.`
        : `${F} moved a battalion from ${area('from')} to ${area('to')}.`;
    case 'april9Reconnaissance':
      return no
        ? `Rekognoseringsfly over havområde ${s(d.zone)} (${dice(d.dice)}): ${n(d.revealed)} skip avslørt.`
        : `${cardKindName('a9.al.rekognoseringsfly', lang)} over sea zone ${s(d.zone)} (${dice(d.dice)}): ${counted(lang, n(d.revealed), 'ship', 'ships')} revealed.`;
    case 'april9Deceive':
      return no
        ? `Villedende manøver i havområde ${s(d.zone)} (${dice(d.dice)}): ${n(d.hits)} treff.`
        : `${cardKindName('a9.de.villedende-manover', lang)} in sea zone ${s(d.zone)} (${dice(d.dice)}): ${counted(lang, n(d.hits), 'hit', 'hits')}.`;
    case 'april9Deceived':
      return no
        ? `Allierte skip måtte forlate havområde ${s(d.from)} (til ${arr(d.to).join(', ')}).`
        : `Allied ships had to leave sea zone ${s(d.from)} (for ${arr(d.to).join(', ')}).`;
    case 'april9DiveBombers':
      return no
        ? `Stupbombefly over havområde ${s(d.zone)}: ${n(d.die)}${d.hit ? ', treff' : ', bom'}.`
        : `${cardKindName('a9.al.stupbombefly', lang)} over sea zone ${s(d.zone)}: ${n(d.die)}${d.hit ? ', a hit' : ', a miss'}.`;
    case 'april9Mines':
      return no
        ? `Minelegging i havområde ${s(d.zone)}: ${n(d.die)}${d.hit ? ', treff' : ', bom'}.`
        : `${cardKindName('a9.al.minelegging', lang)} in sea zone ${s(d.zone)}: ${n(d.die)}${d.hit ? ', a hit' : ', a miss'}.`;
    case 'april9Fort':
      return no
        ? `Kystfort ved ${area('area')}: ${n(d.die)}${d.sunk ? ', et skip senket' : ''}${d.blocked ? ', byen er stengt' : ''}.`
        : `${cardKindName('a9.no.kystfort', lang)} at ${area('area')}: ${n(d.die)}${d.sunk ? ', a ship sunk' : ''}${d.blocked ? ', the city is shut' : ''}.`;
    case 'shipSunk':
      // In ordinary turns the voided cards follow in their own entry (the Allies choose for German losses).
      if (!Array.isArray(d.cardsVoided))
        return no ? `${shipName(d.ship)} ble senket i havområde ${s(d.zone)}.` : `${shipName(d.ship)} was sunk in sea zone ${s(d.zone)}.`;
      return no
        ? `${shipName(d.ship)} ble senket (${arr(d.cardsVoided).length} kort annullert).`
        : `${shipName(d.ship)} was sunk (${counted(lang, arr(d.cardsVoided).length, 'card', 'cards')} voided).`;
  }
  return undefined;
}

/** Ships at sea in the ordinary turns: sailing, interception, naval combat and raiding. */
function navalLog({ e, d, F, no, lang }: Ctx): string | undefined {
  switch (e.event) {
    case 'shipsSailed': {
      const k = n(d.count);
      const from = d.from === 'raid' ? (no ? 'raidboksen' : 'the raid box') : no ? `havområde ${s(d.from)}` : `sea zone ${s(d.from)}`;
      return no
        ? `${F} seilte ${k} skip fra ${from} til havområde ${s(d.to)}.`
        : `${F} sailed ${counted(lang, k, 'ship', 'ships')} from ${from} to sea zone ${s(d.to)}.`;
    }
    case 'interception': {
      const k = n(d.intercepted);
      const gone = n(d.dummiesRemoved);
      const extra =
        gone > 0 ? (no ? `, ${gone} falske skip fjernet` : `, ${counted(lang, gone, 'dummy ship', 'dummy ships')} removed`) : '';
      return no
        ? `${F} forsøkte å avskjære i havområde ${s(d.zone)} (terninger ${dice(d.dice) || '–'}): ${k} skip avskåret${extra}.`
        : `${F} tried to intercept in sea zone ${s(d.zone)} (dice ${dice(d.dice) || '–'}): ${counted(lang, k, 'ship', 'ships')} intercepted${extra}.`;
    }
    case 'noInterception':
      return no ? `${F} avstod fra å avskjære i havområde ${s(d.zone)}.` : `${F} did not try to intercept in sea zone ${s(d.zone)}.`;
    case 'raidersRecalled':
      return no
        ? `Tyskland kalte skipene på raid tilbake (${counted(lang, n(d.symbols), 'symbol', 'symboler')}).`
        : `Germany called its raiding ships back (${counted(lang, n(d.symbols), 'symbol', 'symbols')}).`;
    case 'navalCombat':
      return no
        ? `Sjøslag i havområde ${s(d.zone)}: ${n(d.germany)} tyske mot ${n(d.allies)} allierte skip.`
        : `Naval combat in sea zone ${s(d.zone)}: ${n(d.germany)} German against ${n(d.allies)} Allied ships.`;
    case 'shipsCommitted':
      return no
        ? `${F} satte inn ${n(d.count)} skip til i sjøslaget i havområde ${s(d.zone)}.`
        : `${F} added ${n(d.count)} more ${n(d.count) === 1 ? 'ship' : 'ships'} to the naval combat in sea zone ${s(d.zone)}.`;
    case 'navalRolled':
      return no
        ? `Sjøslag i havområde ${s(d.zone)}: tyske terninger ${dice(d.germanDice) || '–'}, allierte ${dice(d.alliedDice) || '–'}; ${n(d.sunk)} senket, ${n(d.chased)} jaget bort.`
        : `Naval combat in sea zone ${s(d.zone)}: German dice ${dice(d.germanDice) || '–'}, Allied ${dice(d.alliedDice) || '–'}; ${n(d.sunk)} sunk, ${n(d.chased)} chased off.`;
    case 'cardsVoided':
      return no
        ? `${F} mistet ${arr(d.cards).length} kort fra kortstokken for tapte skip.`
        : `${F} lost ${counted(lang, arr(d.cards).length, 'card', 'cards')} from the deck for ships lost.`;
    case 'shipChased':
      return no
        ? `Et skip ble jaget fra havområde ${s(d.from)} til havområde ${s(d.to)}.`
        : `A ship was chased from sea zone ${s(d.from)} to sea zone ${s(d.to)}.`;
    case 'shipsWithdrawn':
      return no
        ? `De allierte trakk tilbake ${arr(d.ships).map(shipName).join(', ')}.`
        : `The Allies withdrew ${arr(d.ships).map(shipName).join(', ')}.`;
    case 'dummyRemoved':
      return no ? `Et falskt skip i havområde ${s(d.zone)} ble fjernet.` : `A dummy ship in sea zone ${s(d.zone)} was removed.`;
    case 'raiding':
      return no
        ? `Et tysk skip fra havområde ${s(d.from)} drar på raid (${arr(d.cardsVoided).length} allierte kort annullert).`
        : `A German ship from sea zone ${s(d.from)} goes raiding (${counted(lang, arr(d.cardsVoided).length, 'Allied card', 'Allied cards')} voided).`;
  }
  return undefined;
}

/** The 9. April turn ashore: landings, Norwegian resistance, mobilisation, and its end. */
function april9LandLog({ e, d, F, area, no, lang }: Ctx): string | undefined {
  switch (e.event) {
    case 'april9Landing':
      return no
        ? `${F} setter ${n(d.count)} skip inn mot ${area('area')}.`
        : `${F} ${agree(e.faction, 'sends', 'send')} ${counted(lang, n(d.count), 'ship', 'ships')} in to land at ${area('area')}.`;
    case 'april9Landed':
      return no
        ? `${n(d.count)} tysk(e) ${bn(lang, n(d.count))} gikk i land ved ${area('area')}.`
        : `${n(d.count)} German ${bn(lang, n(d.count))} came ashore at ${area('area')}.`;
    case 'april9Resistance':
      return no
        ? `Norsk motstand i ${area('area')}: ${n(d.die)}${d.raised ? ', en bataljon mobiliserer' : ''}.`
        : `Norwegian resistance in ${area('area')}: ${n(d.die)}${d.raised ? ', a battalion rises' : ''}.`;
    case 'april9Intimidation':
      return no
        ? `Bløff/trusler i ${area('area')} (${dice(d.dice)}): ${n(d.surrendered)} overga seg, ${n(d.retreating)} trekker seg tilbake.`
        : `${cardKindName('a9.de.bloff-trusler', lang)} in ${area('area')} (${dice(d.dice)}): ${n(d.surrendered)} surrendered, ${n(d.retreating)} pull back.`;
    case 'april9Mobilization':
      return no
        ? `Norge mobiliserer i ${arr(d.cities).length} poengbyer og på ${n(d.points)} mobiliseringspunkter.`
        : `Norway mobilises in ${arr(d.cities).length} victory cities and on ${n(d.points)} mobilisation points.`;
    case 'mobilized':
      return no ? `Norge mobiliserte i ${area('area')}.` : `Norway mobilised in ${area('area')}.`;
    case 'telegraphCableCut':
      return no
        ? 'Telegraflinjen fra Egersund er tatt: De allierte mister ett kort.'
        : 'The Egersund telegraph cable is taken: the Allies lose a card.';
    case 'april9CardsRemoved':
      return no ? 'Gjenværende 9. april-kort fjernes fra spillet.' : 'The remaining 9 April cards leave the game.';
    case 'april9Ends':
      return no ? '9. april-runden er over.' : 'The 9 April turn is over.';
  }
  return undefined;
}

/** Turns and phases, moving and attacking, cards played, and combat up to its end. */
function turnLog({ e, d, F, area, no, lang }: Ctx): string | undefined {
  switch (e.event) {
    case 'turnStarts':
      return no ? `Runde ${n(d.round)}: ${F}s tur begynner.` : `Round ${n(d.round)}: ${F}${F.endsWith('s') ? "'" : "'s"} turn begins.`;
    case 'phase': {
      const p = translate(lang, `phase.${s(d.phase)}`);
      return no ? `${F}: ${p.toLowerCase()}fasen begynner.` : `${F}: the ${p.toLowerCase()} phase begins.`;
    }
    case 'move':
      return no
        ? `${F} flyttet ${n(d.count)} ${bn(lang, n(d.count))} fra ${area('from')} til ${area('to')}.`
        : `${F} moved ${n(d.count)} ${bn(lang, n(d.count))} from ${area('from')} to ${area('to')}.`;
    case 'attack':
      return no
        ? `${F} angriper ${area('to')} fra ${area('from')} med ${n(d.count)} ${bn(lang, n(d.count))}.`
        : `${F} ${agree(e.faction, 'attacks', 'attack')} ${area('to')} from ${area('from')} with ${n(d.count)} ${bn(lang, n(d.count))}.`;
    case 'cardPlayed':
      return no ? `${F} spilte ${cardName(s(d.card), lang)}.` : `${F} played ${cardName(s(d.card), lang)}.`;
    case 'cardCancelled':
      return no
        ? `${cardName(s(d.by), lang)} opphevet ${cardName(s(d.card), lang)}.`
        : `${cardName(s(d.by), lang)} cancelled ${cardName(s(d.card), lang)}.`;
    case 'roadblock':
      return no
        ? `Veisperring: ${n(d.count)} tysk ${bn(lang, n(d.count))} måtte tilbake fra ${area('area')} til ${area('from')}.`
        : `${cardKindName('no.veisperring', lang)}: ${n(d.count)} German ${bn(lang, n(d.count))} had to fall back from ${area('area')} to ${area('from')}.`;
    case 'blownBridge':
      return no
        ? `Sprengt bro: ${n(d.count)} tyske ${bn(lang, n(d.count))} måtte tilbake fra ${area('area')} til ${area('from')}.`
        : `${cardKindName('no.sprengt-bro', lang)}: ${n(d.count)} German ${bn(lang, n(d.count))} had to go back from ${area('area')} to ${area('from')}.`;
    case 'escaped':
      return no
        ? `Norge trakk ${n(d.count)} ${bn(lang, n(d.count))} unna fra ${area('from')} til ${area('to')}.`
        : `Norway slipped ${n(d.count)} ${bn(lang, n(d.count))} away from ${area('from')} to ${area('to')}.`;
    case 'paradrop':
      return no ? `Tyske fallskjermjegere landet i ${area('area')}.` : `German paratroopers landed in ${area('area')}.`;
    case 'paratrooperDiverted':
      return no
        ? `Jagerfly presset fallskjermjegeren fra ${area('from')} til ${area('to')}.`
        : `${cardKindName('al.jagerfly', lang)} forced the paratrooper from ${area('from')} to ${area('to')}.`;
    case 'airlift':
      return no
        ? `${F} fløy ${n(d.count)} ${bn(lang, n(d.count))} fra ${area('from')} til ${area('to')}.`
        : `${F} flew ${n(d.count)} ${bn(lang, n(d.count))} from ${area('from')} to ${area('to')}.`;
    case 'seaMove':
      return no
        ? `${F} fraktet ${n(d.count)} ${bn(lang, n(d.count))} sjøveien fra ${area('from')} til ${area('to')}.`
        : `${F} shipped ${n(d.count)} ${bn(lang, n(d.count))} from ${area('from')} to ${area('to')}.`;
    case 'occupied':
      return no ? `${F} rykket inn i ${area('area')} uten kamp.` : `${F} moved into ${area('area')} unopposed.`;
    case 'combatStarts':
      return no
        ? `Kamp i ${area('area')}: ${counted(lang, n(d.attackers), 'angriper', 'angripere')} mot ${counted(lang, n(d.defenders), 'forsvarer', 'forsvarere')}.`
        : `Combat in ${area('area')}: ${counted(lang, n(d.attackers), 'attacker', 'attackers')} against ${counted(lang, n(d.defenders), 'defender', 'defenders')}.`;
    case 'combatRolled':
      return no
        ? `Terninger i ${area('area')}: angriper ${dice(d.attackerDice)} (sum ${n(d.attackerTotal)}), forsvarer ${dice(d.defenderDice)} (sum ${n(d.defenderTotal)}).`
        : `Dice in ${area('area')}: attacker ${dice(d.attackerDice)} (total ${n(d.attackerTotal)}), defender ${dice(d.defenderDice)} (total ${n(d.defenderTotal)}).`;
    case 'combatLosses':
      return no
        ? `Tap i ${area('area')}: angriperen mistet ${n(d.attackerLost)}, forsvareren ${n(d.defenderLost)}.`
        : `Losses in ${area('area')}: the attacker lost ${n(d.attackerLost)}, the defender ${n(d.defenderLost)}.`;
    case 'combatEnds': {
      const holder = d.holder ? factionName(lang, d.holder) : null;
      const won = d.winner === 'attacker' ? (no ? 'angriperen' : 'the attacker') : no ? 'forsvareren' : 'the defender';
      return no
        ? `Kampen i ${area('area')} er over: ${won} vant${holder ? `, ${holder} holder området` : ''}.`
        : `The combat in ${area('area')} is over: ${won} won${holder ? `; ${holder} holds the area` : ''}.`;
    }
  }
  return undefined;
}

/** After combat, reinforcement and trading, decks running out, and the end of the game. */
function aftermathLog({ e, d, F, area, no, lang }: Ctx): string | undefined {
  switch (e.event) {
    case 'retreated':
      return no
        ? `${F} trakk ${n(d.count)} ${bn(lang, n(d.count))} tilbake fra ${area('from')} til ${area('to')}.`
        : `${F} retreated ${n(d.count)} ${bn(lang, n(d.count))} from ${area('from')} to ${area('to')}.`;
    case 'noRetreat':
      return no
        ? `${F} hadde ingen vei tilbake fra ${area('area')} og mistet ${n(d.lost)} ${bn(lang, n(d.lost))}.`
        : `${F} had nowhere to retreat from ${area('area')} and lost ${n(d.lost)} ${bn(lang, n(d.lost))}.`;
    case 'evacuated':
      return no
        ? `De allierte evakuerte én bataljon fra ${area('from')} til ${area('to')}.`
        : `The Allies evacuated one battalion from ${area('from')} to ${area('to')}.`;
    case 'lossesAgreed':
      return no
        ? `De allierte godtok Norges forslag om tap i ${area('area')}.`
        : `The Allies accepted Norway's split of losses in ${area('area')}.`;
    case 'lossesDisputed':
      return no
        ? `De allierte avslo Norges forslag om tap i ${area('area')}; Tyskland bestemmer.`
        : `The Allies refused Norway's split of losses in ${area('area')}; Germany decides.`;
    case 'traded': {
      // 9. April cards are traded in the 9. April turn, action cards later.
      const titles = arr(d.cards)
        .map((c) => cardName(s(c), lang))
        .join(', ');
      return no
        ? `${F} byttet inn ${arr(d.cards).length} kort (${counted(lang, n(d.symbols), 'symbol', 'symboler')}): ${titles}.`
        : `${F} traded ${counted(lang, arr(d.cards).length, 'card', 'cards')} (${counted(lang, n(d.symbols), 'symbol', 'symbols')}): ${titles}.`;
    }
    case 'reinforced':
      return no
        ? `${F} satte ut ${n(d.count)} ${bn(lang, n(d.count))} i ${area('area')}${d.byAir ? ' med fly' : ''}.`
        : `${F} placed ${n(d.count)} ${bn(lang, n(d.count))} in ${area('area')}${d.byAir ? ' by air' : ''}.`;
    case 'landed':
      return no
        ? `De allierte gikk i land i ${arr(d.areas)
            .map((a) => areaName(s(a)))
            .join(' og ')}.`
        : `The Allies landed in ${arr(d.areas)
            .map((a) => areaName(s(a)))
            .join(' and ')}.`;
    case 'submarine':
      return no
        ? `${F} angrep med Ubåt ved ${area('area')}: kastet ${n(d.die)} – ${d.sunk ? 'én bataljon senket' : 'bom'}.`
        : `${F} struck with ${cardKindName('de.ubat', lang)} off ${area('area')}: rolled ${n(d.die)} – ${d.sunk ? 'one battalion sunk' : 'a miss'}.`;
    case 'discarded':
      return no ? `${F} kastet ${cardName(s(d.card), lang)}.` : `${F} discarded ${cardName(s(d.card), lang)}.`;
    case 'withdrew':
      return no
        ? `De allierte trakk ${n(d.count)} ${bn(lang, n(d.count))} ut av Norge.`
        : `The Allies withdrew ${n(d.count)} ${bn(lang, n(d.count))} from Norway.`;
    case 'norwayReshuffles':
      return no
        ? `Norge stokker de brukte kortene til en ny bunke (${n(d.cards)} kort).`
        : `Norway shuffles its used cards into a new deck (${counted(lang, n(d.cards), 'card', 'cards')}).`;
    case 'alliedDeckOut':
      return no ? 'De alliertes kortstokk er brukt opp.' : 'The Allied deck is spent.';
    case 'deckOut':
      // A scenario's deck: either the end of the game, or simply no more cards for that side.
      return no
        ? `${F} har trukket sitt siste kort.`
        : `${F} ${agree(e.faction, 'has', 'have')} drawn ${agree(e.faction, 'its', 'their')} last card.`;
    case 'germanDeckOut':
      return no ? 'Tyskland har trukket sitt siste kort.' : 'Germany has drawn its last card.';
    case 'outOfTime':
      return no ? `${F} gikk tom for tid.` : `${F} ran out of time.`;
    case 'gameOver': {
      const w = factionName(lang, d.winner);
      const lvl = translate(lang, `result.${s(d.level)}`);
      return no
        ? `Spillet er over: ${w} vinner (${lvl.toLowerCase()}).`
        : `The game is over: ${w} win${d.winner === 'germany' ? 's' : ''} (${lvl.toLowerCase()}).`;
    }
  }
  return undefined;
}

/** The sentence makers, one per kind of entry; each answers only the events it knows. */
const DESCRIBERS: ((c: Ctx) => string | undefined)[] = [april9SeaLog, navalLog, april9LandLog, turnLog, aftermathLog];

/** One log entry as a sentence. Unknown events fall back to their name (never their raw data). */
export function describeLog(e: LogEntry, lang: Lang): string {
  const d = (e.data ?? {}) as D;
  const c: Ctx = { e, d, F: factionName(lang, e.faction), area: (k) => areaName(s(d[k])), no: lang === 'no', lang };
  for (const describe of DESCRIBERS) {
    const text = describe(c);
    if (text !== undefined) return text;
  }
  return c.no ? `${c.F}: ${e.event}` : `${c.F}: ${e.event}`;
}
