/**
 * /m/:id opens the match with its own game's page. A match this browser knows the game of opens at
 * once (Kampen om Norge's page for every match remembered before there were several games); another
 * is asked of the server first. Each game's page is a chunk of its own, fetched only when needed.
 */
import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { api, remember, remembered } from '../api';
import { takeSeat } from '../account/session';
import { DEFAULT_GAME } from '../lobby/GameChoice';
import { useI18n } from '../i18n';
import { LessonOverlay } from '../lessons/LessonOverlay';
import { WEB_GAMES } from './registry';
import type { GamePageProps } from './types';

const pages = new Map<string, LazyExoticComponent<ComponentType<GamePageProps>>>();

/**
 * A game's match page, as a chunk of its own: the game's own page when its web folder has one
 * (Kampen om Norge), else the platform's module page with the game's board (games/ModuleMatchPage.tsx,
 * also for a game this client has no folder for). A chunk that fails to load is the page's error.
 */
function pageOf(game: string) {
  let page = pages.get(game);
  if (!page) {
    const load = WEB_GAMES[game];
    page = lazy(async () => {
      const own = load ? (await load()).Page : undefined;
      if (own) return { default: own };
      const { ModuleMatchPage } = await import('./ModuleMatchPage');
      return { default: (props: GamePageProps) => <ModuleMatchPage {...props} game={game} /> };
    });
    pages.set(game, page);
  }
  return page;
}

/**
 * The game this browser knows a match to be of: remembered at creation, or told at joining; a match
 * remembered without one (from before there were several games) is Kampen om Norge.
 */
function knownGame(matchID: string): string | undefined {
  const r = remembered(matchID);
  return r?.game ?? r?.member?.game ?? (r?.member || r?.links ? DEFAULT_GAME : undefined);
}

export function GameMatchPage(props: GamePageProps) {
  const { t } = useI18n();
  const [game, setGame] = useState(() => knownGame(props.matchID));
  const { matchID, spectator } = props;
  useEffect(() => {
    if (game) return;
    let current = true;
    const r = remembered(matchID);
    const token =
      (spectator ? r?.spectatorToken || decodeURIComponent(window.location.hash.replace(/^#/, '')) : r?.member?.credentials) ?? '';
    const ask = () =>
      api.get(matchID, token).then(
        (info) => {
          const g = info.game ?? DEFAULT_GAME;
          if (r) remember(matchID, { game: g });
          if (current) setGame(g);
        },
        // The match page says what is wrong (not found, no access).
        () => current && setGame(DEFAULT_GAME),
      );
    if (spectator) ask();
    // A seat this browser does not hold may be its signed-in account's (a match the match maker made,
    // or one taken on another device): its credentials for this browser first, then the game's page.
    else
      takeSeat({ matchID }).then(
        (joined) => current && setGame(joined.game ?? DEFAULT_GAME),
        () => ask(),
      );
    return () => {
      current = false;
    };
  }, [game, matchID, spectator]);
  if (!game)
    return (
      <main className="narrow">
        <p className="muted" role="status">
          {t('conn.connecting')}
        </p>
      </main>
    );
  const Page = pageOf(game);
  const lesson = props.spectator ? undefined : remembered(props.matchID)?.lesson;
  return (
    <>
      <Page {...props} />
      {lesson && <LessonOverlay matchID={props.matchID} lessonId={lesson} />}
    </>
  );
}
