/**
 * The page of a match of a game other than Kampen om Norge: its seats, who is here, its computer
 * players and clocks, "your move" messages, handing an absent seat to the computer, its board
 * (the game's own, else the seat's legal moves as buttons), the open chat, and private lines between
 * two seats. A chunk of its own; the game's module comes in a further chunk (registry.ts).
 */
import './../game/zod-jitless';
import { useEffect, useState, type FormEvent } from 'react';
import { api, remember, remembered, type MatchInfo } from '../api';
import { refusalText, useI18n } from '../i18n';
import { ModuleTopBar } from './ModuleTopBar';
import { WEB_GAMES } from './registry';
import type { GamePageProps, WebGame } from './types';
import { useModuleMatch } from './useModuleMatch';
import { PrivateMessages } from './PrivateMessages';
import { MissedDeadlines, ModuleSeats } from './ModuleSeats';
import { ComputerSeatControls } from '../ui/ComputerSeats';
import { useGames } from '../lobby/GameChoice';
import { useRematchFollow } from '../replay/rematch';
import { ModuleRematch } from './ModuleRematch';

export function ModuleMatchPage({ matchID, spectator, navigate, game }: GamePageProps & { game: string }) {
  const { t, lang } = useI18n();
  const [mem] = useState(() => {
    const fromHash = spectator ? decodeURIComponent(window.location.hash.replace(/^#/, '')) : '';
    if (fromHash) {
      remember(matchID, { spectatorToken: fromHash });
      window.history.replaceState(null, '', window.location.pathname);
    }
    return remembered(matchID);
  });
  const member = spectator ? undefined : mem?.member;
  const token = spectator ? mem?.spectatorToken : member?.credentials;
  const playerID = member?.playerIDs[0] ?? null;
  const [web, setWeb] = useState<WebGame | null | undefined>(undefined);
  const [fetched, setFetched] = useState<MatchInfo | null>(null);
  useEffect(() => {
    const load = WEB_GAMES[game];
    if (load) load().then(setWeb, () => setWeb(null));
    else setWeb(null);
    if (token) api.get(matchID, token).then(setFetched, () => {});
  }, [game, matchID, token]);
  const info = fetched;
  const listed = useGames()?.find((g) => g.id === game);
  const numPlayers = info ? new Set(info.seats.flatMap((s) => s.playerIDs)).size : 0;
  const conn = useModuleMatch(web?.module ?? null, matchID, playerID, token, numPlayers || 2);
  const lobby = conn.lobby ?? info;
  // A rematch started by anyone takes this member's page into it (the pushed lobby view names it).
  useRematchFollow(lobby, member, navigate);
  const afterGame = <ModuleRematch matchID={matchID} member={member} existing={lobby?.rematch ?? null} navigate={navigate} />;
  const nameOf = (pid: string) => {
    const seat = lobby?.seats.find((s) => s.playerIDs.includes(pid));
    const who = seat?.members.map((m) => m.name).join(', ');
    return who ? `${t(`seat.${seat!.seat}`)} (${who})` : t(`seat.${seat?.seat ?? 'player1'}`);
  };
  const gameName = web?.module.texts.name[lang] ?? listed?.name[lang];
  useEffect(() => {
    if (!gameName) return;
    const before = document.title;
    document.title = gameName;
    return () => {
      document.title = before;
    };
  }, [gameName]);
  const Board = web?.Board;
  const legal =
    web && conn.G !== null && playerID !== null ? web.module.legalMoves(conn.G, conn.ctx ?? undefined, playerID).slice(0, 60) : [];
  const others = lobby ? lobby.seats.flatMap((s) => s.playerIDs).filter((p) => p !== playerID) : [];
  return (
    <div className="page game-page module-page" data-game={game}>
      <ModuleTopBar
        navigate={navigate}
        title={gameName ?? ''}
        matchID={matchID}
        member={member}
        token={token}
        lobby={lobby}
        status={conn.connected ? 'online' : conn.G ? 'offline' : 'connecting'}
        onInfo={setFetched}
      />
      <main className="narrow">
        <section className="panel">
          <h1>{gameName ?? game}</h1>
          <ModuleSeats lobby={lobby} clock={conn.clock} thinking={conn.thinking} />
          {web === null && <p className="muted">{t('games.noBoard')}</p>}
          {conn.lastError && (
            <p className="error" role="alert" data-testid="move-refused" data-rule={conn.lastRule ?? undefined}>
              {(conn.lastRule && web?.module.refusalText?.(conn.lastRule, undefined, lang)) ||
                refusalText(t, conn.lastError, conn.lastWait)}
            </p>
          )}
        </section>
        {member && <MissedDeadlines info={lobby} seat={member.seat} />}
        {lobby && member && token && <ComputerSeatControls matchID={matchID} info={lobby} credentials={token} onInfo={setFetched} />}
        {web && conn.G !== null && Board && (
          <Board
            G={conn.G}
            ctx={conn.ctx ?? undefined}
            playerID={playerID}
            move={conn.move}
            module={web.module}
            matchID={matchID}
            token={token}
            afterGame={afterGame}
          />
        )}
        {web && conn.G !== null && !Board && (
          <section className="panel module-moves">
            {legal.map((m, i) => (
              <button key={i} type="button" onClick={() => conn.move(m.move, ...m.args)}>
                {m.move} {JSON.stringify(m.args)}
              </button>
            ))}
            {conn.ctx?.gameover != null && afterGame}
          </section>
        )}
        {/* Chat and private lines travel on the game's connection: only with the game's module. */}
        {web && <OpenChat chat={conn.chat} nameOf={nameOf} send={playerID !== null ? conn.sendChat : undefined} />}
        {web && playerID !== null && others.length > 0 && (
          <PrivateMessages me={playerID} others={others} lines={conn.lines} nameOf={nameOf} send={conn.sendPrivate} />
        )}
      </main>
    </div>
  );
}

function OpenChat({
  chat,
  nameOf,
  send,
}: {
  chat: { id: string; sender: string; payload: unknown }[];
  nameOf: (p: string) => string;
  send?: ((text: string) => void) | undefined;
}) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) send?.(text.trim());
    setText('');
  };
  return (
    <section className="panel open-chat" aria-label={t('chat.title')}>
      <h2>{t('chat.title')}</h2>
      <ul>
        {chat.map((c) => (
          <li key={c.id}>
            <strong>{nameOf(c.sender)}:</strong> {String(c.payload)}
          </li>
        ))}
      </ul>
      {send && (
        <form onSubmit={submit}>
          <input value={text} onChange={(e) => setText(e.target.value)} maxLength={500} aria-label={t('chat.title')} />
          <button type="submit">{t('chat.send')}</button>
        </form>
      )}
    </section>
  );
}
