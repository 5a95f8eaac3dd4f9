import { useEffect, useRef, useState, type FormEvent } from 'react';
/** The log and the chat panels (ui/LogColumn.tsx shows them beside the board). */
import type { Faction, LogEntry } from '@kon/game';
import { useI18n } from '../../../i18n';
import { describeLog } from '../game/logText';
import type { ChatMsg, PlayerMeta } from '../game/connection';
import { FactionBadge } from './Pieces';

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the foot each time a message arrives (the count is the trigger)
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
