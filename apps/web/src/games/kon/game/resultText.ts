/**
 * The result screen's wording. The victory level (clear, marginal) is the rulebook's reckoning of the
 * victory cities when Germany's deck runs out; a game ended by a lost clock or by one side having no
 * battalions left is won outright, whoever held the cities. Its level line says so, and its cities
 * line says they were not counted. (After Germany lost on time the screen used to read "Clear victory"
 * above five cities in German hands: the engine records every outright win as level 'clear'.)
 */
import type { FactionView } from '@kon/game';

type Tr = (key: string, params?: Record<string, string | number>) => string;

export function resultWording(r: NonNullable<FactionView['result']>, t: Tr, cityNames: (ids: string[]) => string) {
  const list = r.germanCities.length ? cityNames(r.germanCities) : t('result.none');
  if (r.reason === 'deck') return { level: t(`result.${r.level}`), cities: t('result.cities', { list }) };
  return {
    level: t(`result.outright.${r.reason}`),
    cities: t('result.citiesNotCounted', { list }),
  };
}
