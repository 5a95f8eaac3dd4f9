/** Bits the match maker's pages share: the sign-in notice, a set-up's name, the pace's name, a win–loss record. */
import { useEffect, useState } from 'react';
import { api, type GameInfo, type ScenarioInfo } from '../api';
import { useI18n } from '../i18n';
import { SIGN_IN_PATH } from './api';
import './matchmaking.css';

export const KON = 'kampen-om-norge';

export function SignInNotice({ text, navigate }: { text: string; navigate: (to: string) => void }) {
  const { t } = useI18n();
  return (
    <p className="mm-sign-in" data-testid="sign-in">
      {text}{' '}
      <a
        href={SIGN_IN_PATH}
        onClick={(e) => {
          e.preventDefault();
          navigate(SIGN_IN_PATH);
        }}
      >
        {t('mm.signIn.link')}
      </a>
    </p>
  );
}

export function useScenarios(): ScenarioInfo[] {
  const [list, setList] = useState<ScenarioInfo[]>([]);
  useEffect(() => {
    api.scenarios().then(setList, () => setList([]));
  }, []);
  return list;
}

/** A ticket's set-up in words: the rules, a scenario's name, or (a game without set-ups) the game's name. */
export function useSetupName(games: GameInfo[] | null, scenarios: readonly ScenarioInfo[]) {
  const { t, lang } = useI18n();
  /** `inSentence`: the rules as a word in "looking for a Fast advanced game"; else as a name ("Advanced game"). */
  return (game: string, setup: string, inSentence = false) => {
    if (game !== KON) return games?.find((g) => g.id === game)?.name[lang] ?? game;
    if (setup === 'basic' || setup === 'advanced') return t(inSentence ? `mm.what.${setup}` : `home.ruleset.${setup}`);
    return scenarios.find((s) => s.id === setup)?.name[lang] ?? setup;
  };
}

/** A side of a rating in words ('-': the game has one rating). */
export function sideName(t: (k: string) => string, side: string) {
  return side === '-' ? '' : t(`seat.${side}`);
}

/** A win–loss record, "7–3", with the draws in brackets when there are any: "7–3 (1)". */
export function WinLoss({ wins, losses, draws }: { wins: number; losses: number; draws: number }) {
  return (
    <>
      {wins}–{losses}
      {draws > 0 ? ` (${draws})` : ''}
    </>
  );
}

/** A rating's heads and cells in a table (leaderboard, profile): the rating, the games, the record. */
export function RatingHeads() {
  const { t } = useI18n();
  return (
    <>
      <th>{t('lb.rating')}</th>
      <th>{t('lb.games')}</th>
      <th>{t('lb.record')}</th>
    </>
  );
}

export function RatingCells(r: { rating: number; games: number; wins: number; losses: number; draws: number }) {
  return (
    <>
      <td>{r.rating.toFixed(1)}</td>
      <td>{r.games}</td>
      <td>
        <WinLoss {...r} />
      </td>
    </>
  );
}

export function link(navigate: (to: string) => void, to: string) {
  return {
    href: to,
    onClick: (e: React.MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigate(to);
    },
  };
}
