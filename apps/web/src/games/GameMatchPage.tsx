/**
 * /m/:id opens the match with its own game's page. A match this browser knows the game of opens at
 * once (Kampen om Norge's page for every match remembered before there were several games); another
 * is asked of the server first. Each game's page is a chunk of its own, fetched only when needed.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { api, remember, remembered } from '../api';
import { DEFAULT_GAME } from '../lobby/GameChoice';
import { useI18n } from '../i18n';
import type { GamePageProps } from './types';

// Any other game: its module and board come with the module page's chunk (games/ModuleMatchPage.tsx).
const ModuleMatchPage = lazy(() => import('./ModuleMatchPage').then((m) => ({ default: m.ModuleMatchPage })));

/**
 * The game this browser knows a match to be of: remembered at creation, or told at joining; a match
 * remembered without one (from before there were several games) is Kampen om Norge.
 */
function knownGame(matchID: string): string | undefined {
  const r = remembered(matchID);
  return r?.game ?? r?.member?.game ?? (r?.member || r?.links ? DEFAULT_GAME : undefined);
}

export function GameMatchPage({ defaultPage: DefaultPage, ...props }: GamePageProps & { defaultPage: ComponentType<GamePageProps> }) {
  const { t } = useI18n();
  const [game, setGame] = useState(() => knownGame(props.matchID));
  useEffect(() => {
    if (game) return;
    const r = remembered(props.matchID);
    const token =
      (props.spectator ? r?.spectatorToken || decodeURIComponent(window.location.hash.replace(/^#/, '')) : r?.member?.credentials) ?? '';
    api.get(props.matchID, token).then(
      (info) => {
        const g = info.game ?? DEFAULT_GAME;
        if (r) remember(props.matchID, { game: g });
        setGame(g);
      },
      // The match page says what is wrong (not found, no access).
      () => setGame(DEFAULT_GAME),
    );
  }, [props.matchID]);
  if (!game)
    return (
      <main className="narrow">
        <p className="muted" role="status">
          {t('conn.connecting')}
        </p>
      </main>
    );
  if (game === DEFAULT_GAME) return <DefaultPage {...props} />;
  return (
    <Suspense fallback={null}>
      <ModuleMatchPage {...props} game={game} />
    </Suspense>
  );
}
