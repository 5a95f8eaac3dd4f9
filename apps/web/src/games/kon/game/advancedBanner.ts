/** The banner's sentence for the advanced game's stages (see banner.ts for the basic ones). */
import { ADVANCED_STAGES, APRIL9_KEEP, type Actor, type FactionView } from '@kon/game';
import type { T } from '../../../i18n';
import { areaName } from './data';

const ADVANCED: ReadonlySet<string> = new Set(ADVANCED_STAGES);

/** What the acting faction must do (`mine`) or what the others wait for; null for a basic stage. */
export function advancedDetail(G: FactionView, a: Actor, mine: boolean, t: T): string | null {
  if (!ADVANCED.has(a.stage)) return null;
  const F = t(`faction.${a.faction}`);
  const p = G.prompts[G.prompts.length - 1];
  const s = G.april9;
  const naval = G.naval?.combat;
  const force = G.naval?.force;
  const params: Record<string, string | number> = { f: F, zone: naval?.zone ?? force?.path[force.path.length - 1] ?? '' };
  switch (a.stage) {
    case 'april9Choose': {
      const m = (s?.boxed[a.faction]?.length ?? 0) || (G.april9HandSizes?.[a.faction] ?? 0);
      Object.assign(params, { n: APRIL9_KEEP[a.faction], m });
      break;
    }
    case 'april9Ships':
      params.n = a.faction === 'allies' ? (s?.alliedDrawn.length ?? 0) : (G.shipReserve?.[a.faction]?.length ?? 0);
      break;
    case 'april9Mobilize':
      params.n = s?.mobilization ?? 0;
      break;
    case 'april9Window':
      if (p?.kind === 'april9Window')
        params.trigger = t(`trigger.${p.window}`, { area: areaName(p.area), zone: p.zone ?? '', n: p.count ?? 1 });
      break;
    case 'april9Deceive':
      if (p?.kind === 'april9Deceive') Object.assign(params, { zone: p.zone, n: p.hits - p.to.length });
      break;
    case 'april9Retreat':
      if (p?.kind === 'april9Retreat') Object.assign(params, { area: areaName(p.area), n: p.count });
      break;
    case 'withdrawShips':
      if (p?.kind === 'withdrawShips') params.n = p.count;
      break;
    case 'navalVoid':
      params.n = naval?.germanVoidable ?? 0;
      break;
    case 'intercept':
      if (s) {
        // 9. April: nobody sailed; the ships were placed together (EN 7.1). Eidsvoll & Norge (Norway's
        // only ship) never escapes a German interception.
        params.eidsvoll = a.faction === 'germany' && G.ships.some((x) => x.owner === 'norway' && x.at === params.zone) ? 1 : '';
        return t(`${mine ? 'do' : 'wait'}.intercept.april9`, params);
      }
      break;
  }
  return t(`${mine ? 'do' : 'wait'}.${a.stage}`, params);
}
