/** A member's "your move" notification settings: private to that member (never in any match view). */
import type { z } from 'zod';
import { notificationRequest, type WebhookFormat } from '@kon/protocol';

export { WEBHOOK_FORMATS, type WebhookFormat } from '@kon/protocol';

/** PUT /api/matches/:id/notifications (the protocol's request). */
export const notificationBody = notificationRequest;
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
