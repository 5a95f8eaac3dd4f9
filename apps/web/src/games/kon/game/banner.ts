/** The one sentence that always says what you must do now, or whom you are waiting for. */
import type { Actor, Faction, FactionView } from '@kon/game';
import { translate, type Lang } from '../../../i18n';
import { cardName } from './cardNames';
import { areaName } from './data';
import { advancedDetail } from './advancedBanner';

export interface Banner {
  /** 'offline': the connection is lost, so nothing can be sent whoever's move it is. */
  kind: 'act' | 'wait' | 'over' | 'offline';
  faction: Faction | null;
  title: string;
  detail: string;
}

export function pendingLossKind(G: FactionView): 'propose' | 'germany' | null {
  const c = G.combat;
  if (c?.step !== 'losses') return null;
  if (c.germanyDecidesLosses) return 'germany';
  const defenders = c.defenders.filter((f) => (G.units[c.area]?.[f] ?? 0) > 0);
  return defenders.length > 1 && c.defenderLosses === null && c.attackerLosses !== null ? 'propose' : null;
}

export function bannerFor(G: FactionView, a: Actor | null, mine: readonly Faction[], lang: Lang): Banner {
  const t = (k: string, p?: Record<string, string | number>) => translate(lang, k, p);
  if (G.result || !a) {
    const w = G.result ? t(`result.${G.result.winner}`) : '';
    return { kind: 'over', faction: null, title: t('banner.over'), detail: w };
  }
  const F = t(`faction.${a.faction}`);
  const area = areaName(G.combat?.area);
  const prompt = G.prompts[G.prompts.length - 1];
  const advanced = advancedDetail(G, a, mine.includes(a.faction), t);
  if (advanced !== null) {
    const own = mine.includes(a.faction);
    const title = own ? (mine.length > 1 ? `${t('banner.you')} – ${F}` : t('banner.you')) : t('banner.wait', { f: F });
    return { kind: own ? 'act' : 'wait', faction: a.faction, title, detail: advanced };
  }
  if (mine.includes(a.faction)) {
    let detail: string;
    switch (a.stage) {
      case 'movement':
        detail = G.invasion && a.faction === 'allies' ? t('do.movement.invasion') : t('do.movement');
        break;
      case 'reinforcement':
        // The Allies land once, in a reinforcement phase of an ordinary turn: in the
        // 9. April turn they only trade 9. April cards, and the panel offers no landing.
        detail = G.april9
          ? t('do.reinforcement.april9')
          : a.faction === 'allies' && !G.alliesLanded
            ? t('do.reinforcement.land')
            : t('do.reinforcement');
        break;
      case 'engineers': {
        const p = prompt?.kind === 'engineers' ? prompt : undefined;
        const target = p ? G.attacks.find((x) => x.id === p.attackId)?.target : undefined;
        detail = t('do.engineers', { card: p ? cardName(p.card, lang) : '?', area: areaName(target) });
        break;
      }
      case 'paratroopers':
        detail = t('do.paratroopers', { area: areaName(prompt?.kind === 'paratroopers' ? prompt.area : undefined) });
        break;
      case 'submarine':
        detail = t('do.submarine', {
          area: areaName(prompt?.kind === 'submarine' ? prompt.area : undefined),
          n: prompt?.kind === 'submarine' ? prompt.count : 1,
        });
        break;
      case 'withdraw':
        detail = t('do.withdraw', { n: prompt?.kind === 'withdraw' ? prompt.count : 0 });
        break;
      case 'losses': {
        const k = pendingLossKind(G);
        detail =
          k === 'propose' && a.faction === 'norway' ? t('do.losses.propose') : k === 'germany' ? t('do.losses.germany') : t('do.losses');
        break;
      }
      default:
        detail = t(`do.${a.stage}`, { area });
    }
    const title = mine.length > 1 ? `${t('banner.you')} – ${F}` : t('banner.you');
    return { kind: 'act', faction: a.faction, title, detail };
  }
  return { kind: 'wait', faction: a.faction, title: t('banner.wait', { f: F }), detail: t(`wait.${a.stage}`, { f: F, area }) };
}

/**
 * The banner while the connection is down: no "Your move" (a move made now could not be sent), but
 * that the connection is lost, and, to the side that must act, that its move waits for it.
 */
export function withConnection(b: Banner, connected: boolean, lang: Lang): Banner {
  if (connected || b.kind === 'over') return b;
  const t = (k: string) => translate(lang, k);
  return {
    kind: 'offline',
    faction: b.faction,
    title: t('conn.lost'),
    detail: b.kind === 'act' ? t('conn.lost.act') : t('conn.lost.wait'),
  };
}
