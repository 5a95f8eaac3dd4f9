/**
 * Texts of the rules help on the board: the facts of an area (hover or long-press), the legend, the
 * phase guide and the rules summary. Written in our own words from the rulebooks (not copied).
 *
 * Card names: the printed (Norwegian) name in both languages, as on the cards themselves; the card
 * face adds the English translation beneath it. Every text, log line and button follows that rule.
 */
import { dictionary } from './i18n-words';

const list = (xs: unknown) => (Array.isArray(xs) ? xs.join(', ') : String(xs ?? ''));

/** One section of the rules summary: a heading and its paragraphs. */
export interface HelpSection {
  id: string;
  title: string;
  body: string[];
}

export const HELP_STRINGS = dictionary({
  no: {
    'help.open': 'Regler',
    'help.openTitle': 'Regler i korte trekk, og hva fasen tillater',
    'help.title': 'Reglene i korte trekk',
    'help.close': 'Lukk',
    'help.phaseGuide': 'Nå i spillet',
    'help.summary': 'Oppsummering av reglene',
    'help.areaHint': 'Hold musen over et område (eller hold fingeren på det) for å se hva som gjelder der.',
    'help.phase.current': ({ f, phase }) => `${f}s tur – ${phase}`,
    'help.phase.movement':
      'Hver bataljon kan flytte ett steg til et naboområde. Går du inn i et område med fiender, blir det et angrep som avgjøres i kampfasen. Kort som flytter lenger spilles her. Når Tyskland er ferdig, kan Norge sabotere angrepene. Dra en stabel til et uthevet område, så flytter hele stabelen dit; klikk den i stedet for å velge hvor mange.',
    'help.phase.combat':
      'Angriperen velger rekkefølgen på kampene. I hver kamp: angriperen spiller kort, forsvareren svarer, angriperen kan oppheve et forsvarskort, så kaster begge. Høyeste sum vinner (uavgjort: forsvareren), hver sekser slår ut en bataljon, og taperen trekker seg tilbake.',
    'help.phase.reinforcement':
      'Bytt inn kort mot nye bataljoner: tre forsterkningssymboler gir én bataljon. Tyskland får én gratis hver runde og setter dem ut ved havområde I og II; Norge på egne mobiliseringspunkter og seiersbyer (høyst én per område); de allierte på kysten ved III–VII.',
    'help.phase.newCards':
      'Trekk opp til full hånd (Tyskland 5, Norge og de allierte 3). Tyskland og de allierte må kaste ett kort først hvis de ikke brukte noe kort denne runden.',
    'help.phase.reaction':
      'Et reaksjonsvindu: den som kan svare, spiller et kort eller står over. Vinduet åpnes uansett hva som er på hånden, så ingen kan lese hånden av det.',
    'help.phase.april9':
      '9. april-runden (avansert spill): sidene velger 9. april-kort, skipene settes ut med baksiden opp, og landgangene avgjøres før de vanlige rundene begynner.',

    'facts.title': 'Om området',
    'facts.close': 'Lukk',
    'facts.land': 'Landområde',
    'facts.sea': ({ id }) => `Havområde ${id}`,
    'facts.victoryCity': 'Seiersby: teller for seieren; Norge kan mobilisere her.',
    'facts.mobilization': 'Mobiliseringspunkt: Norge kan sette ut forsterkninger her.',
    'facts.airfield': ({ reach }) => `Flyplass: rekker ${reach} områder med tyske fly og Transportfly.`,
    'facts.fraTyskland': 'Sør for «Fra Tyskland»-linjen: tyske fly rekker hit uten flyplass.',
    'facts.airRange': ({ fields }) => `Tyske fly rekker hit fra flyplass i ${fields}.`,
    'facts.noAir': 'Utenfor rekkevidden til alle flyplassene.',
    'facts.coast': ({ zones }) => `Kyst mot havområde ${zones}.`,
    'facts.inland': 'Innlandsområde, ingen kyst.',
    'facts.redCoast': 'Rød kyst: tyske forsterkninger settes i land her; ikke allierte.',
    'facts.blueCoast': 'Blå kyst: allierte forsterkninger, Invasjon, Kystbombardement og Kystevakuering.',
    'facts.telegraph': 'Telegraflinjen til Storbritannia går i land her (avansert spill).',
    'facts.byLand': ({ areas }) => `Naboer over land: ${list(areas)}.`,
    'facts.byFjord': ({ areas }) =>
      `Naboer over fjord eller innsjø: ${list(areas)} (angrep over fjorden eller innsjøen gir halvparten av terningene).`,
    'facts.outOfPlay': 'Utenfor scenarioets område: ikke i spill.',
    'facts.units': ({ list: l }) => `Her nå: ${l}.`,
    'facts.seaRed': 'Minelagt og voktet av Luftwaffe: allierte skip kan ikke gå hit.',
    'facts.seaOpen': 'Åpent hav, uten kyst.',
    'facts.seaNeighbours': ({ zones }) => `Nabohavområder: ${zones}.`,
    'facts.seaRaid': 'Grenser også til «Skip på raid» (avansert spill).',
    'facts.seaCoasts': ({ areas }) => `Kystområder: ${list(areas)}.`,

    'map.fraTyskland': '«Fra Tyskland»: sør for linjen rekker tyske fly uten flyplass',
    'map.impassable': 'Ufremkommelig (Sverige, fjellområder): ingen kan gå dit',
    'map.outOfPlayLegend': 'Utenfor scenarioet (ikke i spill)',
    'map.blueZone': 'Havområde III–VIII (alliert kyst ved III–VII)',
    'map.fjordCrossing': 'Fjord over åpent vann',
    'map.pickable': 'Kan velges nå',
    'map.selected': 'Valgt',
    'map.attackLegend': 'Angrep ved grensen (≈ over fjord, ✈︎ fra lufta, ⚓︎ fra sjøen)',
    'map.combatLegend': 'Kampen som pågår',
    'map.movedLegend': 'Blek brikke: har flyttet denne fasen',

    'team.cancelledAnon': 'En lagkamerat gjorde et trekk for siden din, så valget du holdt på med ble nullstilt.',
    'team.dismiss': 'OK',
    'hand.copies': ({ n }) => `${n} like kort`,
  },
  en: {
    'help.open': 'Rules',
    'help.openTitle': 'The rules in brief, and what this phase allows',
    'help.title': 'The rules in brief',
    'help.close': 'Close',
    'help.phaseGuide': 'Now in the game',
    'help.summary': 'Summary of the rules',
    'help.areaHint': 'Hover over an area (or press and hold it) to see what holds there.',
    'help.phase.current': ({ f, phase }) => `${f}${String(f).endsWith('s') ? "'" : "'s"} turn – ${phase}`,
    'help.phase.movement':
      'Each battalion may move one step into a neighbouring area. Moving into an area with enemies is an attack, fought in the combat phase. Cards that move further are played here. When Germany has finished, Norway may sabotage its attacks. Drag a stack onto a highlighted area and the whole stack goes there; click it instead to choose how many.',
    'help.phase.combat':
      'The attacker picks the order of the combats. In each: the attacker plays cards, the defender answers, the attacker may cancel a defence card, then both roll. The higher total wins (a tie goes to the defender), every six knocks out a battalion, and the loser retreats.',
    'help.phase.reinforcement':
      'Trade cards for new battalions: three reinforcement symbols buy one. Germany gets one free each round and places by sea zones I and II; Norway on its own mobilisation points and victory cities (at most one per area); the Allies on the coast by III–VII.',
    'help.phase.newCards':
      'Draw up to a full hand (Germany 5, Norway and the Allies 3). Germany and the Allies must first discard a card if they used none this round.',
    'help.phase.reaction':
      'A reaction window: whoever may answer plays a card or passes. The window opens whatever the hand holds, so nobody can read the hand from it.',
    'help.phase.april9':
      'The 9 April turn (advanced game): the sides choose their 9 April cards, ships are set out face down, and the landings are settled before the ordinary rounds begin.',

    'facts.title': 'About this area',
    'facts.close': 'Close',
    'facts.land': 'Land area',
    'facts.sea': ({ id }) => `Sea zone ${id}`,
    'facts.victoryCity': 'Victory city: counts for victory; Norway may mobilise here.',
    'facts.mobilization': 'Mobilisation point: Norway may place reinforcements here.',
    'facts.airfield': ({ reach }) => `Air field: German aircraft and Air Transport (Transportfly) reach ${reach} areas from it.`,
    'facts.fraTyskland': 'South of the "Fra Tyskland" line: German aircraft reach it without an air field.',
    'facts.airRange': ({ fields }) => `German aircraft reach it from an air field at ${fields}.`,
    'facts.noAir': 'Out of range of every air field.',
    'facts.coast': ({ zones }) => `Coast on sea zone ${zones}.`,
    'facts.inland': 'Inland, no coast.',
    'facts.redCoast': 'Red coast: German reinforcements land here; Allied ones may not.',
    'facts.blueCoast':
      'Blue coast: Allied reinforcements, Invasion (Invasjon), Coastal Bombardment (Kystbombardement) and Coastal Evacuation (Kystevakuering).',
    'facts.telegraph': 'The telegraph cable to Britain comes ashore here (advanced game).',
    'facts.byLand': ({ areas }) => `Neighbours by land: ${list(areas)}.`,
    'facts.byFjord': ({ areas }) => `Neighbours across a fjord or lake: ${list(areas)} (attacks across it roll half the dice).`,
    'facts.outOfPlay': "Outside the scenario's region: not in play.",
    'facts.units': ({ list: l }) => `Here now: ${l}.`,
    'facts.seaRed': 'Mined and guarded by the Luftwaffe: Allied ships may not enter.',
    'facts.seaOpen': 'Open sea, no coast.',
    'facts.seaNeighbours': ({ zones }) => `Neighbouring sea zones: ${zones}.`,
    'facts.seaRaid': 'Also borders the "Skip på raid" box (advanced game).',
    'facts.seaCoasts': ({ areas }) => `Coastal areas: ${list(areas)}.`,

    'map.fraTyskland': '"Fra Tyskland": south of the line German aircraft need no air field',
    'map.impassable': 'Impassable (Sweden, mountains): nothing may enter',
    'map.outOfPlayLegend': 'Outside the scenario (not in play)',
    'map.blueZone': 'Sea zones III–VIII (Allied coast by III–VII)',
    'map.fjordCrossing': 'Fjord across open water',
    'map.pickable': 'Can be picked now',
    'map.selected': 'Selected',
    'map.attackLegend': 'Attack at the border (≈ across a fjord, ✈︎ from the air, ⚓︎ from the sea)',
    'map.combatLegend': 'The combat being fought',
    'map.movedLegend': 'Faded piece: has moved this phase',

    'team.cancelledAnon': 'A teammate made a move for your side, so the choice you were making was reset.',
    'team.dismiss': 'OK',
    'hand.copies': ({ n }) => `${n} identical cards`,
  },
});

/** The rules summary, section by section. */
export const HELP_SECTIONS: Record<'no' | 'en', HelpSection[]> = {
  no: [
    {
      id: 'goal',
      title: 'Målet',
      body: [
        'Tyskland angriper; Norge og de allierte forsvarer og vinner eller taper sammen.',
        'Spillet slutter i det Tyskland trekker sitt siste kort. Holder Tyskland da alle seks seiersbyene (Oslo, Kristiansand, Stavanger, Bergen, Trondheim, Narvik), vinner Tyskland; ellers vinner Norge og de allierte. En tom seiersby regnes som norsk.',
        'Spillet slutter også straks én side har slått ut alle fiendens bataljoner.',
      ],
    },
    {
      id: 'turn',
      title: 'Runden',
      body: [
        'Tyskland begynner, så Norge, så de allierte. Hver tur har fire faser: forflytning, kamp, forsterkninger og nye kort.',
        'I motstanderens tur kan du spille kort som er merket som reaksjoner, forsvare deg med terninger og trekke deg tilbake.',
      ],
    },
    {
      id: 'move',
      title: 'Forflytning',
      body: [
        'En bataljon flytter ett steg per tur, over land eller over fjord. Flere som flytter sammen, er en stabel.',
        'Å gå inn i et område med fiender er et angrep; brikkene venter ved grensen til kampfasen.',
        'Når Tyskland er ferdig med å flytte, kan Norge spille Veisperring eller Sprengt bro mot angrepene, eller Rask forflytning for å komme seg unna. Tyskland kan svare med Ingeniørkompani.',
      ],
    },
    {
      id: 'combat',
      title: 'Kamp',
      body: [
        'Hver bataljon gir én terning, men høyst fem per side. Angriper du over fjord eller innsjø, halveres terningene fra bataljonene (rundes ned). Terninger fra kort kommer i tillegg.',
        'Angriperen spiller kort, forsvareren svarer, angriperen kan oppheve et forsvarskort. Høyst ett kort av hver type per side i hver kamp.',
        'Hver sekser slår ut en fiendtlig bataljon. Høyeste sum vinner; ved likhet vinner forsvareren.',
        'En slått forsvarer trekker seg til ett ledig naboområde (tyske og allierte aldri over fjord); har den ingen vei, går bataljonene tapt. En slått angriper går tilbake dit den kom fra.',
      ],
    },
    {
      id: 'reinforce',
      title: 'Forsterkninger og nye kort',
      body: [
        'Kort kan byttes inn i stedet for å spilles: tre forsterkningssymboler gir én ny bataljon.',
        'Tyskland får én gratis bataljon hver runde og setter ut ved havområde I og II (rød kyst). Norge setter ut på egne mobiliseringspunkter og seiersbyer uten tyskere, høyst én per område. De allierte setter ut på kysten ved III–VII (blå kyst).',
        'Til slutt trekker du opp til full hånd: Tyskland 5, Norge og de allierte 3. Brukte Tyskland eller de allierte ingen kort denne runden, kastes ett først.',
      ],
    },
    {
      id: 'air',
      title: 'Fly og flyplasser',
      body: [
        'Sør for «Fra Tyskland»-linjen rekker tyske fly overalt. Lenger nord trenger Bombefly og Jagerbomber en tysk flyplass som rekker området. Transportfly går fra flyplass til flyplass.',
      ],
    },
    {
      id: 'hidden',
      title: 'Det du ikke ser',
      body: [
        'Du ser bare din egen hånd. Reaksjonsvinduer åpnes når reglene tillater et svar, ikke bare når noen har et passende kort, så et vindu røper ingenting.',
      ],
    },
    {
      id: 'autopass',
      title: 'Når du ikke har noe valg',
      body: [
        'Kan du bare stå over eller avslutte fasen – ingen kort på hånden kan svare, og fasen har ingenting å gjøre – gjør serveren det for deg etter et lite øyeblikk, og du slipper å klikke.',
        'Øyeblikket trekkes likt hver gang, også når du selv klikker «Stå over» raskere: de andre ser aldri om du hadde et valg eller ikke.',
        'Vil du heller klikke selv (for eksempel for å nøle med vilje), slår du det av i «Du:»-menyen. Det gjelder hele siden din i dette partiet, og bare dere på siden ser valget.',
      ],
    },
  ],
  en: [
    {
      id: 'goal',
      title: 'The goal',
      body: [
        'Germany attacks; Norway and the Allies defend and win or lose together.',
        'The game ends the moment Germany draws its last card. If Germany then holds all six victory cities (Oslo, Kristiansand, Stavanger, Bergen, Trondheim, Narvik), Germany wins; otherwise Norway and the Allies win. An empty victory city counts as Norwegian.',
        'The game also ends at once when one side has knocked out every enemy battalion.',
      ],
    },
    {
      id: 'turn',
      title: 'The round',
      body: [
        'Germany goes first, then Norway, then the Allies. Each turn has four phases: movement, combat, reinforcements and new cards.',
        "In an opponent's turn you may play cards marked as reactions, defend with dice and retreat.",
      ],
    },
    {
      id: 'move',
      title: 'Movement',
      body: [
        'A battalion moves one step per turn, over land or across a fjord. Several moving together are a stack.',
        'Moving into an area held by enemies is an attack; the pieces wait at the border until the combat phase.',
        'When Germany has finished moving, Norway may play Veisperring or Sprengt bro against the attacks, or Rask forflytning to slip away. Germany may answer with Ingeniørkompani.',
      ],
    },
    {
      id: 'combat',
      title: 'Combat',
      body: [
        'Each battalion gives one die, at most five per side. Attacking across a fjord or lake halves the dice from battalions (rounded down). Dice from cards come on top.',
        'The attacker plays cards, the defender answers, the attacker may cancel a defence card. At most one card of each type per side in a combat.',
        'Every six knocks out an enemy battalion. The higher total wins; a tie goes to the defender.',
        'A beaten defender retreats to one free neighbouring area (German and Allied ones never across a fjord); with nowhere to go, its battalions are lost. A beaten attacker goes back where it came from.',
      ],
    },
    {
      id: 'reinforce',
      title: 'Reinforcements and new cards',
      body: [
        'Cards may be traded in instead of played: three reinforcement symbols buy one new battalion.',
        'Germany gets one free battalion each round and places by sea zones I and II (red coast). Norway places on its own mobilisation points and victory cities free of Germans, at most one per area. The Allies place on the coast by III–VII (blue coast).',
        'Last, draw up to a full hand: Germany 5, Norway and the Allies 3. If Germany or the Allies used no card this round, they discard one first.',
      ],
    },
    {
      id: 'air',
      title: 'Aircraft and air fields',
      body: [
        'South of the "Fra Tyskland" line German aircraft reach everywhere. Further north, Bombefly and Jagerbomber need a German air field that reaches the area. Transportfly flies from air field to air field.',
      ],
    },
    {
      id: 'hidden',
      title: 'What you do not see',
      body: [
        'You see only your own hand. Reaction windows open whenever the rules allow an answer, not only when someone holds a fitting card, so a window gives nothing away.',
      ],
    },
    {
      id: 'autopass',
      title: 'When you have no choice',
      body: [
        'When all you can do is pass or end the phase – nothing in your hand can answer, and the phase has nothing for you to do – the server does it for you after a short moment, and you need not click.',
        'The moment is drawn the same way every time, also when you click Pass yourself sooner: the others never see whether you had a choice.',
        'To click these yourself instead (to hesitate on purpose, say), turn it off in the "You:" menu. It applies to your whole side in this match, and only your side sees the setting.',
      ],
    },
  ],
};
