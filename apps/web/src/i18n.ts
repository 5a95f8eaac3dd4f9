/**
 * Norwegian (bokmål) and English texts. Every player-facing string lives here; a key missing in one
 * language falls back to the other, then to the key itself (so a gap shows, but never breaks a page).
 */
import { createContext, useContext } from 'react';
import { ADVANCED_STRINGS } from './i18n-advanced';
import { SCENARIO_STRINGS } from './i18n-scenarios';
import { HELP_STRINGS } from './i18n-help';
import { COMFORT_STRINGS } from './i18n-comfort';
import { TABLE_STRINGS } from './i18n-table';
import { BOT_STRINGS } from './i18n-bots';
import { CLOCK_STRINGS } from './i18n-clocks';
import { PUSH_STRINGS } from './i18n-push';
import { AUTOPASS_STRINGS } from './i18n-autopass';
import { ERROR_STRINGS, ERROR_TEXTS } from './i18n-errors';

export type Lang = 'no' | 'en';
export const LANGS: Lang[] = ['no', 'en'];
type Params = Record<string, string | number>;
/** Entries read their parameters loosely: a missing one shows as "undefined" rather than failing. */
type Entry = string | ((p: Record<string, any>) => string);

/** A faction name inside a sentence: "the Allies", "de allierte". */
const mid = (f: unknown) => String(f).replace(/^The /, 'the ').replace(/^De /, 'de ');
const possessive = (f: unknown) => (String(f).endsWith('s') ? `${f}'` : `${f}'s`);
const plural = (n: number | string | undefined, one: string, many: string) => (Number(n) === 1 ? one : many);

export const STRINGS: Record<Lang, Record<string, Entry>> = {
  no: {
    'app.title': 'Kampen om Norge',
    'app.tagline': 'Invasjonen av Norge, april 1940 – for tre spillere på nett',
    'lang.switch': 'English',
    'lang.label': 'Språk',

    'faction.germany': 'Tyskland',
    'faction.norway': 'Norge',
    'faction.allies': 'De allierte',
    'faction.norway-allies': 'Norge og de allierte',
    'letter.germany': 'T',
    'letter.norway': 'N',
    'letter.allies': 'A',
    'seat.germany': 'Tyskland',
    'seat.norway': 'Norge',
    'seat.allies': 'De allierte',
    'seat.norway+allies': 'Norge og de allierte',

    'home.create': 'Opprett et parti',
    'home.intro':
      'Opprett et parti, del lenkene med de andre spillerne, og spill i hver deres nettleser. Tilskuere kan følge med via en egen lenke.',
    'home.name': 'Ditt navn',
    'home.namePlaceholder': 'F.eks. Ingrid',
    'home.ruleset': 'Regler',
    'home.ruleset.basic': 'Grunnspillet',
    'home.ruleset.basic.hint': 'Kapittel 1–4 i regelheftet.',
    'home.ruleset.advanced': 'Avansert spill',
    'home.ruleset.scenarios': 'Scenarioer (Narvik m.fl.)',
    'home.coming': 'kommer',
    'home.plan': 'Hvem spiller',
    'home.plan.three': 'Tre spillere',
    'home.plan.three.hint': 'Én spiller hver for Tyskland, Norge og de allierte.',
    'home.plan.two': 'To spillere',
    'home.plan.two.hint': 'Én spiller har Tyskland, den andre både Norge og de allierte.',
    'home.plan.teams': 'Lag',
    'home.plan.teams.hint': 'Som tre spillere, men flere kan dele en side (samme lenke).',
    'home.seat': 'Din side',
    'home.seat.watch': 'Bare se på',
    'home.seat.watch.hint': 'Du tar ingen side: datamaskinen (eller de du inviterer) spiller, og du følger partiet som tilskuer.',
    'home.submit': 'Opprett parti',
    'home.creating': 'Oppretter …',
    'home.needName': 'Skriv navnet ditt over før du oppretter partiet.',
    'home.needClock': 'Rett tidene for klokken over før du oppretter partiet.',
    'home.yourMatches': 'Dine partier i denne nettleseren',
    'home.open': 'Åpne',
    'home.about':
      'Grunnspillet: Tyskland angriper, Norge forsvarer og venter på de allierte. Spillet slutter når Tyskland trekker sitt siste kort – holder Tyskland da alle seiersbyene, vinner Tyskland.',

    'invite.title': 'Inviter spillerne',
    'invite.intro': 'Send hver lenke til den som skal ha den siden. Lenkene er hemmelige: den som har en lenke, kan ta plassen.',
    'invite.seatLink': ({ seat }) => `Lenke for ${seat}`,
    'invite.spectator': 'Tilskuerlenke',
    'invite.spectator.hint': 'Ser brettet og loggen, aldri noen hånd.',
    'invite.copy': 'Kopier',
    'invite.copied': 'Kopiert!',
    'invite.yours': 'din plass',
    'invite.toMatch': 'Gå til partiet',
    'invite.missing': 'Invitasjonslenkene finnes bare i nettleseren som opprettet partiet.',

    'join.title': 'Bli med i partiet',
    'join.as': ({ seat }) => `Du blir med som ${seat}.`,
    'join.submit': 'Bli med',
    'join.badLink': 'Denne lenken er ugyldig eller utløpt.',
    'join.already': 'Du er allerede med i dette partiet.',

    'wait.title': 'Venterom',
    'wait.intro': 'Partiet starter når alle plassene er tatt.',
    'wait.online': 'på nett',
    'wait.offline': 'ikke på nett',
    'wait.empty': 'venter på spiller',
    'wait.spectators': ({ n }) => `${n} ${plural(n, 'tilskuer', 'tilskuere')}`,
    'wait.invite': 'Vis invitasjonslenkene',
    'wait.you': 'deg',

    'member.you': 'Du:',
    'member.menu': 'Navn og plass',
    'member.name': 'Ditt navn i partiet',
    'member.save': 'Lagre navnet',
    'member.saving': 'Lagrer …',
    'member.saved': 'Navnet er endret.',
    'member.leave': 'Forlat partiet',
    'member.leaving': 'Forlater …',
    'member.leave.title': 'Forlate partiet?',
    'member.leave.text':
      'Denne nettleseren glemmer plassen din, og du kan bare komme tilbake med invitasjonslenken. Har ingen andre din side, må de andre vente til noen blir med.',
    'member.leave.confirm': 'Ja, forlat partiet',
    'member.error.name': 'Navnet må ha 1–32 tegn, uten spesialtegn som linjeskift.',
    'member.error.gone': 'Denne nettleseren er ikke lenger med i partiet.',
    'member.error.rate': 'For mange forespørsler. Vent litt og prøv igjen.',
    'member.error.server': 'Serveren starter på nytt. Prøv igjen om et øyeblikk.',
    'member.error.network': 'Fikk ikke kontakt med serveren. Sjekk nettet og prøv igjen.',
    'dock.hide': 'Skjul',
    'dock.show': 'Vis',

    'conn.online': 'Tilkoblet',
    'conn.offline': 'Frakoblet – prøver igjen …',
    'conn.connecting': 'Kobler til …',
    'conn.lost': 'Forbindelsen er brutt',
    'conn.lost.act': 'Vi prøver å koble til igjen. Du kan gjøre trekket ditt når forbindelsen er tilbake.',
    'conn.lost.wait': 'Vi prøver å koble til igjen.',
    'conn.notSent': 'Trekket ble ikke sendt: forbindelsen er brutt. Gjør det igjen når den er tilbake.',
    'spectator.badge': 'Tilskuer',

    'phase.movement': 'Forflytning',
    'phase.combat': 'Kamp',
    'phase.reinforcement': 'Forsterkninger',
    'phase.newCards': 'Nye kort',
    'status.round': ({ n }) => `Runde ${n}`,
    'status.waiting': 'Venter på spillere',
    'status.turn': ({ f }) => `${f}s tur`,
    'status.answers': ({ f }) => `${f} svarer`,

    'banner.you': 'Din tur',
    'banner.wait': ({ f }) => `Venter på ${mid(f)}`,
    'banner.over': 'Spillet er over',
    'do.movement': 'Flytt bataljoner og spill forflytningskort. Avslutt fasen når du er ferdig.',
    'do.movement.invasion': 'Invasjon: kjøp og sett i land bataljoner på den blå kysten, eller flytt videre.',
    'do.combat': 'Velg hvilken kamp som skal utkjempes nå.',
    'do.reinforcement': 'Bytt inn kort mot bataljoner og sett dem ut. Avslutt fasen når du er ferdig.',
    'do.reinforcement.land': 'De allierte går i land: velg to kystområder (tre bataljoner i hvert).',
    'do.sabotage': 'Tyske styrker er på vei. Spill Veisperring, Sprengt bro eller Rask forflytning – eller stå over.',
    'do.engineers': ({ card, area }) => `Norge spilte ${card} mot angrepet på ${area}. Opphev det med Ingeniørkompani, eller la det stå.`,
    'do.paratroopers': ({ area }) => `En fallskjermjeger landet i ${area}. Led den bort med Jagerfly, eller stå over.`,
    'do.submarine': ({ area, n }) =>
      `${n} fiendtlige ${plural(n, 'bataljon', 'bataljoner')} gikk nettopp i land i ${area}. Angrip med Ubåt, eller stå over.`,
    'do.discard': 'Du brukte ingen kort denne runden: kast ett kort.',
    'do.withdraw': ({ n }) => `De alliertes kortstokk er tom: ta ${n} ${plural(n, 'bataljon', 'bataljoner')} ut av brettet.`,
    'do.attackerCards': ({ area }) => `Kamp i ${area}: spill angrepskort, og gå videre.`,
    'do.defenderCards': ({ area }) => `Kamp i ${area}: spill forsvarskort, og gå videre.`,
    'do.counter': ({ area }) => `Kamp i ${area}: du kan oppheve et forsvarskort før terningene kastes.`,
    'do.losses': 'Velg hvilke bataljoner som går tapt.',
    'do.losses.propose': 'Foreslå hvordan Norge og de allierte deler tapene.',
    'do.losses.germany': 'De allierte sa nei til Norges forslag: du bestemmer hvordan tapene fordeles.',
    'do.answerLosses': 'Norge foreslår en fordeling av tapene. Godtar du?',
    'do.evacuate': ({ area }) => `Kamp i ${area}: redd én bataljon med Kystevakuering, eller stå over.`,
    'do.retreat': 'Velg hvor de slagne bataljonene trekker seg tilbake.',
    'wait.movement': ({ f }) => `${f} flytter.`,
    'wait.combat': ({ f }) => `${f} velger neste kamp.`,
    'wait.reinforcement': ({ f }) => `${f} forsterker.`,
    'wait.sabotage': 'Norge kan sabotere de tyske angrepene.',
    'wait.engineers': 'Tyskland kan oppheve sabotasjen med Ingeniørkompani.',
    'wait.paratroopers': 'De allierte kan lede fallskjermjegeren bort.',
    'wait.submarine': ({ f }) => `${f} kan angripe de nye bataljonene med Ubåt.`,
    'wait.discard': ({ f }) => `${f} kaster et kort.`,
    'wait.withdraw': 'De allierte trekker bataljoner ut.',
    'wait.attackerCards': ({ f }) => `${f} kan spille angrepskort.`,
    'wait.defenderCards': ({ f }) => `${f} kan spille forsvarskort.`,
    'wait.counter': ({ f }) => `${f} kan oppheve et forsvarskort.`,
    'wait.losses': ({ f }) => `${f} velger tap.`,
    'wait.answerLosses': 'De allierte svarer på Norges forslag om tap.',
    'wait.evacuate': 'De allierte kan evakuere én bataljon.',
    'wait.retreat': ({ f }) => `${f} velger retrett.`,
    'twoPlayer.now': ({ f }) => `Du styrer nå ${mid(f)}.`,

    'act.pass': 'Stå over',
    'act.nothingAnswers': 'Ingen av kortene dine kan brukes her nå. Vinduet åpnes likevel, så de andre ikke kan se hva du har på hånden.',
    'act.continue': 'Gå videre',
    'act.roll': 'Kast terningene',
    'act.endPhase': ({ phase }) => `Avslutt ${phase.toLowerCase()}`,
    'act.cancel': 'Avbryt',
    'act.confirm': 'Bekreft',
    'act.play': 'Spill kortet',
    'act.move': ({ n, to }) => `Flytt ${n} til ${to}`,
    'act.attack': ({ n, to }) => `Angrip ${to} med ${n}`,
    'act.selectStack': 'Velg en av dine stabler på kartet for å flytte den.',
    'act.selected': ({ n, area }) => `${n} ${plural(n, 'bataljon', 'bataljoner')} i ${area} kan flyttes.`,
    'act.howMany': 'Hvor mange?',
    'act.pickDestination': 'Klikk et uthevet område på kartet, eller velg her:',
    'act.pickArea': 'Velg område',
    'act.chooseCombat': 'Velg kamp',
    'act.place': ({ n }) => `Sett ut (${n} igjen)`,
    'act.placeIn': ({ n, area }) => `Sett ${n} i ${area}`,
    'act.byAir': 'Med Transportfly (til flyplass)',
    'act.trade': 'Bytt inn valgte kort',
    'act.tradeHint': 'Merk kort i hånden for å bytte dem inn (3 symboler = 1 bataljon).',
    'act.selectedSymbols': ({ s, n }) => `${s} ${plural(s, 'symbol', 'symboler')} valgt → ${n} ${plural(n, 'bataljon', 'bataljoner')}`,
    'act.available': ({ n, s }) =>
      `Kjøpt: ${n} ${plural(n, 'bataljon', 'bataljoner')} å sette ut (${s} ${plural(s, 'symbol', 'symboler')} innbyttet).`,
    'act.land': 'Landsetting',
    'act.landFirst': 'Velg første kystområde.',
    'act.landSecond': ({ area }) => `${area} valgt. Velg det andre.`,
    'act.discard': 'Kast',
    'act.accept': 'Godta',
    'act.refuse': 'Avslå',
    'act.lossesLeft': ({ n }) => `${n} igjen å fordele`,
    'act.withdrawFrom': 'Ta ut fra',
    'act.effect': 'Velg virkning',
    'act.param.attack': 'Hvilket angrep?',
    'act.param.target': 'Hvilket kort skal oppheves?',
    'act.param.from': 'Fra hvilket område?',
    'act.param.via': 'Gjennom hvilket område?',
    'act.param.to': 'Til hvilket område?',
    'act.param.count': 'Hvor mange bataljoner?',
    'act.attackLabel': ({ from, to, n }) => `${n} fra ${from} mot ${to}`,
    'act.refused': 'Serveren avviste trekket.',
    'act.nothing': 'Ingenting å gjøre akkurat nå.',

    'hand.title': 'Din hånd',
    'hand.titleOf': ({ f }) => `Hånden til ${mid(f)}`,
    'hand.empty': 'Ingen kort på hånden.',
    'hand.playable': 'Kan spilles nå',
    'hand.symbols': ({ n }) => `${n} ${plural(n, 'forsterkningssymbol', 'forsterkningssymboler')}`,
    'hand.noEffect': 'Bare forsterkninger',
    'hand.tradeSelect': 'Bytt inn',
    'card.timing.attackDice': 'Kamp – angrep',
    'card.timing.defenseDice': 'Kamp – forsvar',
    'card.timing.cancel': 'Kamp – motkort',
    'card.timing.cancelSabotage': 'Reaksjon',
    'card.timing.roadblock': 'Reaksjon',
    'card.timing.blownBridge': 'Reaksjon',
    'card.timing.rapidMove': 'Forflytning',
    'card.timing.escape': 'Reaksjon',
    'card.timing.paradrop': 'Forflytning',
    'card.timing.airlift': 'Forflytning',
    'card.timing.airReinforce': 'Forsterkning',
    'card.timing.invasion': 'Forflytning',
    'card.timing.redirectParatrooper': 'Reaksjon',
    'card.timing.seaMove': 'Forflytning',
    'card.timing.evacuate': 'Kamp – reaksjon',
    'card.timing.sinkReinforcement': 'Reaksjon',
    'card.timing.navalSink': 'Avansert spill',

    'side.title': 'Sidene',
    'side.hand': ({ n }) => `${n} kort på hånden`,
    'side.deck': ({ n }) => `${n} i stokken`,
    'side.used': ({ n }) => `${n} brukt`,
    'side.units': ({ n }) => `${n} på brettet`,
    'side.you': 'deg',

    'combat.title': ({ area }) => `Kamp i ${area}`,
    'combat.attacker': 'Angriper',
    'combat.defender': 'Forsvarer',
    'combat.battalions': ({ n }) => `${n} ${plural(n, 'bataljon', 'bataljoner')}`,
    'combat.diceFromBattalions': ({ n }) => `${n} ${plural(n, 'terning', 'terninger')} fra bataljoner`,
    'combat.diceFromCard': ({ card, n }) => `+${n} fra ${card}`,
    'combat.cancelled': 'opphevet',
    'combat.cancels': ({ card }) => `opphever ${card}`,
    'combat.total': ({ n }) => `Sum ${n}`,
    'combat.hits': ({ n }) => `${n} ${plural(n, 'sekser', 'seksere')}: ${n} ${plural(n, 'tap', 'tap')} for motstanderen`,
    'combat.winner': ({ side }) => `${side} vinner kampen`,
    'combat.step.attackerCards': 'Angriperen spiller kort',
    'combat.step.defenderCards': 'Forsvareren spiller kort',
    'combat.step.counter': 'Angriperen kan svare',
    'combat.step.losses': 'Tap fordeles',
    'combat.step.evacuate': 'Kystevakuering?',
    'combat.step.retreat': 'Retrett',
    'combat.route.land': 'over land',
    'combat.route.fjord': 'over fjord (halve terninger)',
    'combat.route.air': 'fra luften',
    'combat.route.sea': 'fra sjøen',
    'combat.from': ({ area }) => `fra ${area}`,
    'combat.rule': 'Høyeste sum vinner (uavgjort: forsvareren). Hver sekser koster motstanderen én bataljon.',
    'combat.retreatTo': 'Retrett til',
    'combat.noRoll': 'Terningene er ikke kastet ennå.',

    'map.zoomIn': 'Zoom inn',
    'map.zoomOut': 'Zoom ut',
    'map.reset': 'Hele kartet',
    'map.legend': 'Tegnforklaring',
    'map.north': 'Nord-Norge',
    'map.south': 'Sør-Norge',
    'map.northShort': 'N',
    'map.southShort': 'S',
    'map.victoryCity': 'Seiersby',
    'map.mobilization': 'Mobiliseringspunkt',
    'map.airfield': 'Flyplass',
    'map.fjord': 'Fjord- eller sjøgrense',
    'map.redZone': 'Tysk sone (rød skygge)',
    'map.underAttack': 'Angrep ved grensen',

    'log.title': 'Logg',
    'chat.title': 'Chat',
    'chat.placeholder': 'Skriv en melding …',
    'chat.send': 'Send',
    'chat.empty': 'Ingen meldinger ennå.',
    'chat.spectator': 'Tilskuere kan lese, men ikke skrive.',
    'tabs.action': 'Handling',
    'tabs.hand': 'Hånd',
    'tabs.log': 'Logg',
    'tabs.chat': 'Chat',

    'result.title': 'Spillet er over',
    'result.germany': 'Tyskland vinner',
    'result.norway-allies': 'Norge og de allierte vinner',
    'result.clear': 'Klar seier',
    'result.marginal': 'Knepen seier',
    'result.reason.deck': 'Tyskland trakk sitt siste kort.',
    'result.reason.elimination': 'Den ene siden har ingen bataljoner igjen på brettet.',
    'result.cities': ({ list }) => `Seiersbyer på tyske hender: ${list}`,
    'result.none': 'ingen',
    'result.back': 'Til forsiden',

    'error.generic': 'Noe gikk galt.',
    'error.loadFailed': 'Siden kunne ikke lastes. Sjekk nettforbindelsen og last inn på nytt.',
    'error.reload': 'Last inn på nytt',
    'error.notFound': 'Fant ikke partiet – lenken kan være feil.',
    'error.noAccess': 'Denne nettleseren har ingen plass i partiet. Bruk invitasjonslenken du fikk.',
    loading: 'Laster …',
    'home.link': 'Kampen om Norge',
  },
  en: {
    'app.title': 'Kampen om Norge',
    'app.tagline': 'The invasion of Norway, April 1940 – three players, online',
    'lang.switch': 'Norsk',
    'lang.label': 'Language',

    'faction.germany': 'Germany',
    'faction.norway': 'Norway',
    'faction.allies': 'The Allies',
    'faction.norway-allies': 'Norway and the Allies',
    'letter.germany': 'G',
    'letter.norway': 'N',
    'letter.allies': 'A',
    'seat.germany': 'Germany',
    'seat.norway': 'Norway',
    'seat.allies': 'The Allies',
    'seat.norway+allies': 'Norway and the Allies',

    'home.create': 'Create a match',
    'home.intro':
      'Create a match, send the links to the other players, and play from separate browsers. Spectators can watch with a link of their own.',
    'home.name': 'Your name',
    'home.namePlaceholder': 'E.g. Ingrid',
    'home.ruleset': 'Rules',
    'home.ruleset.basic': 'Basic game',
    'home.ruleset.basic.hint': 'Chapters 1–4 of the rulebook.',
    'home.ruleset.advanced': 'Advanced game',
    'home.ruleset.scenarios': 'Scenarios (Narvik and more)',
    'home.coming': 'coming',
    'home.plan': 'Who plays',
    'home.plan.three': 'Three players',
    'home.plan.three.hint': 'One player each for Germany, Norway and the Allies.',
    'home.plan.two': 'Two players',
    'home.plan.two.hint': 'One player has Germany, the other both Norway and the Allies.',
    'home.plan.teams': 'Teams',
    'home.plan.teams.hint': 'Like three players, but several people may share a side (same link).',
    'home.seat': 'Your side',
    'home.seat.watch': 'Only watch',
    'home.seat.watch.hint': 'You take no side: the computer (or whoever you invite) plays, and you follow the match as a spectator.',
    'home.submit': 'Create match',
    'home.creating': 'Creating …',
    'home.needName': 'Type your name above before you create the match.',
    'home.needClock': 'Correct the clock times above before you create the match.',
    'home.yourMatches': 'Your matches in this browser',
    'home.open': 'Open',
    'home.about':
      'The basic game: Germany attacks, Norway holds out and waits for the Allies. The game ends when Germany draws its last card – if Germany then holds every victory city, Germany wins.',

    'invite.title': 'Invite the players',
    'invite.intro': 'Send each link to the person who takes that side. The links are secret: whoever has one can take the seat.',
    'invite.seatLink': ({ seat }) => `Link for ${seat}`,
    'invite.spectator': 'Spectator link',
    'invite.spectator.hint': 'Sees the board and the log, never a hand.',
    'invite.copy': 'Copy',
    'invite.copied': 'Copied!',
    'invite.yours': 'your seat',
    'invite.toMatch': 'Go to the match',
    'invite.missing': 'The invite links exist only in the browser that created the match.',

    'join.title': 'Join the match',
    'join.as': ({ seat }) => `You join as ${seat}.`,
    'join.submit': 'Join',
    'join.badLink': 'This link is not valid (or no longer valid).',
    'join.already': 'You have already joined this match.',

    'wait.title': 'Waiting room',
    'wait.intro': 'The match starts when every seat is taken.',
    'wait.online': 'online',
    'wait.offline': 'offline',
    'wait.empty': 'waiting for a player',
    'wait.spectators': ({ n }) => `${n} ${plural(n, 'spectator', 'spectators')}`,
    'wait.invite': 'Show the invite links',
    'wait.you': 'you',

    'member.you': 'You:',
    'member.menu': 'Name and seat',
    'member.name': 'Your name in this match',
    'member.save': 'Save the name',
    'member.saving': 'Saving …',
    'member.saved': 'Name changed.',
    'member.leave': 'Leave the match',
    'member.leaving': 'Leaving …',
    'member.leave.title': 'Leave the match?',
    'member.leave.text':
      'This browser forgets your seat, and you can come back only with the invite link. If nobody else holds your side, the others must wait until someone joins.',
    'member.leave.confirm': 'Yes, leave the match',
    'member.error.name': 'A name must be 1–32 characters, without special characters such as line breaks.',
    'member.error.gone': 'This browser is no longer a member of the match.',
    'member.error.rate': 'Too many requests. Wait a moment and try again.',
    'member.error.server': 'The server is restarting. Try again in a moment.',
    'member.error.network': 'Could not reach the server. Check the connection and try again.',
    'dock.hide': 'Hide',
    'dock.show': 'Show',

    'conn.online': 'Connected',
    'conn.offline': 'Disconnected – retrying …',
    'conn.connecting': 'Connecting …',
    'conn.lost': 'Connection lost',
    'conn.lost.act': 'Reconnecting. You can make your move once the connection is back.',
    'conn.lost.wait': 'Reconnecting.',
    'conn.notSent': 'That move was not sent: the connection is lost. Make it again once it is back.',
    'spectator.badge': 'Spectator',

    'phase.movement': 'Movement',
    'phase.combat': 'Combat',
    'phase.reinforcement': 'Reinforcements',
    'phase.newCards': 'New cards',
    'status.round': ({ n }) => `Round ${n}`,
    'status.waiting': 'Waiting for players',
    'status.turn': ({ f }) => `${possessive(f)} turn`,
    'status.answers': ({ f }) => `${f} to answer`,

    'banner.you': 'Your move',
    'banner.wait': ({ f }) => `Waiting for ${mid(f)}`,
    'banner.over': 'The game is over',
    'do.movement': 'Move battalions and play movement cards. End the phase when you are done.',
    'do.movement.invasion': 'Invasjon: buy battalions and land them on the blue coast, or keep moving.',
    'do.combat': 'Choose which combat to fight now.',
    'do.reinforcement': 'Trade cards for battalions and place them. End the phase when you are done.',
    'do.reinforcement.land': 'The Allies land: choose two coastal areas (three battalions each).',
    'do.sabotage': 'German forces are on their way. Play Veisperring, Sprengt bro or Rask forflytning – or pass.',
    'do.engineers': ({ card, area }) =>
      `Norway played ${card} against the attack on ${area}. Cancel it with Ingeniørkompani, or let it stand.`,
    'do.paratroopers': ({ area }) => `A paratrooper landed in ${area}. Divert it with Jagerfly, or pass.`,
    'do.submarine': ({ area, n }) =>
      `${n} enemy ${plural(n, 'battalion', 'battalions')} just landed in ${area}. Strike with Ubåt, or pass.`,
    'do.discard': 'You used no card this round: discard one card.',
    'do.withdraw': ({ n }) => `The Allied deck is spent: take ${n} ${plural(n, 'battalion', 'battalions')} off the board.`,
    'do.attackerCards': ({ area }) => `Combat in ${area}: play attack cards, then continue.`,
    'do.defenderCards': ({ area }) => `Combat in ${area}: play defence cards, then continue.`,
    'do.counter': ({ area }) => `Combat in ${area}: you may cancel a defence card before the dice are rolled.`,
    'do.losses': 'Choose which battalions are lost.',
    'do.losses.propose': 'Propose how Norway and the Allies share the losses.',
    'do.losses.germany': "The Allies refused Norway's proposal: you decide how the losses are shared.",
    'do.answerLosses': 'Norway proposes how to share the losses. Do you accept?',
    'do.evacuate': ({ area }) => `Combat in ${area}: save one battalion with Kystevakuering, or pass.`,
    'do.retreat': 'Choose where the defeated battalions retreat.',
    'wait.movement': ({ f }) => `${f} is moving.`,
    'wait.combat': ({ f }) => `${f} is choosing the next combat.`,
    'wait.reinforcement': ({ f }) => `${f} is reinforcing.`,
    'wait.sabotage': 'Norway may sabotage the German attacks.',
    'wait.engineers': 'Germany may cancel the sabotage with Ingeniørkompani.',
    'wait.paratroopers': 'The Allies may divert the paratrooper.',
    'wait.submarine': ({ f }) => `${f} may strike the new battalions with Ubåt.`,
    'wait.discard': ({ f }) => `${f} is discarding a card.`,
    'wait.withdraw': 'The Allies are withdrawing battalions.',
    'wait.attackerCards': ({ f }) => `${f} may play attack cards.`,
    'wait.defenderCards': ({ f }) => `${f} may play defence cards.`,
    'wait.counter': ({ f }) => `${f} may cancel a defence card.`,
    'wait.losses': ({ f }) => `${f} is choosing losses.`,
    'wait.answerLosses': "The Allies are answering Norway's proposal of losses.",
    'wait.evacuate': 'The Allies may evacuate one battalion.',
    'wait.retreat': ({ f }) => `${f} is choosing where to retreat.`,
    'twoPlayer.now': ({ f }) => `You are now commanding ${mid(f)}.`,

    'act.pass': 'Pass',
    'act.nothingAnswers':
      'None of your cards can be played here now. The window opens all the same, so the others cannot tell what you hold.',
    'act.continue': 'Continue',
    'act.roll': 'Roll the dice',
    'act.endPhase': ({ phase }) => `End ${phase.toLowerCase()}`,
    'act.cancel': 'Cancel',
    'act.confirm': 'Confirm',
    'act.play': 'Play the card',
    'act.move': ({ n, to }) => `Move ${n} to ${to}`,
    'act.attack': ({ n, to }) => `Attack ${to} with ${n}`,
    'act.selectStack': 'Pick one of your stacks on the map to move it.',
    'act.selected': ({ n, area }) => `${n} ${plural(n, 'battalion', 'battalions')} in ${area} can move.`,
    'act.howMany': 'How many?',
    'act.pickDestination': 'Click a highlighted area on the map, or choose here:',
    'act.pickArea': 'Choose an area',
    'act.chooseCombat': 'Choose a combat',
    'act.place': ({ n }) => `Place (${n} left)`,
    'act.placeIn': ({ n, area }) => `Place ${n} in ${area}`,
    'act.byAir': 'By Transportfly (to an air field)',
    'act.trade': 'Trade the selected cards',
    'act.tradeHint': 'Mark cards in your hand to trade them in (3 symbols = 1 battalion).',
    'act.selectedSymbols': ({ s, n }) => `${s} ${plural(s, 'symbol', 'symbols')} selected → ${n} ${plural(n, 'battalion', 'battalions')}`,
    'act.available': ({ n, s }) =>
      `Bought: ${n} ${plural(n, 'battalion', 'battalions')} to place (${s} ${plural(s, 'symbol', 'symbols')} traded).`,
    'act.land': 'Landing',
    'act.landFirst': 'Choose the first coastal area.',
    'act.landSecond': ({ area }) => `${area} chosen. Choose the second.`,
    'act.discard': 'Discard',
    'act.accept': 'Accept',
    'act.refuse': 'Refuse',
    'act.lossesLeft': ({ n }) => `${n} left to assign`,
    'act.withdrawFrom': 'Take from',
    'act.effect': 'Choose an effect',
    'act.param.attack': 'Which attack?',
    'act.param.target': 'Which card to cancel?',
    'act.param.from': 'From which area?',
    'act.param.via': 'Through which area?',
    'act.param.to': 'To which area?',
    'act.param.count': 'How many battalions?',
    'act.attackLabel': ({ from, to, n }) => `${n} from ${from} against ${to}`,
    'act.refused': 'The server refused that move.',
    'act.nothing': 'Nothing to do right now.',

    'hand.title': 'Your hand',
    'hand.titleOf': ({ f }) => `Hand of ${mid(f)}`,
    'hand.empty': 'No cards in hand.',
    'hand.playable': 'Playable now',
    'hand.symbols': ({ n }) => `${n} ${plural(n, 'reinforcement symbol', 'reinforcement symbols')}`,
    'hand.noEffect': 'Reinforcements only',
    'hand.tradeSelect': 'Trade in',
    'card.timing.attackDice': 'Combat – attack',
    'card.timing.defenseDice': 'Combat – defence',
    'card.timing.cancel': 'Combat – counter',
    'card.timing.cancelSabotage': 'Reaction',
    'card.timing.roadblock': 'Reaction',
    'card.timing.blownBridge': 'Reaction',
    'card.timing.rapidMove': 'Movement',
    'card.timing.escape': 'Reaction',
    'card.timing.paradrop': 'Movement',
    'card.timing.airlift': 'Movement',
    'card.timing.airReinforce': 'Reinforcement',
    'card.timing.invasion': 'Movement',
    'card.timing.redirectParatrooper': 'Reaction',
    'card.timing.seaMove': 'Movement',
    'card.timing.evacuate': 'Combat – reaction',
    'card.timing.sinkReinforcement': 'Reaction',
    'card.timing.navalSink': 'Advanced game',

    'side.title': 'The sides',
    'side.hand': ({ n }) => `${n} ${plural(n, 'card', 'cards')} in hand`,
    'side.deck': ({ n }) => `${n} in deck`,
    'side.used': ({ n }) => `${n} used`,
    'side.units': ({ n }) => `${n} on the board`,
    'side.you': 'you',

    'combat.title': ({ area }) => `Combat in ${area}`,
    'combat.attacker': 'Attacker',
    'combat.defender': 'Defender',
    'combat.battalions': ({ n }) => `${n} ${plural(n, 'battalion', 'battalions')}`,
    'combat.diceFromBattalions': ({ n }) => `${n} ${plural(n, 'die', 'dice')} from battalions`,
    'combat.diceFromCard': ({ card, n }) => `+${n} from ${card}`,
    'combat.cancelled': 'cancelled',
    'combat.cancels': ({ card }) => `cancels ${card}`,
    'combat.total': ({ n }) => `Total ${n}`,
    'combat.hits': ({ n }) => `${n} ${plural(n, 'six', 'sixes')}: ${n} ${plural(n, 'loss', 'losses')} for the other side`,
    'combat.winner': ({ side }) => `${side} wins the combat`,
    'combat.step.attackerCards': 'Attacker plays cards',
    'combat.step.defenderCards': 'Defender plays cards',
    'combat.step.counter': 'Attacker may answer',
    'combat.step.losses': 'Losses',
    'combat.step.evacuate': 'Evacuation?',
    'combat.step.retreat': 'Retreat',
    'combat.route.land': 'over land',
    'combat.route.fjord': 'across a fjord (half dice)',
    'combat.route.air': 'from the air',
    'combat.route.sea': 'from the sea',
    'combat.from': ({ area }) => `from ${area}`,
    'combat.rule': 'The higher total wins (a tie goes to the defender). Every six costs the other side one battalion.',
    'combat.retreatTo': 'Retreat to',
    'combat.noRoll': 'The dice have not been rolled yet.',

    'map.zoomIn': 'Zoom in',
    'map.zoomOut': 'Zoom out',
    'map.reset': 'Whole map',
    'map.legend': 'Legend',
    'map.north': 'Northern Norway',
    'map.south': 'Southern Norway',
    'map.northShort': 'N',
    'map.southShort': 'S',
    'map.victoryCity': 'Victory city',
    'map.mobilization': 'Mobilisation point',
    'map.airfield': 'Air field',
    'map.fjord': 'Fjord or lake border',
    'map.redZone': 'German zone (red shadow)',
    'map.underAttack': 'Attack at the border',

    'log.title': 'Log',
    'chat.title': 'Chat',
    'chat.placeholder': 'Write a message …',
    'chat.send': 'Send',
    'chat.empty': 'No messages yet.',
    'chat.spectator': 'Spectators can read but not write.',
    'tabs.action': 'Action',
    'tabs.hand': 'Hand',
    'tabs.log': 'Log',
    'tabs.chat': 'Chat',

    'result.title': 'The game is over',
    'result.germany': 'Germany wins',
    'result.norway-allies': 'Norway and the Allies win',
    'result.clear': 'Clear victory',
    'result.marginal': 'Marginal victory',
    'result.reason.deck': 'Germany drew its last card.',
    'result.reason.elimination': 'One side has no battalions left on the board.',
    'result.cities': ({ list }) => `Victory cities in German hands: ${list}`,
    'result.none': 'none',
    'result.back': 'To the front page',

    'error.generic': 'Something went wrong.',
    'error.loadFailed': 'The page could not be loaded. Check your connection and reload.',
    'error.reload': 'Reload',
    'error.notFound': 'Match not found – the link may be wrong.',
    'error.noAccess': 'This browser has no seat in the match. Use the invite link you were given.',
    loading: 'Loading …',
    'home.link': 'Kampen om Norge',
  },
};

// The advanced game's texts live in their own file.
Object.assign(STRINGS.no, ADVANCED_STRINGS.no);
Object.assign(STRINGS.en, ADVANCED_STRINGS.en);
Object.assign(STRINGS.no, SCENARIO_STRINGS.no);
Object.assign(STRINGS.en, SCENARIO_STRINGS.en);
Object.assign(STRINGS.no, HELP_STRINGS.no);
Object.assign(STRINGS.en, HELP_STRINGS.en);
Object.assign(STRINGS.no, COMFORT_STRINGS.no);
Object.assign(STRINGS.en, COMFORT_STRINGS.en);
Object.assign(STRINGS.no, TABLE_STRINGS.no);
Object.assign(STRINGS.en, TABLE_STRINGS.en);
Object.assign(STRINGS.no, BOT_STRINGS.no);
Object.assign(STRINGS.en, BOT_STRINGS.en);
Object.assign(STRINGS.no, CLOCK_STRINGS.no);
Object.assign(STRINGS.en, CLOCK_STRINGS.en);
Object.assign(STRINGS.no, PUSH_STRINGS.no);
Object.assign(STRINGS.en, PUSH_STRINGS.en);
Object.assign(STRINGS.no, AUTOPASS_STRINGS.no);
Object.assign(STRINGS.en, AUTOPASS_STRINGS.en);
Object.assign(STRINGS.no, ERROR_STRINGS.no);
Object.assign(STRINGS.en, ERROR_STRINGS.en);

/** Look a text up: the language asked for, else the other one, else the key. */
export function translate(lang: Lang, key: string, params: Params = {}, table = STRINGS): string {
  const other: Lang = lang === 'no' ? 'en' : 'no';
  const entry = table[lang]?.[key] ?? table[other]?.[key];
  if (entry === undefined) return key;
  const text = typeof entry === 'function' ? entry(params) : entry;
  // Sentences written for "${f} is …" read "The Allies are …" in English.
  return lang === 'en'
    ? text.replace(/\b([Tt]he Allies) (is|has)\b/g, (_m, a: string, v: string) => `${a} ${v === 'is' ? 'are' : 'have'}`)
    : text;
}

export type T = (key: string, params?: Params) => string;

const STORAGE_KEY = 'kon.lang';
export function initialLang(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage, navLang?: string): Lang {
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (saved === 'no' || saved === 'en') return saved;
  } catch {
    /* private mode */
  }
  const n = (navLang ?? globalThis.navigator?.language ?? 'nb').toLowerCase();
  return /^(nb|nn|no)\b/.test(n) ? 'no' : 'en';
}
export function saveLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* ignore */
  }
}

export interface I18n {
  lang: Lang;
  t: T;
  setLang(l: Lang): void;
}
export const I18nContext = createContext<I18n>({
  lang: 'en',
  t: (k, p) => translate('en', k, p),
  setLang: () => {},
});
export const useI18n = () => useContext(I18nContext);

/** A refusal from the server in plain words: the text of its code (i18n-errors.ts), else the general one. */
export function refusalText(t: T, code: string): string {
  return Object.hasOwn(ERROR_TEXTS, code) ? t(`code.${code}`) : t('act.refused');
}
