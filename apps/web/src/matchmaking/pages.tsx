/** The match maker's, leaderboards' and profiles' routes (/play, /leaderboard[/game], /players/:id): pages fetched when opened. */
import { lazy } from 'react';

export { OpenTickets } from './OpenTickets';

const FindOpponentPage = lazy(() => import('./FindOpponentPage').then((m) => ({ default: m.FindOpponentPage })));
const LeaderboardPage = lazy(() => import('./LeaderboardPage').then((m) => ({ default: m.LeaderboardPage })));
const ProfilePage = lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })));

const ROUTE = /^\/(play|leaderboard(?:\/([a-z0-9-]{1,40}))?|players\/([A-Za-z0-9_-]{1,64}))\/?$/;

/** The page for this path, or null when the path is not one of these (to be put inside a Suspense). */
export function matchmakingPage(path: string, navigate: (to: string) => void): React.ReactNode | null {
  const m = ROUTE.exec(path);
  if (!m) return null;
  if (m[1] === 'play') return <FindOpponentPage navigate={navigate} />;
  if (m[3]) return <ProfilePage accountId={m[3]} navigate={navigate} />;
  return <LeaderboardPage game={m[2]} navigate={navigate} />;
}
