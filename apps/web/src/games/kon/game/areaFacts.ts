/**
 * The facts of one area or sea zone, read from the board data of the rules package (never restated
 * here): what it is, its coast, air range, neighbours by land and across fjords, and who stands there.
 */
import { board, type Faction, type FactionView } from '@kon/game';
import type { T } from '../../../i18n';
import { areaName, FACTIONS } from './data';

export interface AreaFacts {
  id: string;
  kind: 'land' | 'sea';
  title: string;
  subtitle: string;
  /** One line per fact, each with a key tests and styles can find it by. */
  lines: { key: string; text: string }[];
}

const B = board.BOARD;
const areaById = new Map(B.areas.map((a) => [a.id, a]));
const zoneById = new Map(B.seaZones.map((z) => [z.id as string, z]));
const byName = (ids: readonly string[]) => ids.map(areaName).sort((a, b) => a.localeCompare(b, 'nb'));

export function isSeaZone(id: string): boolean {
  return zoneById.has(id);
}

export function areaFacts(id: string, t: T, G?: Pick<FactionView, 'units' | 'scenario' | 'ruleset'> | null): AreaFacts | null {
  const zone = zoneById.get(id);
  if (zone) return seaFacts(zone, t, G);
  const a = areaById.get(id);
  if (!a) return null;
  const lines: AreaFacts['lines'] = [];
  const push = (key: string, text: string) => lines.push({ key, text });
  const region = G?.scenario?.region;
  if (region && !region.includes(a.id)) push('outOfPlay', t('facts.outOfPlay'));
  if (a.victoryCity) push('victoryCity', t('facts.victoryCity'));
  if (a.mobilizationPoint) push('mobilization', t('facts.mobilization'));
  if (a.airfield) push('airfield', t('facts.airfield', { reach: (B.airRange[a.id] ?? []).length }));
  if (a.seaZones.length > 0) {
    push('coast', t('facts.coast', { zones: a.seaZones.join(', ') }));
    if (board.bordersRedZone(a.id)) push('redCoast', t('facts.redCoast'));
    else if (board.isAlliedCoast(a.id)) push('blueCoast', t('facts.blueCoast'));
  } else push('inland', t('facts.inland'));
  if (a.southOfFraTyskland) push('air', t('facts.fraTyskland'));
  else {
    const fields = Object.entries(B.airRange)
      .filter(([, reach]) => reach.includes(a.id))
      .map(([f]) => f);
    push('air', fields.length ? t('facts.airRange', { fields: byName(fields).join(', ') }) : t('facts.noAir'));
  }
  if (a.telegraphCable && G?.ruleset === 'advanced') push('telegraph', t('facts.telegraph'));
  const land = board.neighbours(a.id).filter((n) => board.borderKind(a.id, n) === 'land');
  const fjord = board.neighbours(a.id).filter((n) => board.borderKind(a.id, n) === 'fjord');
  if (land.length) push('byLand', t('facts.byLand', { areas: byName(land).join(', ') }));
  if (fjord.length) push('byFjord', t('facts.byFjord', { areas: byName(fjord).join(', ') }));
  const here = G ? FACTIONS.filter((f) => (G.units[a.id]?.[f] ?? 0) > 0) : [];
  if (here.length)
    push('units', t('facts.units', { list: here.map((f: Faction) => `${t(`faction.${f}`)} ${G!.units[a.id]![f]}`).join(', ') }));
  const kinds = [
    a.victoryCity && t('map.victoryCity'),
    a.mobilizationPoint && t('map.mobilization'),
    a.airfield && t('map.airfield'),
  ].filter(Boolean);
  return { id: a.id, kind: 'land', title: a.name, subtitle: kinds.length ? kinds.join(' · ') : t('facts.land'), lines };
}

function seaFacts(z: (typeof B.seaZones)[number], t: T, G?: Pick<FactionView, 'ruleset'> | null): AreaFacts {
  const lines: AreaFacts['lines'] = [];
  const push = (key: string, text: string) => lines.push({ key, text });
  if (z.redShadow) push('seaRed', t('facts.seaRed'));
  const coasts = B.areas.filter((a) => a.seaZones.includes(z.id)).map((a) => a.id);
  push('seaCoasts', coasts.length ? t('facts.seaCoasts', { areas: byName(coasts).join(', ') }) : t('facts.seaOpen'));
  push('seaNeighbours', t('facts.seaNeighbours', { zones: z.adjacent.join(', ') }));
  if (G?.ruleset === 'advanced' && B.raidBox.adjacent.includes(z.id)) push('seaRaid', t('facts.seaRaid'));
  return { id: z.id, kind: 'sea', title: t('facts.sea', { id: z.id }), subtitle: z.redShadow ? t('map.redZone') : '', lines };
}
