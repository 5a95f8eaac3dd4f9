/** Texts shown to players, in Norwegian (nb) and English (en), written for this game's screens. */
import type { InventionId, NationId, Phase, ShootStep } from '../types.js';

export type Lang = 'nb' | 'en';
type Both = Record<Lang, string>;

export const GAME_TITLE: Both = { nb: 'Deres uenighet', en: 'Their Disagreement' };

export const NATION_TEXTS: Record<NationId, { name: Both; ability: Both }> = {
  gul: {
    name: { nb: 'De Gule', en: 'The Yellow' },
    ability: {
      nb: 'Regimentene tåler mer (+1 forsvar). Et regiment kan bruke hele bevegelsen på å hoppe hjem til en rute inntil eget fort, slott eller hovedstaden.',
      en: 'Regiments are tougher (+1 defence). A regiment may spend its whole move to jump home, beside an own fort, castle or the capital.',
    },
  },
  rod: {
    name: { nb: 'De Røde', en: 'The Red' },
    ability: {
      nb: 'Ett skudd ekstra hver runde. Fortene skyter uten å lade om og gir regimentene inntil +2 treffsjanse. Et fort kan forsterkes med et regiment fra styrkebunken.',
      en: 'One extra shot each round. Forts shoot without reloading and give the regiments beside them +2 hit chance. A fort can be reinforced with a regiment from the pool.',
    },
  },
  lilla: {
    name: { nb: 'De Lilla', en: 'The Purple' },
    ability: {
      nb: 'Ett bevegelsespoeng ekstra. Med alle fire fort ute gir fortene 3 forsyninger. De to første oppgraderingene koster 3.',
      en: 'One extra movement point. With all four forts out, forts yield 3 supplies. The first two upgrades cost 3.',
    },
  },
  gronn: {
    name: { nb: 'De Grønne', en: 'The Green' },
    ability: {
      nb: 'Brikkene kan stables på egne ruter; et skudd treffer den øverste. Regimentene lader aldri om, to på samme rute flankerer, og fortene kan gå.',
      en: 'Pieces may stack on own squares; a shot hits the top one. Regiments never reload, two on one square flank, and forts can walk.',
    },
  },
};

export const PHASE_TEXTS: Record<Phase, Both> = {
  chooseNation: { nb: 'Velg nasjon', en: 'Choose a nation' },
  buildMap: { nb: 'Bygg kartet', en: 'Build the map' },
  placeSupplies: { nb: 'Legg ut forsyninger', en: 'Place supplies' },
  placeCapital: { nb: 'Plasser hovedstaden', en: 'Place your capital' },
  buy: { nb: 'I Kjøp', en: 'I Buy' },
  move: { nb: 'II Beveg', en: 'II Move' },
  shoot: { nb: 'III Skyt', en: 'III Shoot' },
  spread: { nb: 'V Spre forsyninger', en: 'V Spread supplies' },
  over: { nb: 'Slutt', en: 'Game over' },
};

export const COLLECT_TEXT: Both = { nb: 'IV Samle inn forsyninger', en: 'IV Collect supplies' };

export const STEP_TEXTS: Record<ShootStep, Both> = {
  declare: { nb: 'Erklær skudd eller pass', en: 'Declare a shot or pass' },
  answer: { nb: 'Svar på angrepet', en: 'Answer the attack' },
};

export const UPGRADE_TEXTS: readonly Both[] = [
  { nb: 'Hovedstad uten oppgraderinger', en: 'Capital without upgrades' },
  { nb: '1.: +1 treffsjanse og ett skudd til', en: '1st: +1 hit chance and one more shot' },
  { nb: '2.: +1 treffsjanse og ett skudd til', en: '2nd: +1 hit chance and one more shot' },
  { nb: '3.: +1 treffsjanse og ett skudd til', en: '3rd: +1 hit chance and one more shot' },
  {
    nb: '4.: indirekte ild over hauger og stup, rekkevidde 4, treffsjanse 4 i alt, ett skudd, +1 forsvar og +1 bevegelse',
    en: '4th: indirect fire over hills and cliffs, range 4, hit chance 4 in all, one more shot, +1 defence and +1 move',
  },
  { nb: '5.: +2 treffsjanse og ett skudd til', en: '5th: +2 hit chance and one more shot' },
  { nb: '6.: +2 treffsjanse og ett skudd til', en: '6th: +2 hit chance and one more shot' },
  { nb: '7.: +2 treffsjanse og ett skudd til', en: '7th: +2 hit chance and one more shot' },
  { nb: '8.: seier ved teknologi', en: '8th: victory by technology' },
];

export const INVENTION_TEXTS: Record<InventionId, { name: Both; text: Both }> = {
  I: {
    name: { nb: 'I Slott', en: 'I Castle' },
    text: {
      nb: 'Gjør et fort om til et slott: forsvar 3, +3 treffsjanse til regimentene inntil, og det skyter selv uten å lade om.',
      en: 'Turn a fort into a castle: defence 3, +3 hit chance to the regiments beside it, and it shoots itself without reloading.',
    },
  },
  II: {
    name: { nb: 'II Forsvunnet skattkiste', en: 'II Lost treasure chest' },
    text: { nb: 'To forsyninger med én gang.', en: 'Two supplies at once.' },
  },
  III: {
    name: { nb: 'III Snikskytter', en: 'III Sniper' },
    text: { nb: 'Ett skudd treffer sikkert, også forbi fiendens brikker.', en: 'One shot is a sure hit, even past enemy pieces.' },
  },
  IV: {
    name: { nb: 'IV Bombardering', en: 'IV Bombardment' },
    text: { nb: 'Resten av runden får hvert bom et nytt kast.', en: 'For the rest of the round every miss is rolled again.' },
  },
  V: {
    name: { nb: 'V Slaveri', en: 'V Forced labour' },
    text: { nb: 'Et gratis fort hvor som helst det er ledig.', en: 'A free fort on any free square.' },
  },
  VI: {
    name: { nb: 'VI Artilleri', en: 'VI Artillery' },
    text: {
      nb: 'Pek ut tre fiendtlige regimenter; én d12 avgjør hvilket som faller.',
      en: 'Pick three enemy regiments; one d12 decides which falls.',
    },
  },
  VII: {
    name: { nb: 'VII Samler', en: 'VII Gatherer' },
    text: { nb: 'Hent forsyningene under regimentene dine nå.', en: 'Take the supplies under your regiments now.' },
  },
  VIII: {
    name: { nb: 'VIII Verneplikt', en: 'VIII Conscription' },
    text: { nb: 'To gratis regimenter, satt ut samtidig.', en: 'Two free regiments, placed together.' },
  },
  IX: {
    name: { nb: 'IX Utforsker', en: 'IX Explorer' },
    text: {
      nb: 'Denne runden: +1 bevegelse og hvert steg koster 1 (0,5 inn på fort).',
      en: 'This round: +1 move and every step costs 1 (0.5 onto a fort).',
    },
  },
  X: {
    name: { nb: 'X Sennepsgass', en: 'X Mustard gas' },
    text: { nb: 'Kast gassen; regimentene der den lander, dør.', en: 'Throw the gas; the regiments where it lands die.' },
  },
};

export const END_TEXTS: Record<'conquest' | 'technology' | 'surrender' | 'roundLimit', Both> = {
  conquest: { nb: 'Den siste som står igjen, vinner', en: 'The last one standing wins' },
  technology: { nb: 'Først til åtte oppgraderinger', en: 'First to eight upgrades' },
  surrender: { nb: 'De andre ga seg', en: 'The others gave up' },
  roundLimit: { nb: 'Rundene er brukt opp', en: 'Out of rounds' },
};
