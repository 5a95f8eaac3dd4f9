/** Texts of the scenarios (the lobby choice, the scenario sheet, goal lines), in our own words. */
import { dictionary } from './i18n-words';

export const SCENARIO_STRINGS = dictionary({
  no: {
    'home.ruleset.full': 'Hele spillet',
    'home.scenario.loading': 'Henter scenarioene …',
    'scenario.sheet': 'Scenarioark',
    'scenario.sheetTitle': ({ name }) => `Scenarioark: ${name}`,
    'scenario.close': 'Lukk',
    'scenario.tag': 'Scenario',
    'scenario.goal': ({ areas, deck }) => `Mål: Norge og de allierte må holde ${areas} når ${deck} bunke er brukt opp.`,
    'scenario.deck.germany': 'den tyske',
    'scenario.deck.norway': 'den norske',
    'scenario.deck.allies': 'den allierte',
    'result.reason.deckOf': ({ deck }) => `${deck[0].toUpperCase()}${deck.slice(1)} bunken er brukt opp.`,
    'result.objectives': ({ held, total, list }) => `Norge og de allierte holdt ${held} av ${total}: ${list}`,
    'result.objectivesMissing': ({ list }) => `Ikke holdt av Norge og de allierte: ${list}`,
    'map.outOfPlay': 'utenfor spill i dette scenarioet',
  },
  en: {
    'home.ruleset.full': 'The full game',
    'home.scenario.loading': 'Loading the scenarios …',
    'scenario.sheet': 'Scenario sheet',
    'scenario.sheetTitle': ({ name }) => `Scenario sheet: ${name}`,
    'scenario.close': 'Close',
    'scenario.tag': 'Scenario',
    'scenario.goal': ({ areas, deck }) => `Goal: Norway and the Allies must hold ${areas} when ${deck} deck is used up.`,
    'scenario.deck.germany': 'the German',
    'scenario.deck.norway': 'the Norwegian',
    'scenario.deck.allies': 'the Allied',
    'result.reason.deckOf': ({ deck }) => `${deck[0].toUpperCase()}${deck.slice(1)} deck is used up.`,
    'result.objectives': ({ held, total, list }) => `Norway and the Allies held ${held} of ${total}: ${list}`,
    'result.objectivesMissing': ({ list }) => `Not held by Norway and the Allies: ${list}`,
    'map.outOfPlay': 'out of play in this scenario',
  },
});
