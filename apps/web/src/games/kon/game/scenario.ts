/** What the client derives from a match's scenario rules (carried in the state): goal line, result lines, region view. */
import type { FactionView, Faction } from '@kon/game';
import { FACTIONS } from '@kon/game';
import { areaName } from './data';

type Tr = (key: string, params?: Record<string, string | number>) => string;

/** The faction whose deck ends the game (Germany in the full game). */
export function endingDeck(G: Pick<FactionView, 'scenario'>): Faction {
  return FACTIONS.find((f) => G.scenario?.deckOut[f] === 'endsGame') ?? 'germany';
}

/** "A, B and C" / "A, B og C". */
export function listOf(items: string[], lang: 'no' | 'en'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'no' ? 'og' : 'and'} ${items[items.length - 1]}`;
}

/** The scenario's win condition as one sentence, or null for the full game's victory cities. */
export function scenarioGoal(G: Pick<FactionView, 'scenario'>, t: Tr, lang: 'no' | 'en'): string | null {
  const v = G.scenario?.victory;
  if (v?.kind !== 'alliedHoldAll') return null;
  return t('scenario.goal', { areas: listOf(v.areas.map(areaName), lang), deck: t(`scenario.deck.${endingDeck(G)}`) });
}

/** Lines of the result screen that explain the outcome by the scenario's own condition. */
export function resultLines(G: FactionView, t: Tr, lang: 'no' | 'en'): string[] {
  const r = G.result!;
  if (!r.objectives) return [];
  const missing = r.objectives.areas.filter((a) => !r.objectives!.held.includes(a));
  const lines = [
    t('result.objectives', {
      held: r.objectives.held.length,
      total: r.objectives.areas.length,
      list: listOf(r.objectives.held.map(areaName), lang) || '–',
    }),
  ];
  if (missing.length) lines.push(t('result.objectivesMissing', { list: listOf(missing.map(areaName), lang) }));
  return lines;
}
