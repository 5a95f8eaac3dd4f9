/** Texts of Web Push ("notify me on this device"), linked devices and the installable app, in our own words. */
import { dictionary } from './i18n-words';

export const PUSH_STRINGS = dictionary({
  no: {
    'push.title': 'Varsel på denne enheten',
    'push.turnOn': 'Varsle meg på denne enheten',
    'push.turnOff': 'Slutt å varsle denne enheten',
    'push.hint': 'Kommer også når fanen er lukket, og på mobilen. Nettleseren spør om lov først.',
    'push.on': 'Denne enheten får nå varsel når det er din tur.',
    'push.off': 'Denne enheten får ikke lenger varsel for dette partiet.',
    'push.why.insecure':
      'Varsel på enheten krever at siden er åpnet med https. Åpne den med https, eller få varsel på e-post eller webhook nedenfor.',
    'push.why.no-worker':
      'Dette vinduet kan ikke la siden arbeide i bakgrunnen (et privat vindu kan ikke det), så varsler når ikke fram hit. Åpne siden i et vanlig vindu, eller få varsel på e-post eller webhook nedenfor.',
    'push.why.no-push':
      'Denne nettleseren har ingen varseltjeneste. Få varsel på e-post eller webhook nedenfor i stedet. (På iPhone: legg siden til på Hjem-skjermen og åpne den derfra.)',
    'push.why.denied':
      'Nettleseren sperrer varsler for denne siden (et privat vindu gjør det alltid). Tillat varsler for siden i nettleserens innstillinger, eller få varsel på e-post eller webhook nedenfor.',
    'push.error.load': 'Fikk ikke hentet varselinnstillingen.',
    'push.error.push_refused': 'Serveren godtar ikke varseltjenesten til denne nettleseren.',
    'push.error.push_off': 'Denne serveren sender ikke varsler.',
    'push.error.generic': 'Fikk ikke slått på varsel. Prøv igjen.',
    'devices.title': 'Dine andre enheter',
    'devices.intro':
      'Vil du ha de samme partiene på mobilen og på datamaskinen? Lag en lenke her og åpne den på den andre enheten. Ingen konto, intet passord.',
    'devices.make': 'Koble til en annen enhet',
    'devices.linkLabel': 'Åpne denne lenken på den andre enheten',
    'devices.linkHint': 'Virker én gang, i 10 minutter. Den som har lenken, får partiene dine: del den bare med deg selv.',
    'devices.linked': 'Enheten er koblet til. Partiene dine er nå på begge.',
    'devices.error.make': 'Fikk ikke laget en lenke. Prøv igjen.',
    'devices.error.redeem': 'Lenken virker ikke (brukt, utløpt eller feil). Lag en ny på den andre enheten.',
  },
  en: {
    'push.title': 'Alerts on this device',
    'push.turnOn': 'Notify me on this device',
    'push.turnOff': 'Stop notifying this device',
    'push.hint': 'Arrives even when the tab is closed, and on your phone. The browser asks for permission first.',
    'push.on': 'This device will now be told when it is your move.',
    'push.off': 'This device will no longer be told about this match.',
    'push.why.insecure':
      'Alerts on this device need the site opened over https. Open it with https, or get alerts by e-mail or webhook below.',
    'push.why.no-worker':
      'This window cannot let the site work in the background (a private window cannot), so alerts cannot reach it. Open the site in an ordinary window, or get alerts by e-mail or webhook below.',
    'push.why.no-push':
      'This browser has no push service. Get alerts by e-mail or webhook below instead. (On an iPhone: add the site to the Home Screen and open it from there.)',
    'push.why.denied':
      "The browser blocks notifications for this site (a private window always does). Allow them for the site in the browser's settings, or get alerts by e-mail or webhook below.",
    'push.error.load': 'Could not load the alert setting.',
    'push.error.push_refused': "The server does not accept this browser's push service.",
    'push.error.push_off': 'This server sends no alerts.',
    'push.error.generic': 'Could not turn alerts on. Try again.',
    'devices.title': 'Your other devices',
    'devices.intro':
      'Want the same matches on your phone and your computer? Make a link here and open it on the other device. No account, no password.',
    'devices.make': 'Link another device',
    'devices.linkLabel': 'Open this link on the other device',
    'devices.linkHint': 'Works once, for 10 minutes. Whoever has it gets your matches: share it only with yourself.',
    'devices.linked': 'Device linked. Your matches are now on both.',
    'devices.error.make': 'Could not make a link. Try again.',
    'devices.error.redeem': 'This link does not work (used, expired or wrong). Make a new one on the other device.',
  },
});
