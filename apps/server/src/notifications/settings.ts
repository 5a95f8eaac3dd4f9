/** A member's "your move" notification settings: private to that member (never in any match view). */
import { z } from 'zod';

export const WEBHOOK_FORMATS = ['discord', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const notificationBody = z.strictObject({
  webhookUrl: z
    .url({ protocol: /^https?$/, message: 'the webhook must be an http:// or https:// address' })
    .max(2000)
    .nullable()
    .default(null),
  /** Discord and Slack want the text in different fields; guessed from the address when not given. */
  webhookFormat: z.enum(WEBHOOK_FORMATS).optional(),
  email: z.email({ message: 'not an e-mail address' }).max(254).nullable().default(null),
  /** The language the messages are written in. */
  lang: z.enum(['nb', 'en']).default('nb'),
});
export type NotificationBody = z.output<typeof notificationBody>;

/** A device's Web Push subscription, as the browser's PushSubscription.toJSON() gives it, plus its language. */
export const pushBody = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/, message: 'the push endpoint must be an http:// or https:// address' }).max(2000),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes, base64url). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}=*$/, 'p256dh must be a base64url P-256 public key'),
    /** The 16-byte authentication secret (base64url). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}=*$/, 'auth must be a base64url 16-byte secret'),
  }),
  expirationTime: z.number().nullable().optional(),
  lang: z.enum(['nb', 'en']).default('nb'),
});
export const pushRemoveBody = z.strictObject({ endpoint: z.string().max(2000) });

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lang: 'nb' | 'en';
}

/** Devices one member may have push on at once (the oldest goes first). */
export const MAX_PUSH_DEVICES = 10;

export interface NotificationSettings {
  webhook: { url: string; format: WebhookFormat } | null;
  email: string | null;
  lang: 'nb' | 'en';
  /** The member's devices with "notify me on this device" on (absent in records from before push). */
  push?: PushTarget[];
}

/** Settings that ask for nothing are not kept at all. */
export function asksForAnything(s: NotificationSettings): boolean {
  return !!s.webhook || !!s.email || (s.push?.length ?? 0) > 0;
}

export function guessFormat(url: string): WebhookFormat {
  const host = new URL(url).hostname;
  return host === 'hooks.slack.com' || host.endsWith('.slack.com') ? 'slack' : 'discord';
}

export function settingsOf(body: NotificationBody): NotificationSettings {
  return {
    webhook: body.webhookUrl ? { url: body.webhookUrl, format: body.webhookFormat ?? guessFormat(body.webhookUrl) } : null,
    email: body.email,
    lang: body.lang,
  };
}
