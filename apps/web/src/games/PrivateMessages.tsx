/** Private lines to one other seat (diplomacy): only that seat receives them, no other player, no spectator. */
import { useState, type FormEvent } from 'react';
import type { PrivateMessage } from '@kon/protocol';
import { useI18n } from '../i18n';

export function PrivateMessages({
  me,
  others,
  lines,
  nameOf,
  send,
}: {
  me: string;
  others: string[];
  lines: PrivateMessage[];
  nameOf: (playerID: string) => string;
  send: (to: string, text: string) => void;
}) {
  const { t } = useI18n();
  const [to, setTo] = useState(others[0] ?? '');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!to || !text.trim()) return;
    send(to, text.trim());
    setText('');
  };
  return (
    <section className="panel private-messages" aria-label={t('games.private.title')} data-testid="private-messages">
      <h2>{t('games.private.title')}</h2>
      <p className="muted small">{t('games.private.hint')}</p>
      <ul>
        {lines.map((l) => (
          <li key={l.id} data-private-line={l.id}>
            <em>{l.from === me ? t('games.private.toWho', { who: nameOf(l.to) }) : t('games.private.from', { who: nameOf(l.from) })}:</em>{' '}
            {l.text}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="private-form">
        <label>
          {t('games.private.to')}{' '}
          <select value={to} onChange={(e) => setTo(e.target.value)} name="to">
            {others.map((p) => (
              <option key={p} value={p}>
                {nameOf(p)}
              </option>
            ))}
          </select>
        </label>
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={500}
          name="private-text"
          aria-label={t('games.private.title')}
        />
        <button type="submit" disabled={!text.trim() || !to}>
          {t('games.private.send')}
        </button>
      </form>
    </section>
  );
}
