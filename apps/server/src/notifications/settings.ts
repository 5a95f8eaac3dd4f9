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

export interface NotificationSettings {
  webhook: { url: string; format: WebhookFormat } | null;
  email: string | null;
  lang: 'nb' | 'en';
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
