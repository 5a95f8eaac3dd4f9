/** Texts of Kampen om Norge's table around the board: the side panels above it and the log beside it. */
type Entry = string | ((p: Record<string, any>) => string);

export const KON_TABLE_STRINGS: Record<'no' | 'en', Record<string, Entry>> = {
  no: {
    'strip.cardsShort': ({ n }) => `${n} kort`,
    'strip.show': 'Vis sidene',
    'strip.hide': 'Skjul',
    'strip.deciding': 'bestemmer nå',
    'strip.toPlace': ({ n }) => `${n} å plassere`,
    'strip.ships': ({ n, reserve }) => `${n} skip ute, ${reserve} i reserve`,
    'log.fold': 'Skjul loggen',
    'log.unfold': 'Vis loggen',
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
  },
};
