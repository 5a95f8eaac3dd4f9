/**
 * The home page's choice of game: every game the server hosts (GET /api/games), with how many play
 * it. Until the list arrives, or when the server hosts one game, Kampen om Norge alone is offered.
 */
import { useEffect, useState } from 'react';
import { api, type GameInfo } from '../api';
import { useI18n } from '../i18n';
import { ChoiceGroup } from '../ui/FormParts';

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
    <ChoiceGroup
      legend={t('games.choose')}
      name="game"
      className="panel game-choice"
      testId="game-choice"
      options={games.map((g) => ({
        value: g.id,
        title: g.name[lang],
        hint: `${g.summary[lang]} (${t('games.players', g.players)})`,
        data: { 'data-game': g.id },
      }))}
      value={value}
      onChange={onChange}
    />
  );
}
