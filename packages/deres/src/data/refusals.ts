/**
 * Why the rules refuse a move or a set of orders, in Norwegian (nb) and English (en): one text per
 * refusal code the engine gives (engine/kernel.ts `why`, `fail`). A text names its parameters in
 * braces; a square (`at`) is written in parentheses, so that a text still reads when it arrives
 * without its parameters (a socket refusal carries only the code: `refusalText` then leaves out the
 * parenthesis). `phase` and `blocker` parameters are themselves translated.
 */
import type { Phase } from '../types.js';
import { squareNameOfKey } from './squares.js';
import { PHASE_TEXTS, type Lang } from './texts.js';

type Both = Record<Lang, string>;

export const REFUSAL_TEXTS = {
  // The move itself
  'unknown-move': { nb: 'Spillet kjenner ikke det trekket.', en: 'The game has no such move.' },
  'bad-arguments': { nb: 'Trekket er ikke fylt ut riktig ({field}).', en: 'The move is not filled in correctly ({field}).' },
  'not-a-seat': { nb: 'Bare en nasjon i partiet kan gjøre det.', en: 'Only a nation of this match can do that.' },
  'no-nation': { nb: 'Velg nasjon først.', en: 'Choose a nation first.' },
  'game-over': { nb: 'Partiet er over.', en: 'The match is over.' },
  'nation-out': { nb: 'Nasjonen din er ute av spillet.', en: 'Your nation is out of the game.' },
  // Set-up
  'player-count': { nb: 'Deres uenighet er for 2–4 spillere.', en: 'Their Disagreement is for 2–4 players.' },
  'preset-nations': { nb: 'Hver plass må få sin egen nasjon.', en: 'Each seat must get a nation of its own.' },
  'wrong-step': { nb: 'Det er ikke tid for det nå (det er {phase}).', en: 'That is not done now (this is {phase}).' },
  'not-your-turn': { nb: 'Det er ikke din tur.', en: 'It is not your turn.' },
  'nation-taken': { nb: 'Den nasjonen er allerede valgt.', en: 'That nation is taken.' },
  'no-such-slot': { nb: 'Det feltet finnes ikke i ovalen.', en: 'The oval has no such slot.' },
  'slot-taken': { nb: 'Det feltet har allerede en terrengbit.', en: 'That slot already holds a terrain piece.' },
  'bad-supply-square': {
    nb: 'En startforsyning skal på en landrute uten forsyning, med tomme ruter rundt der det går.',
    en: 'A starting supply goes on a land square with no supply, with empty squares around it where possible.',
  },
  'bad-capital-square': {
    nb: 'Hovedstaden skal på en helt ledig rute ved kartets kant eller ved vann.',
    en: 'The capital goes on a completely free square at the edge of the map or by water.',
  },
  // Orders in general
  'no-orders-now': { nb: 'Du har ingen ordre å gi nå.', en: 'You have no orders to give now.' },
  'wrong-orders': { nb: 'Nå gis ordre for {phase}.', en: 'Orders for {phase} are given now.' },
  'invention-not-held': { nb: 'Du har ikke påfunn {invention}.', en: 'You do not hold invention {invention}.' },
  'invention-with-orders': {
    nb: 'Påfunn {invention} brukes sammen med ordrene dine.',
    en: 'Invention {invention} is played with your orders.',
  },
  'invention-not-now': { nb: 'Ikke under oppsettet eller etter slutten.', en: 'Not while setting up or after the end.' },
  // Buying
  'loan-needs-regiments': { nb: 'Et lån krever 2 regimenter i bunken.', en: 'A loan needs 2 regiments in your pool.' },
  'repay-too-many': {
    nb: 'Du kan ikke kjøpe tilbake flere regimenter enn du har lånt ut.',
    en: 'You cannot buy back more regiments than you have lent.',
  },
  'repay-before-upgrade': {
    nb: 'Kjøp tilbake de utlånte regimentene før du oppgraderer.',
    en: 'Buy back your lent regiments before upgrading.',
  },
  'max-upgrades': { nb: 'Høyst åtte oppgraderinger.', en: 'Eight upgrades at most.' },
  'only-red-fort-upgrades': { nb: 'Bare De Røde forsterker fort.', en: 'Only the Red strengthen forts.' },
  'no-such-fort': { nb: 'Du har ikke det fortet.', en: 'You have no such fort.' },
  'fort-upgrade-limit': {
    nb: 'Et fort kan forsterkes høyst like mange ganger som du har fort på kartet.',
    en: 'A fort can be strengthened at most as many times as you have forts on the map.',
  },
  'upgraded-no-castle': { nb: 'Et forsterket fort kan ikke bli slott.', en: 'A strengthened fort cannot become a castle.' },
  'square-bought-twice': { nb: 'To kjøp på samme rute ({at}).', en: 'Two purchases on one square ({at}).' },
  'bad-regiment-square': {
    nb: 'Et nytt regiment kan ikke settes der ({at}).',
    en: 'A new regiment cannot be placed there ({at}).',
  },
  'no-regiments-left': { nb: 'Ikke nok regimenter i bunken.', en: 'Not enough regiments in your pool.' },
  'bad-fort-square': { nb: 'Et fort kan ikke bygges der ({at}).', en: 'A fort cannot be built there ({at}).' },
  'slave-fort-square': { nb: 'Gratisfortet trenger en ledig rute.', en: 'The free fort needs a free square.' },
  'no-forts-left': { nb: 'Du har ingen fort igjen å bygge.', en: 'You have no forts left to build.' },
  'not-enough-supplies': { nb: 'Ikke nok forsyninger.', en: 'Not enough supplies.' },
  // Moving
  'piece-moved-twice': { nb: 'En brikke kan bare flyttes én gang.', en: 'A piece may be moved only once.' },
  'no-such-piece': { nb: 'Du har ingen brikke som kan flyttes der.', en: 'You have no piece there that can move.' },
  'only-yellow-recall': { nb: 'Bare De Gules regimenter kan hoppe hjem.', en: 'Only Yellow regiments may jump home.' },
  'bad-recall-square': {
    nb: 'Hopp hjem til en ledig rute inntil eget fort, slott eller hovedstaden.',
    en: 'Jump home to a free square beside your fort, castle or capital.',
  },
  'cannot-reach': { nb: 'Brikken når ikke dit ({at}).', en: 'The piece cannot reach that square ({at}).' },
  'one-fort-a-square': { nb: 'Ett fort per rute ({at}).', en: 'One fort to a square ({at}).' },
  'square-shared': {
    nb: 'Hver brikke må stanse på en rute for seg selv ({at}).',
    en: 'Each piece must end on a square of its own ({at}).',
  },
  // Shooting
  'no-such-shooter': { nb: 'Du har ingen slik skytter.', en: 'You have no such shooter.' },
  'forts-cannot-shoot': { nb: 'Fortene dine kan ikke skyte.', en: 'Your forts cannot shoot.' },
  'must-reload': {
    nb: 'Den brikken skjøt forrige skyterunde og må lade om.',
    en: 'That piece fired last shooting round and must reload.',
  },
  'no-enemy-there': { nb: 'Ingen fiendtlig brikke der ({at}).', en: 'No enemy piece there ({at}).' },
  'out-of-range': { nb: 'Utenfor rekkevidde.', en: 'Out of range.' },
  'capital-range': {
    nb: 'En hovedstad kan bare skytes av et regiment rett ved siden av.',
    en: 'A capital can only be shot by a regiment beside it.',
  },
  'no-line-of-sight': { nb: 'Ingen fri sikt: {blocker} er i veien.', en: 'No line of sight: {blocker} is in the way.' },
  'answer-plain-shot': { nb: 'Et svar er et vanlig skudd eller pass.', en: 'An answer is a plain shot or a pass.' },
  'artillery-three-squares': { nb: 'Artilleri trenger tre forskjellige ruter.', en: 'Artillery needs three different squares.' },
  'artillery-enemy-regiments': { nb: 'Artilleri sikter på fiendtlige regimenter.', en: 'Artillery aims at enemy regiments.' },
  'gas-off-map': { nb: 'Sikt gassen på en rute på kartet.', en: 'Aim the gas at a square of the map.' },
  // Spreading supplies
  'throw-count': { nb: 'Sikt nøyaktig {n} kast.', en: 'Aim exactly {n} throws.' },
  'aim-off-map': { nb: 'Sikt på en rute på kartet.', en: 'Aim at a square of the map.' },
  'aim-cannot-land': {
    nb: 'Sikt på en rute der en forsyning kan ligge: ikke vann, en hovedstad eller et fort (grønne fort går an).',
    en: 'Aim at a square where a supply may lie: not water, a capital or a fort (Green forts will do).',
  },
  // Surrender
  'surrender-too-early': { nb: 'Overgivelse først når spillet er i gang.', en: 'Surrender once the game has begun.' },
  'surrender-pending': { nb: 'Noen ber allerede om å overgi seg.', en: 'A surrender is already being asked.' },
  'no-surrender-to-answer': { nb: 'Ingen annen nasjons overgivelse å svare på.', en: 'No surrender of another nation to answer.' },
  'already-accepted': { nb: 'Du har allerede godtatt.', en: 'You have already accepted.' },
} as const satisfies Record<string, Both>;

export type RefusalCode = keyof typeof REFUSAL_TEXTS;
export const REFUSAL_CODES = Object.keys(REFUSAL_TEXTS) as RefusalCode[];

/** What blocks a line of sight (engine/los.ts), as the no-line-of-sight text names it. */
export const BLOCKER_TEXTS: Record<'hill' | 'enemy' | 'cliff', Both> = {
  hill: { nb: 'en haug', en: 'a hill' },
  enemy: { nb: 'en fiendtlig brikke', en: 'an enemy piece' },
  cliff: { nb: 'et stup', en: 'a cliff' },
};

export type RefusalParams = Readonly<Record<string, string | number>>;

export function isRefusalCode(code: unknown): code is RefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSAL_TEXTS, code);
}

function param(name: string, value: string | number, lang: Lang): string {
  if (name === 'phase' && Object.hasOwn(PHASE_TEXTS, value)) return PHASE_TEXTS[value as Phase][lang];
  if (name === 'blocker' && Object.hasOwn(BLOCKER_TEXTS, value)) return BLOCKER_TEXTS[value as keyof typeof BLOCKER_TEXTS][lang];
  if (name === 'at') return squareNameOfKey(String(value));
  return String(value);
}

/**
 * A refusal in words. Parameters missing (a refusal heard on the socket, which carries only its code)
 * are left out: a parenthesis around one goes with it, anything else reads "…".
 */
export function refusalText(code: RefusalCode, params: RefusalParams | undefined, lang: Lang): string {
  const p = params ?? {};
  return REFUSAL_TEXTS[code][lang]
    .replace(/ \(\{(\w+)\}\)/g, (_all, name: string) => (Object.hasOwn(p, name) ? ` (${param(name, p[name]!, lang)})` : ''))
    .replace(/\{(\w+)\}/g, (_, name: string) => (Object.hasOwn(p, name) ? param(name, p[name]!, lang) : '…'));
}
