/** Web Push on a device, and one match list shared by a player's linked devices. */
import { z } from 'zod';

/** POST /api/matches/:id/notifications/push: the browser's PushSubscription.toJSON(), plus its language. */
export const pushRequest = z.strictObject({
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
/** DELETE /api/matches/:id/notifications/push: the device to stop. */
export const pushRemoveRequest = z.strictObject({ endpoint: z.string().max(2000) });
/** The server's VAPID public key (null: push is off here) and the endpoints with push on for you. */
export const pushInfo = z.object({ publicKey: z.string().nullable(), endpoints: z.array(z.string()) });

/** POST /api/devices/link: a one-time code for another device; a new device also gets its own token. */
export const deviceLink = z.object({ code: z.string(), expiresAt: z.number(), deviceToken: z.string().optional() });
/** POST /api/devices/redeem. */
export const redeemRequest = z.strictObject({ code: z.string().regex(/^l_[A-Za-z0-9_-]{32}$/, 'not a link code') });
export const redeemed = z.object({ deviceToken: z.string() });
/** The player's list, sealed in the browser (base64url of iv + AES-GCM ciphertext), and its version. */
export const deviceList = z.object({ blob: z.string().nullable(), version: z.number().int().min(0) });
/** PUT /api/devices/list: 64 KB holds far more than the 50 matches a list shows. */
export const deviceListRequest = z.strictObject({
  blob: z.string().regex(/^[A-Za-z0-9_-]{16,65536}$/, 'the list must be base64url, at most 64 KB'),
  version: z.number().int().min(0),
});
export const deviceListWritten = z.object({ version: z.number().int().min(0) });
