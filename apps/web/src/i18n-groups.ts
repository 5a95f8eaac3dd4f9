/** Texts of placing ships by groups and of the preselected 9. April cards, in our own words. */
import { dictionary } from './i18n-words';

const ships = (n: number) => (n === 1 ? 'ship' : 'ships');

export const GROUP_STRINGS = dictionary({
  no: {
    'groups.intro': ({ n }) => `${n} skip skal ut. Velg en gruppe og klikk et uthevet havområde: hele gruppen legges der med ett klikk.`,
    'groups.type': ({ n, type }) => `${n} × ${type}`,
    'groups.howMany': ({ type }) => `Hvor mange av typen ${type}`,
    'groups.all': ({ n }) => `Alle ${n} skipene`,
    'groups.picked': ({ n }) => (n === 1 ? 'Valgt: ett skip' : `Valgt: ${n} skip`),
    'groups.where': ({ n }) => (n === 1 ? 'Legg skipet i:' : `Legg disse ${n} i:`),
    'groups.nowhere': 'Denne gruppen kan ikke legges ut samlet. Velg en annen.',
    'groups.one': 'Bestemte skip',
    'groups.oneHint': 'Det første skipet du klikker velges alene; de neste legges til gruppen (et nytt klikk tar det ut igjen).',
    'a9.preselected': 'Forhåndsvalgt: ulike kort først, flest symboler først. Bytt om du vil.',
  },
  en: {
    'groups.intro': ({ n }) =>
      `${n} ${ships(n)} to place. Pick a group and click a highlighted sea zone: the whole group goes there in one click.`,
    'groups.type': ({ n, type }) => `${n} × ${type}`,
    'groups.howMany': ({ type }) => `How many ${type}`,
    'groups.all': ({ n }) => `All ${n} ships`,
    'groups.picked': ({ n }) => (n === 1 ? 'Picked: one ship' : `Picked: ${n} ships`),
    'groups.where': ({ n }) => (n === 1 ? 'Place it in:' : `Place these ${n} in:`),
    'groups.nowhere': 'This group cannot be placed together. Pick another.',
    'groups.one': 'Particular ships',
    'groups.oneHint': 'The first ship you click is picked alone; the next ones join the group (a second click takes one out).',
    'a9.preselected': 'Preselected: different cards first, most symbols first. Change them if you like.',
  },
});
