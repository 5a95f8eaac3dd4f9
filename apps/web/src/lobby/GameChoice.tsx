/**
 * The home page's choice of game: every game the server hosts (GET /api/games), with how many play
 * it. Until the list arrives, or when the server hosts one game, Kampen om Norge alone is offered.
 */
import { useEffect, useState } from 'react';
import { api, type GameInfo } from '../api';
import { useI18n } from '../i18n';

export const DEFAULT_GAME = 'kampen-om-norge';

export function useGames(): GameInfo[] | null {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  useEffect(() => {
    api.games().then(setGames, () => setGames([]));
  }, []);
  return games;
}

export function GameChoice({ games, value, onChange }: { games: GameInfo[] | null; value: string; onChange: (id: string) => void }) {
  const { t, lang } = useI18n();
  if (!games || games.length < 2) return null;
  return (
    <fieldset className="panel game-choice" data-testid="game-choice">
      <legend>{t('games.choose')}</legend>
      {games.map((g) => (
        <label key={g.id} className="choice" data-game={g.id}>
          <input type="radio" name="game" value={g.id} checked={value === g.id} onChange={() => onChange(g.id)} />
          <span>
            <strong>{g.name[lang]}</strong>
            <small>
              {g.summary[lang]} ({t('games.players', g.players)})
            </small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
