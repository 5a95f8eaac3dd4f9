/** Texts of Web Push ("notify me on this device"), linked devices and the installable app, in our own words. */
type Entry = string | ((p: Record<string, any>) => string);

export const PUSH_STRINGS: Record<'no' | 'en', Record<string, Entry>> = {
  no: {
    'push.title': 'Varsel på denne enheten',
    'push.turnOn': 'Varsle meg på denne enheten',
    'push.turnOff': 'Slutt å varsle denne enheten',
    'push.hint': 'Kommer også når fanen er lukket, og på mobilen. Nettleseren spør om lov først.',
    'push.on': 'Denne enheten får nå varsel når det er din tur.',
    'push.off': 'Denne enheten får ikke lenger varsel for dette partiet.',
    'push.denied': 'Nettleseren har sperret varsler for denne siden. Slå dem på i nettleserens innstillinger.',
    'push.unsupported': 'Denne nettleseren kan ikke ta imot varsler. På iPhone: legg siden til på Hjem-skjermen først.',
    'push.error.load': 'Fikk ikke hentet varselinnstillingen.',
    'push.error.permission': 'Du sa nei til varsler, så ingenting ble slått på.',
    'push.error.push_refused': 'Serveren godtar ikke varseltjenesten til denne nettleseren.',
    'push.error.push_off': 'Denne serveren sender ikke varsler.',
    'push.error.rate_limited': 'For mange forsøk; vent litt.',
    'push.error.generic': 'Fikk ikke slått på varsel. Prøv igjen.',
  },
  en: {
    'push.title': 'Alerts on this device',
    'push.turnOn': 'Notify me on this device',
    'push.turnOff': 'Stop notifying this device',
    'push.hint': 'Arrives even when the tab is closed, and on your phone. The browser asks for permission first.',
    'push.on': 'This device will now be told when it is your move.',
    'push.off': 'This device will no longer be told about this match.',
    'push.denied': "The browser blocks notifications for this site. Allow them in the browser's settings.",
    'push.unsupported': 'This browser cannot receive notifications. On an iPhone: add the site to the Home Screen first.',
    'push.error.load': 'Could not load the alert setting.',
    'push.error.permission': 'You declined notifications, so nothing was turned on.',
    'push.error.push_refused': "The server does not accept this browser's push service.",
    'push.error.push_off': 'This server sends no alerts.',
    'push.error.rate_limited': 'Too many tries; wait a little.',
    'push.error.generic': 'Could not turn alerts on. Try again.',
  },
};
