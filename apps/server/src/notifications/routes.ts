/**
 * A member's own notification settings, set from inside the match:
 *   GET /api/matches/:id/notifications   what this member set, and what the server offers
 *   PUT /api/matches/:id/notifications   replace them (webhook URL, e-mail, language)
 *   GET /api/matches/:id/notifications/push      the key to subscribe with, and this member's devices
 *   POST /api/matches/:id/notifications/push     turn Web Push on for this device (its PushSubscription)
 *   DELETE /api/matches/:id/notifications/push   turn it off for this device ({ endpoint })
 * Only the member whose credentials these are (Bearer) may read or change them.
 */
import { ApiError } from '../http/errors';
import { bearer, parse, readJson, type ApiRoutes, type HttpDeps } from '../http/routes';
import { notificationBody, pushBody, pushRemoveBody, settingsOf, type NotificationSettings } from './settings';
import type { NotificationService } from './service';
import { webhookRefusal } from './targets';

async function memberOf(deps: HttpDeps, matchID: string, token: string | undefined): Promise<string> {
  const view = await deps.lobby.get(matchID, token);
  if (view.you.role !== 'member') throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
  return view.you.memberId;
}

export function notificationRoutes(notify: NotificationService): ApiRoutes {
  return (router, deps) => {
    const offer = () => ({ email: notify.emailAvailable, webhook: notify.webhooksAvailable });
    // Push has its own small answer: the key to subscribe with, and the member's own devices' endpoints
    // (a browser compares its own to show whether push is on here).
    const pushShown = async (s: NotificationSettings | undefined) => ({
      publicKey: (await notify.pushPublicKey()) ?? null,
      endpoints: (s?.push ?? []).map((p) => p.endpoint),
    });
    const shown = (s: NotificationSettings | undefined) => ({
      webhookUrl: s?.webhook?.url ?? null,
      webhookFormat: s?.webhook?.format ?? null,
      email: s?.email ?? null,
      lang: s?.lang ?? 'nb',
    });

    router.get('/matches/:id/notifications', async (ctx) => {
      const matchID = ctx.params.id!;
      const memberId = await memberOf(deps, matchID, bearer(ctx));
      ctx.body = { settings: shown(await notify.settings(matchID, memberId)), available: offer() };
    });

    router.put('/matches/:id/notifications', async (ctx) => {
      const matchID = ctx.params.id!;
      const memberId = await memberOf(deps, matchID, bearer(ctx));
      const body = parse(notificationBody, await readJson(ctx, deps.config.bodyLimitBytes));
      if (body.email && !notify.emailAvailable)
        throw new ApiError(409, 'email_off', 'This server sends no e-mail (no SMTP server is configured).');
      if (body.webhookUrl) {
        const refusal = await webhookRefusal(body.webhookUrl, notify.webhookPolicy);
        if (refusal) throw new ApiError(400, 'webhook_refused', `${refusal.charAt(0).toUpperCase() + refusal.slice(1)}.`);
      }
      // The devices with push on are not part of this form: they stay as they are.
      const settings = await notify.saveForm(matchID, memberId, settingsOf(body));
      deps.log.info('notification settings saved', { matchID, memberId, webhook: !!settings.webhook, email: !!settings.email });
      ctx.body = { settings: shown(settings), available: offer() };
    });

    router.get('/matches/:id/notifications/push', async (ctx) => {
      const matchID = ctx.params.id!;
      const memberId = await memberOf(deps, matchID, bearer(ctx));
      ctx.body = await pushShown(await notify.settings(matchID, memberId));
    });

    router.post('/matches/:id/notifications/push', async (ctx) => {
      const matchID = ctx.params.id!;
      const memberId = await memberOf(deps, matchID, bearer(ctx));
      const body = parse(pushBody, await readJson(ctx, deps.config.bodyLimitBytes));
      if (!notify.pushOn) throw new ApiError(409, 'push_off', 'This server sends no push messages.');
      const refusal = await webhookRefusal(body.endpoint, notify.pushPolicy, 'push endpoint');
      if (refusal) throw new ApiError(400, 'push_refused', `${refusal.charAt(0).toUpperCase() + refusal.slice(1)}.`);
      await notify.addPush(matchID, memberId, { endpoint: body.endpoint, keys: body.keys, lang: body.lang });
      deps.log.info('push turned on', { matchID, memberId });
      ctx.status = 201;
      ctx.body = await pushShown(await notify.settings(matchID, memberId));
    });

    router.delete('/matches/:id/notifications/push', async (ctx) => {
      const matchID = ctx.params.id!;
      const memberId = await memberOf(deps, matchID, bearer(ctx));
      const body = parse(pushRemoveBody, await readJson(ctx, deps.config.bodyLimitBytes));
      await notify.removePush(matchID, memberId, body.endpoint);
      ctx.body = await pushShown(await notify.settings(matchID, memberId));
    });
  };
}
