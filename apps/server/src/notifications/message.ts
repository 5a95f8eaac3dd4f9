/** The words of a "your move" message, in the member's language. */
import type { Bilingual } from '@kon/platform';
import type { ClockView } from '../clocks/clock';

/** A side's name in the member's language (the game's own words: GameModule.seatName). */
function sideName(side: Bilingual, lang: 'nb' | 'en'): string {
  return lang === 'nb' ? side.no : side.en;
}

/** The time left to the deciding side: its faction's, or (a game with clocks per seat) its seat's. */
function timeLeft(clock: ClockView | undefined, key: string): number | undefined {
  const seat = clock?.seats?.[key];
  if (seat) return seat.remainingMs ?? undefined;
  return clock?.remainingMs[key];
}

function duration(ms: number, lang: 'nb' | 'en'): string {
  const min = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  const parts = lang === 'nb' ? [d && `${d} d`, h && `${h} t`, `${m} min`] : [d && `${d} d`, h && `${h} h`, `${m} min`];
  return parts.filter(Boolean).join(' ');
}

export interface YourMove {
  matchID: string;
  /** The deciding side's clock key (a faction, or a playerID in a game with clocks per seat). */
  faction: string;
  /** The side's name to show (the module's seatName, else the seat's key). */
  side: Bilingual;
  /** The game's name (its module's texts.name). */
  game: Bilingual;
  link: string;
  clock?: ClockView | undefined;
  lang: 'nb' | 'en';
}

export function yourMoveText({ matchID, faction, side, game, link, clock, lang }: YourMove): {
  subject: string;
  text: string;
} {
  const f = sideName(side, lang);
  const left = timeLeft(clock, faction);
  if (lang === 'nb') {
    const subject = `${game.no}: ditt trekk (${f})`;
    const time = left !== undefined ? ` Du har ${duration(left, 'nb')} igjen.` : '';
    return { subject, text: `Det er ditt trekk som ${f} i parti ${matchID}.${time}\n${link}` };
  }
  // The subject names the game by its own (Norwegian) name in both languages, as it always has.
  const subject = `${game.no}: your move (${f})`;
  const time = left !== undefined ? ` You have ${duration(left, 'en')} left.` : '';
  return { subject, text: `It is your move as ${f} in match ${matchID}.${time}\n${link}` };
}

/** What a push shows (the service worker draws it): short, no link in the text; tapping opens `url`. */
export interface PushMessage {
  title: string;
  body: string;
  /** Path in this site, so the worker opens it on its own origin whatever PUBLIC_URL says. */
  url: string;
  /** One notification per match on the device: a newer one replaces the older. */
  tag: string;
}

export function yourMovePush({ matchID, faction, side, game, clock, lang }: Omit<YourMove, 'link'>): PushMessage {
  const f = sideName(side, lang);
  const left = timeLeft(clock, faction);
  const url = `/m/${matchID}`;
  const tag = `kon-${matchID}`;
  if (lang === 'nb') {
    const time = left !== undefined ? ` ${duration(left, 'nb')} igjen.` : '';
    return { title: `Ditt trekk som ${f}`, body: `${game.no}, parti ${matchID}.${time}`, url, tag };
  }
  const time = left !== undefined ? ` ${duration(left, 'en')} left.` : '';
  return { title: `Your move as ${f}`, body: `${game.en}, match ${matchID}.${time}`, url, tag };
}

/** The match maker found a match for one's ticket (told when away from the site). */
export interface MatchFound {
  matchID: string;
  /** The game's name (its module's texts.name). */
  game: Bilingual;
  /** The side the ticket got. */
  side: Bilingual;
  link: string;
  lang: 'nb' | 'en';
}

export function matchFoundText({ matchID, game, side, link, lang }: MatchFound): { subject: string; text: string } {
  const f = sideName(side, lang);
  if (lang === 'nb') {
    return {
      subject: `${game.no}: motstander funnet (${f})`,
      text: `Vi fant en motstander til deg. Du spiller ${f} i parti ${matchID}.\n${link}`,
    };
  }
  return { subject: `${game.no}: opponent found (${f})`, text: `We found you an opponent. You play ${f} in match ${matchID}.\n${link}` };
}

export function matchFoundPush({ matchID, game, side, lang }: Omit<MatchFound, 'link'>): PushMessage {
  const f = sideName(side, lang);
  const url = `/m/${matchID}`;
  const tag = `kon-${matchID}`;
  if (lang === 'nb') return { title: `Motstander funnet: du er ${f}`, body: `${game.no}, parti ${matchID}.`, url, tag };
  return { title: `Opponent found: you play ${f}`, body: `${game.en}, match ${matchID}.`, url, tag };
}

/** A ticket of the match maker's ran out with nobody matched. */
export function ticketExpiredText({ game, link, lang }: { game: Bilingual; link: string; lang: 'nb' | 'en' }) {
  if (lang === 'nb')
    return {
      subject: `${game.no}: ingen motstander denne gangen`,
      text: `Søket ditt etter en motstander gikk ut uten treff. Prøv igjen:\n${link}`,
    };
  return { subject: `${game.no}: no opponent this time`, text: `Your search for an opponent ran out without a match. Try again:\n${link}` };
}

export function ticketExpiredPush({ game, lang }: { game: Bilingual; lang: 'nb' | 'en' }): PushMessage {
  if (lang === 'nb')
    return { title: 'Ingen motstander denne gangen', body: `${game.no}: søket ditt gikk ut.`, url: '/play', tag: 'kon-mm' };
  return { title: 'No opponent this time', body: `${game.en}: your search ran out.`, url: '/play', tag: 'kon-mm' };
}
