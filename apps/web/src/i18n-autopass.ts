/** Texts of the automatic pass (the server passes where passing is all a side can do), in our own words. */
import { dictionary } from './i18n-words';

export const AUTOPASS_STRINGS = dictionary({
  no: {
    'autopass.title': 'Står over for deg',
    'autopass.detail': 'Ingenting du har kan spilles nå; serveren står over for deg om et øyeblikk.',
    'autopass.switch': 'Stå over for meg når jeg ikke har noe valg',
    'autopass.hint': 'Slå av for å klikke «Stå over» og «Avslutt» selv. Gjelder hele siden din i dette partiet; bare dere ser valget.',
    'autopass.error': 'Valget ble ikke lagret. Prøv igjen.',
    'autopass.repeat.label': 'Når dette spørsmålet kommer igjen denne fasen',
    'autopass.repeat.each': 'Spør meg hver gang',
    'autopass.repeat.phase': 'Ikke denne fasen',
    'autopass.repeat.declined': 'Du blir ikke spurt om dette igjen denne fasen; serveren står over for deg.',
  },
  en: {
    'autopass.title': 'Passing for you',
    'autopass.detail': 'Nothing you hold can be played now; the server passes for you in a moment.',
    'autopass.switch': 'Pass for me when I have no choice',
    'autopass.hint': 'Turn off to click Pass and End yourself. Applies to your whole side in this match; only your side sees it.',
    'autopass.error': 'The setting was not saved. Try again.',
    'autopass.repeat.label': 'When this question comes again this phase',
    'autopass.repeat.each': 'Ask me each time',
    'autopass.repeat.phase': 'Not this phase',
    'autopass.repeat.declined': 'You will not be asked this again this phase; the server passes for you.',
  },
});
