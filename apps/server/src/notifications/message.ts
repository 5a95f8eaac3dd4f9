/** The words of a "your move" message, in the member's language. */
import type { Faction } from '@kon/game';
import type { ClockView } from '../clocks/clock';

const FACTION = {
  nb: { germany: 'Tyskland', norway: 'Norge', allies: 'De allierte' },
  en: { germany: 'Germany', norway: 'Norway', allies: 'the Allies' },
} as const;

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
  faction: Faction;
  link: string;
  clock?: ClockView | undefined;
  lang: 'nb' | 'en';
}

export function yourMoveText({ matchID, faction, link, clock, lang }: YourMove): { subject: string; text: string } {
  const f = FACTION[lang][faction];
  const left = clock?.remainingMs[faction];
  if (lang === 'nb') {
    const subject = `Kampen om Norge: ditt trekk (${f})`;
    const time = left !== undefined ? ` Du har ${duration(left, 'nb')} igjen.` : '';
    return { subject, text: `Det er ditt trekk som ${f} i parti ${matchID}.${time}\n${link}` };
  }
  const subject = `Kampen om Norge: your move (${f})`;
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

export function yourMovePush({ matchID, faction, clock, lang }: Omit<YourMove, 'link'>): PushMessage {
  const f = FACTION[lang][faction];
  const left = clock?.remainingMs[faction];
  const url = `/m/${matchID}`;
  const tag = `kon-${matchID}`;
  if (lang === 'nb') {
    const time = left !== undefined ? ` ${duration(left, 'nb')} igjen.` : '';
    return { title: `Ditt trekk som ${f}`, body: `Kampen om Norge, parti ${matchID}.${time}`, url, tag };
  }
  const time = left !== undefined ? ` ${duration(left, 'en')} left.` : '';
  return { title: `Your move as ${f}`, body: `The Battle of Norway, match ${matchID}.${time}`, url, tag };
}
