/** Texts of the lessons' step panel ("Learn to play"), in our own words; each step's words come from the lesson's data. */
import { dictionary } from './i18n-words';

export const LESSON_STRINGS = dictionary({
  no: {
    'lesson.learn': 'Lær å spille',
    'lesson.step': (p) => `Steg ${p.n} av ${p.of}`,
    'lesson.wrong': 'Ikke helt:',
    'lesson.done': 'Fullført',
    'lesson.panel': 'Leksjon',
    'lesson.intro': 'En guidet første runde mot datamaskinen: du gjør trekkene, og hvert steg sier hva og hvorfor.',
    'lesson.start': (p) => `Start «${p.title}»`,
    'lesson.starting': 'Starter …',
    'lesson.learner': 'Elev',
    'lesson.inForm': 'Ny i spillet? Spill en guidet leksjon mot datamaskinen før du inviterer andre.',
    'lesson.wait': 'Vent litt: datamaskinen gjør sitt trekk først, så er det din tur.',
  },
  en: {
    'lesson.learn': 'Learn to play',
    'lesson.step': (p) => `Step ${p.n} of ${p.of}`,
    'lesson.wrong': 'Not quite:',
    'lesson.done': 'Finished',
    'lesson.panel': 'Lesson',
    'lesson.intro': 'A guided first game against the computer: you make the moves, and each step says what and why.',
    'lesson.start': (p) => `Start “${p.title}”`,
    'lesson.starting': 'Starting …',
    'lesson.learner': 'Learner',
    'lesson.inForm': 'New to the game? Play a guided lesson against the computer before you invite anyone.',
    'lesson.wait': 'Wait a moment: the computer makes its move first, then it is your turn.',
  },
});
