/** Texts of the game choice and of matches of games other than Kampen om Norge, bokmål and English. */
import { dictionary } from './i18n-words';

export const GAME_STRINGS = dictionary({
  no: {
    'games.choose': 'Spill',
    'seat.player1': 'Spiller 1',
    'seat.player2': 'Spiller 2',
    'seat.player3': 'Spiller 3',
    'seat.player4': 'Spiller 4',
    'games.players': ({ min, max }) => `${min}–${max} spillere`,
    'games.create': ({ name }) => `Nytt parti: ${name}`,
    'games.plan': 'Antall spillere',
    'games.plan.n': ({ n }) => `${n} spillere`,
    'games.seat': 'Din plass',
    'games.seat.n': ({ n }) => `Spiller ${n}`,
    'games.noBoard': 'Denne nettleseren har ikke brettet til dette spillet ennå.',
    'games.private.title': 'Private meldinger',
    'games.private.to': 'Til',
    'games.private.hint': 'Bare den du skriver til, ser meldingen – ingen andre spillere og ingen tilskuere.',
    'games.private.send': 'Send privat',
    'games.private.from': ({ who }) => `fra ${who}`,
    'games.private.toWho': ({ who }) => `til ${who}`,
    'games.missed':
      'Fristene gikk ut uten ordre fra deg, så datamaskinen spiller plassen din nå. Ta den tilbake (eller gjør et trekk) for å spille videre selv.',
    'games.tagline': ({ min, max }) => `${min}–${max} spillere, på nett`,
    'games.intro':
      'Opprett et parti og velg hvem som spiller hver av de andre plassene: en person du sender en lenke til, eller datamaskinen. Tilskuere kan se på med en egen lenke.',
    'games.about.deres-uenighet':
      'Dere bygger kartet sammen og velger hver deres nasjon. Hver runde kjøper, flytter og skyter alle med hemmelige ordre som vises samtidig. Den siste med hovedstaden i behold vinner, ellers den første med åtte oppgraderinger.',
  },
  en: {
    'games.choose': 'Game',
    'seat.player1': 'Player 1',
    'seat.player2': 'Player 2',
    'seat.player3': 'Player 3',
    'seat.player4': 'Player 4',
    'games.players': ({ min, max }) => `${min}–${max} players`,
    'games.create': ({ name }) => `New match: ${name}`,
    'games.plan': 'Number of players',
    'games.plan.n': ({ n }) => `${n} players`,
    'games.seat': 'Your seat',
    'games.seat.n': ({ n }) => `Player ${n}`,
    'games.noBoard': 'This browser does not have the board of this game yet.',
    'games.private.title': 'Private messages',
    'games.private.to': 'To',
    'games.private.hint': 'Only the one you write to sees the message – no other player and no spectator.',
    'games.private.send': 'Send privately',
    'games.private.from': ({ who }) => `from ${who}`,
    'games.private.toWho': ({ who }) => `to ${who}`,
    'games.missed':
      'Deadlines passed without orders from you, so the computer plays your seat now. Take it back (or make a move) to play on yourself.',
    'games.tagline': ({ min, max }) => `${min}–${max} players, online`,
    'games.intro':
      'Create a match and choose who plays each other seat: a person you send a link to, or the computer. Spectators can watch with a link of their own.',
    'games.about.deres-uenighet':
      'You build the map together and each take a nation. Every round everyone buys, moves and shoots by secret orders that are shown at the same moment. The last one whose capital still stands wins, or else the first to eight upgrades.',
  },
});
