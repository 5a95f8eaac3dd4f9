/** A member's "your move" notification settings: private to that member (never in any match view). */
import type { z } from 'zod';
import { notificationRequest, type WebhookFormat } from '@kon/protocol';

export { WEBHOOK_FORMATS, type WebhookFormat } from '@kon/protocol';

/** PUT /api/matches/:id/notifications (the protocol's request). */
export const notificationBody = notificationRequest;
export type NotificationBody = z.output<typeof notificationBody>;

/** A device's Web Push subscription and its removal (the protocol's requests). */
export { pushRequest as pushBody, pushRemoveRequest as pushRemoveBody } from '@kon/protocol';

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

/** A member's settings with where they are kept (a push subscription found gone is deleted there). */
export interface ChosenSettings {
  settings: NotificationSettings;
  matchID: string;
  memberId: string;
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
