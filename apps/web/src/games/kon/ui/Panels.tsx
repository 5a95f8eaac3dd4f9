import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Faction, FactionView, LogEntry } from '@kon/game';
import { useI18n } from '../../../i18n';
import { describeLog } from '../game/logText';
import { FACTIONS } from '../game/data';
import type { ChatMsg, PlayerMeta } from '../game/connection';
import { FactionBadge } from './Pieces';
import type { SidePresence } from '../game/presence';
import { MemberPresence } from './Presence';
import { ComputerTag, type ComputerMarks } from '../../../ui/ComputerSeats';

export function SidesPanel({
  G,
  mine,
  acting,
  names = {},
  presence = {},
  now = Date.now(),
  computer = {},
}: {
  G: FactionView;
  mine: readonly Faction[];
  acting: Faction | null;
  /** Who plays each side (boardgame.io matchData; several names joined with ", " for teams). */
  names?: Partial<Record<Faction, string>>;
  /** Each side's members, online or away (from the pushed lobby view); names are shown from here when known. */
  presence?: Partial<Record<Faction, SidePresence>>;
  now?: number;
  /** Sides the computer plays (and whether it is deciding now). */
  computer?: ComputerMarks;
}) {
  const { t } = useI18n();
  const onBoard = (f: Faction) =>
    Object.values(G.units).reduce((s, u) => s + (u[f] ?? 0), 0) + G.attacks.filter((a) => a.faction === f).reduce((s, a) => s + a.count, 0);
  return (
    <section className="panel sides" aria-label={t('side.title')}>
      <ul>
        {FACTIONS.map((f) => (
          <li key={f} className={`side-row ${acting === f ? 'acting' : ''}`} data-faction={f}>
            <FactionBadge faction={f} />
            {mine.includes(f) && <span className="you-tag">{t('side.you')}</span>}
            {presence[f] ? (
              <span className="side-name" data-testid={`side-name-${f}`}>
                {presence[f]!.members.map((m, i) => (
                  <MemberPresence key={m.id} member={m} now={now} sep={i > 0} />
                ))}
              </span>
            ) : (
              names[f] && (
                <span className="side-name" data-testid={`side-name-${f}`}>
                  {names[f]}
                </span>
              )
            )}
            {/* A computer side whose turn it is is deciding, even for a page that missed the server's kon:thinking. */}
            {computer[f] && <ComputerTag faction={f} mark={{ ...computer[f], thinking: computer[f].thinking || acting === f }} />}
            <span className="side-stats">
              <span data-testid={`hand-size-${f}`}>{t('side.hand', { n: G.handSizes[f] })}</span>
              <span>{t('side.deck', { n: G.decks[f].drawCount })}</span>
              <span>{t('side.units', { n: onBoard(f) })}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LogPanel({
  log,
  onPick,
  picked = null,
}: {
  log: readonly LogEntry[];
  onPick?: (entry: number) => void;
  picked?: number | null;
}) {
  const { t, lang } = useI18n();
  const entries = log.map((e, i) => ({ e, i })).reverse();
  return (
    // Without buttons to pick, the list itself takes the focus, so that the keyboard can scroll it.
    <ol
      className={`log ${onPick ? 'pickable-log' : ''}`}
      reversed
      data-testid="log"
      title={onPick ? t('log.pickHint') : undefined}
      {...(onPick ? {} : { tabIndex: 0, 'aria-label': t('tabs.log') })}
    >
      {entries.map(({ e, i }) => (
        <li
          key={i}
          className={`log-entry ${e.faction ? `f-${e.faction}` : ''} ev-${e.event} ${picked === i ? 'picked' : ''}`}
          data-entry={i}
        >
          {e.faction && <span className={`dot f-${e.faction}`} aria-hidden />}
          {onPick ? (
            // The board as it was right after this entry (replay/useBoardAt.ts).
            <button
              type="button"
              className="log-pick"
              onClick={() => onPick(i)}
              aria-label={`${describeLog(e, lang)} – ${t('log.show', { n: i + 1 })}`}
            >
              {describeLog(e, lang)}
            </button>
          ) : (
            describeLog(e, lang)
          )}
        </li>
      ))}
    </ol>
  );
}

export function ChatPanel({
  messages,
  players,
  canWrite,
  onSend,
}: {
  messages: ChatMsg[];
  players: PlayerMeta[];
  canWrite: boolean;
  onSend: (text: string) => void;
}) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = text.trim();
    if (!msg) return;
    onSend(msg.slice(0, 400));
    setText('');
  };
  const factionOf = (pid: string) => (['germany', 'norway', 'allies'] as Faction[])[Number(pid)] ?? 'germany';
  return (
    <div className="chat">
      <ol className="chat-list" ref={list} data-testid="chat">
        {messages.length === 0 && <li className="muted">{t('chat.empty')}</li>}
        {messages.map((m) => {
          const f = factionOf(m.sender);
          const name = players.find((p) => String(p.id) === m.sender)?.name;
          return (
            <li key={m.id}>
              <FactionBadge faction={f} label={name ? `${name}` : undefined} />
              <span className="chat-text">{typeof m.payload === 'string' ? m.payload : ''}</span>
            </li>
          );
        })}
      </ol>
      {canWrite ? (
        <form onSubmit={submit} className="chat-form">
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            maxLength={400}
          />
          <button type="submit">{t('chat.send')}</button>
        </form>
      ) : (
        <p className="muted small">{t('chat.spectator')}</p>
      )}
    </div>
  );
}
