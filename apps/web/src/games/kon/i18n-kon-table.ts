/** Texts of Kampen om Norge's table around the board: the side panels above it and the log beside it. */
import { dictionary } from '../../i18n-words';

export const KON_TABLE_STRINGS = dictionary({
  no: {
    'strip.cardsShort': ({ n }) => `${n} kort`,
    'strip.show': 'Vis sidene',
    'strip.hide': 'Skjul',
    'strip.deciding': 'bestemmer nå',
    'strip.toPlace': ({ n }) => `${n} å plassere`,
    'strip.ships': ({ n, reserve }) => `${n} skip ute, ${reserve} i reserve`,
    'log.fold': 'Skjul loggen',
    'log.unfold': 'Vis loggen',
    'result.outright.time': 'Seier fordi klokken gikk ut',
    'result.outright.elimination': 'Seier fordi motstanderen ikke har flere bataljoner',
    'result.citiesNotCounted': ({ list }) => `Seiersbyer på tyske hender ved slutten (telles ikke nå): ${list}`,
  },
  en: {
    'strip.cardsShort': ({ n }) => `${n} ${Number(n) === 1 ? 'card' : 'cards'}`,
    'strip.show': 'Show the sides',
    'strip.hide': 'Hide',
    'strip.deciding': 'deciding now',
    'strip.toPlace': ({ n }) => `${n} to place`,
    'strip.ships': ({ n, reserve }) => `${n} ${Number(n) === 1 ? 'ship' : 'ships'} at sea, ${reserve} in reserve`,
    'log.fold': 'Hide the log',
    'log.unfold': 'Show the log',
    'result.outright.time': 'Won because the clock ran out',
    'result.outright.elimination': 'Won because the other side has no battalions left',
    'result.citiesNotCounted': ({ list }) => `Victory cities in German hands at the end (not counted here): ${list}`,
  },
});
