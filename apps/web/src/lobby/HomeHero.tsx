/**
 * The head of the home page: what the chosen game is. Kampen om Norge's own texts, or another game's
 * name and number of players, how its matches are made and, where the site has one, a paragraph about it
 * (its module's one-line summary is beside it, in the game choice and on the create form).
 */
import type { ReactNode } from 'react';
import type { GameInfo } from '../api';
import { useI18n } from '../i18n';

/** The paragraph about each other game the site has one for (Kampen om Norge's is home.about). */
const ABOUT = { 'deres-uenighet': 'games.about.deres-uenighet' } as const;

export function HomeHero({ game, children }: { game: GameInfo | undefined; children?: ReactNode }) {
  const { t, lang } = useI18n();
  if (!game)
    return (
      <section className="hero" data-testid="home-hero" data-game="kampen-om-norge">
        <h1>{t('app.title')}</h1>
        <p className="tagline">{t('app.tagline')}</p>
        <p>{t('home.intro')}</p>
        <p className="muted">{t('home.about')}</p>
        {children}
      </section>
    );
  const about = ABOUT[game.id as keyof typeof ABOUT];
  return (
    <section className="hero" data-testid="home-hero" data-game={game.id}>
      <h1>{game.name[lang]}</h1>
      <p className="tagline">{t('games.tagline', game.players)}</p>
      <p>{t('games.intro')}</p>
      {about && <p className="muted">{t(about)}</p>}
      {children}
    </section>
  );
}
