/** The home page's line of who is looking now ("2 looking for a Fast advanced game"), linking to the match maker. */
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { useGames } from '../lobby/GameChoice';
import { mmApi, type OpenCount } from './api';
import { link, useScenarios, useSetupName } from './shared';

export function OpenTickets({ navigate }: { navigate: (to: string) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<OpenCount[] | null>(null);
  const games = useGames();
  const scenarios = useScenarios();
  const setupName = useSetupName(games, scenarios);
  useEffect(() => {
    let alive = true;
    const load = () =>
      mmApi.open().then(
        (o) => alive && setOpen(o),
        () => alive && setOpen([]),
      );
    load();
    const timer = setInterval(load, 30_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  if (open === null) return null;
  return (
    <section className="panel mm-open" data-testid="open-tickets" aria-label={t('mm.looking.title')}>
      <h2>{t('mm.looking.title')}</h2>
      {open.length === 0 && <p className="muted">{t('mm.looking.none')}</p>}
      <ul>
        {open.map((o) => (
          <li key={`${o.game}|${o.setup}|${o.plan}|${o.pace}|${o.rated}`}>
            {t('mm.looking', { count: o.count, pace: o.pace, what: setupName(o.game, o.setup, true) })}
            {!o.rated && <span className="muted"> ({t('mm.unrated')})</span>}
          </li>
        ))}
      </ul>
      <a className="button primary" {...link(navigate, '/play')}>
        {t('mm.nav.find')}
      </a>{' '}
      <a className="button" {...link(navigate, '/leaderboard')}>
        {t('mm.nav.leaderboard')}
      </a>
    </section>
  );
}
