/**
 * The log and the chat beside the board: a column of its own on a wide screen, the foot of the side
 * column on a tablet, always in view there; it folds to its tabs. On a phone it follows the hand.
 */
import { useState } from 'react';
import { useI18n } from '../../../i18n';
import type { BoardHistory } from '../../../replay/useBoardAt';
import type { MatchConnection } from '../game/connection';
import { ChatPanel, LogPanel } from './Panels';

const FOLD_KEY = 'kon.logFolded';

function useFolded(): [boolean, (v: boolean) => void] {
  const [folded, setFolded] = useState(() => {
    try {
      return localStorage.getItem(FOLD_KEY) === '1';
    } catch {
      return false;
    }
  });
  const set = (v: boolean) => {
    setFolded(v);
    try {
      localStorage.setItem(FOLD_KEY, v ? '1' : '0');
    } catch {
      /* a private window may refuse: the choice then lasts for this page */
    }
  };
  return [folded, set];
}

export function LogColumn({ conn, spectator, history }: { conn: MatchConnection; spectator: boolean; history?: BoardHistory | undefined }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<'log' | 'chat'>('log');
  const [folded, setFolded] = useFolded();
  // A blocked player's chat never arrives: the server withholds it (matchmaker/chat-blocks.ts).
  const chat = conn.chat;
  return (
    <aside className={`log-col panel tabs-panel ${folded ? 'folded' : ''}`} data-testid="log-col" aria-label={t('tabs.log')}>
      {/* The fold button is no tab: it sits beside the tab list, not in it (a tab list holds tabs only). */}
      <div className="tabs log-tabs">
        <div role="tablist" className="log-tablist">
          <button type="button" role="tab" aria-selected={tab === 'log'} onClick={() => setTab('log')}>
            {t('tabs.log')}
          </button>
          <button type="button" role="tab" aria-selected={tab === 'chat'} onClick={() => setTab('chat')} data-tab="chat">
            {t('tabs.chat')}
            {chat.length > 0 && <span className="count-badge">{chat.length}</span>}
          </button>
        </div>
        <button
          type="button"
          className="log-fold small ghost"
          aria-expanded={!folded}
          onClick={() => setFolded(!folded)}
          data-testid="log-fold"
          title={folded ? t('log.unfold') : t('log.fold')}
        >
          {folded ? '▴' : '▾'}
          <span className="sr-only">{folded ? t('log.unfold') : t('log.fold')}</span>
        </button>
      </div>
      {!folded && (
        <div role="tabpanel" className="log-body">
          {tab === 'log' ? (
            <LogPanel log={conn.log} onPick={history?.show} picked={history?.at?.entry ?? history?.loading ?? null} />
          ) : (
            <ChatPanel messages={chat} players={conn.players} canWrite={!spectator} onSend={conn.sendChat} />
          )}
        </div>
      )}
    </aside>
  );
}
