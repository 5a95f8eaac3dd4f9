/**
 * One-time e-mail links: sign in (an address with an account), create an account (an address
 * without one, with the name chosen), confirm a new address for an account. The token travels in
 * the link's #fragment (never sent to any server by the browser, so never in a log or a Referer),
 * is stored only hashed, works once and expires in minutes. Whoever asks gets the same answer
 * whether or not the address has an account, at the same speed: the mail goes out after the answer.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/errors';
import type { Logger } from '../core/log';
import { hashToken } from '../core/secrets';
import type { AccountStore, LinkPurpose, SignInLink } from './store';

export interface Mailer {
  readonly available: boolean;
  send(to: string, msg: { subject: string; text: string }): Promise<void>;
}

type Lang = 'nb' | 'en';

const TEXTS: Record<LinkPurpose, Record<Lang, { subject: string; intro: string }>> = {
  signin: {
    nb: { subject: 'Logg inn på Kampen om Norge', intro: 'Åpne lenken for å logge inn:' },
    en: { subject: 'Sign in to Kampen om Norge', intro: 'Open the link to sign in:' },
  },
  signup: {
    nb: { subject: 'Opprett kontoen din på Kampen om Norge', intro: 'Åpne lenken for å opprette kontoen:' },
    en: { subject: 'Create your Kampen om Norge account', intro: 'Open the link to create your account:' },
  },
  email: {
    nb: { subject: 'Bekreft e-postadressen din', intro: 'Åpne lenken for å bruke denne adressen på kontoen din:' },
    en: { subject: 'Confirm your e-mail address', intro: 'Open the link to use this address for your account:' },
  },
};

function message(purpose: LinkPurpose, lang: Lang, url: string, minutes: number) {
  const t = TEXTS[purpose][lang];
  const tail =
    lang === 'nb'
      ? `Lenken virker én gang og går ut om ${minutes} minutter. Ba du ikke om den, kan du se bort fra denne e-posten.`
      : `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`;
  return { subject: t.subject, text: `${t.intro}\n\n${url}\n\n${tail}\n` };
}

export class EmailLinks {
  constructor(
    private readonly store: AccountStore,
    private readonly mailer: Mailer,
    private readonly log: Logger,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  assertAvailable() {
    if (!this.mailer.available) throw new ApiError(409, 'email_off', 'This server sends no e-mail.');
  }

  /** Store a link and send it (in the background: the answer never waits for the mail). */
  async send(site: string, lang: Lang, link: Omit<SignInLink, 'expires_at'>): Promise<void> {
    const token = `e_${randomBytes(24).toString('base64url')}`;
    await this.store.addLink(hashToken(token), { ...link, expires_at: this.now() + this.ttlMs });
    const msg = message(link.purpose, lang, `${site}/account/link#${token}`, Math.round(this.ttlMs / 60_000));
    this.mailer.send(link.email, msg).catch((e: unknown) => this.log.warn('sign-in link not sent', { purpose: link.purpose, err: e }));
  }

  /** The link behind a token, used up; refused when unknown, used or expired (one answer for all three). */
  async take(token: string): Promise<SignInLink> {
    const link = await this.store.takeLink(hashToken(token));
    if (!link || link.expires_at <= this.now())
      throw new ApiError(400, 'signin_link_invalid', 'This link is used, expired or unknown; ask for a new one.');
    return link;
  }
}

/** One address, one account: compared in lower case (mail servers treat the name part so in practice). */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}
