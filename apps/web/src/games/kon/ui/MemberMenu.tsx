/**
 * "You: <name>" in the top bar of a match (waiting room and board): rename yourself, or leave the
 * match after a confirmation. Leaving forgets this browser's credentials for the match.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useI18n, type T } from '../../../i18n';
import { api, ApiError, forgetMember, type MatchInfo } from '../../../api';
import { AccountMenuItem } from '../../../account/AccountMenuItem';
import { limitText } from '../../../refusal-text';

/** The server's own rule for names (apps/server/src/lobby/lobby.ts): 1–32 characters, no control characters. */
export function nameProblem(raw: string): 'empty' | 'long' | 'control' | null {
  const name = raw.trim();
  if (!name) return 'empty';
  if ([...name].length > 32) return 'long';
  if (/[\p{Cc}\p{Cf}]/u.test(name)) return 'control';
  return null;
}

/** An API failure in plain words (never the server's English message, never a code). */
export function memberErrorText(err: unknown, t: T): string {
  if (err instanceof ApiError) {
    switch (err.code) {
      case 'invalid_body':
      case 'invalid_json':
      case 'body_too_large':
        return t('member.error.name');
      case 'not_a_member':
      case 'not_found':
      case 'bad_authorization':
        return t('member.error.gone');
      case 'rate_limited':
        return limitText(t, err) ?? t('member.error.rate');
      case 'shutting_down':
        return t('member.error.server');
      default:
        return t('error.generic');
    }
  }
  // fetch rejects (TypeError) when the server cannot be reached at all.
  return t('member.error.network');
}

/** Codes after which the credentials no longer open the match: leaving has, in effect, happened. */
const GONE = new Set(['not_a_member', 'not_found', 'bad_authorization']);

/** "Leave the match?" with its confirm and cancel buttons (the confirm button takes the focus). */
function LeaveConfirm({
  id,
  confirmRef,
  busy,
  onConfirm,
  onCancel,
}: {
  id: string;
  confirmRef: RefObject<HTMLButtonElement | null>;
  busy: 'rename' | 'leave' | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <div role="alertdialog" aria-labelledby={`${id}-lt`} aria-describedby={`${id}-lx`} data-testid="leave-confirm">
      <h3 id={`${id}-lt`}>{t('member.leave.title')}</h3>
      <p id={`${id}-lx`} className="small">
        {t('member.leave.text')}
      </p>
      <div className="row">
        <button type="button" className="danger" ref={confirmRef} onClick={onConfirm} disabled={busy !== null} data-action="confirm-leave">
          {busy === 'leave' ? t('member.leaving') : t('member.leave.confirm')}
        </button>
        <button type="button" onClick={onCancel} disabled={busy !== null}>
          {t('act.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The last failure, or "saved" after a rename went through. */
function MenuStatus({ error, saved }: { error: string | null; saved: boolean }) {
  const { t } = useI18n();
  return (
    <>
      {error && (
        <p className="error small" role="alert" data-testid="member-error">
          {error}
        </p>
      )}
      {saved && !error && (
        <p className="ok small" role="status">
          {t('member.saved')}
        </p>
      )}
    </>
  );
}

export function MemberMenu({
  matchID,
  credentials,
  name,
  onRenamed,
  onLeft,
  extra,
}: {
  matchID: string;
  credentials: string;
  name: string;
  onRenamed: (name: string, info: MatchInfo) => void;
  onLeft: () => void;
  /** More about the seat (co-commanders, recovery link: SeatSharing). */
  extra?: React.ReactNode;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(name);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'rename' | 'leave' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  // Only setters and a ref: the same function for the menu's whole life.
  const close = useCallback((focusButton = true) => {
    setOpen(false);
    setConfirming(false);
    setError(null);
    setSaved(false);
    if (focusButton) toggle.current?.focus();
  }, []);

  // Opening starts from the current name; focus goes where the keyboard user wants it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on opening only; a rename while open must not reset the draft
  useEffect(() => {
    if (open) {
      setDraft(name);
      input.current?.focus();
    }
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves focus when the confirmation comes or goes, not on opening
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (open) input.current?.focus();
  }, [confirming]);
  // A click outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);

  const problem = nameProblem(draft);
  const unchanged = draft.trim() === name;

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (problem) {
      setError(t('member.error.name'));
      return;
    }
    if (unchanged) return;
    setBusy('rename');
    setError(null);
    setSaved(false);
    try {
      const next = draft.trim();
      const info = await api.rename(matchID, credentials, next);
      onRenamed(next, info);
      setSaved(true);
    } catch (err) {
      setError(memberErrorText(err, t));
    } finally {
      setBusy(null);
    }
  };

  const leave = async () => {
    if (busy) return;
    setBusy('leave');
    setError(null);
    try {
      await api.leave(matchID, credentials);
    } catch (err) {
      if (!(err instanceof ApiError && GONE.has(err.code))) {
        setError(memberErrorText(err, t));
        setBusy(null);
        return;
      }
    }
    forgetMember(matchID);
    onLeft();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the open menu closes it; its controls are buttons
    <div
      className="member-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          if (confirming) setConfirming(false);
          else close();
        }
      }}
    >
      <button
        type="button"
        ref={toggle}
        className="member-toggle"
        aria-expanded={open}
        aria-controls={`${id}-pop`}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="member-menu"
      >
        <span className="member-you">{t('member.you')}</span>{' '}
        <span className="member-name" data-testid="member-name">
          {name}
        </span>
        <span aria-hidden className="caret">
          ▾
        </span>
      </button>
      {open && (
        <div id={`${id}-pop`} className="member-pop panel" role="group" aria-label={t('member.menu')}>
          {confirming ? (
            <LeaveConfirm id={id} confirmRef={confirmButton} busy={busy} onConfirm={leave} onCancel={() => setConfirming(false)} />
          ) : (
            <>
              <form onSubmit={rename} className="rename-form">
                <label className="field">
                  <span>{t('member.name')}</span>
                  <input
                    ref={input}
                    name="member-name"
                    value={draft}
                    onChange={(e) => {
                      setDraft(e.target.value);
                      setSaved(false);
                    }}
                    maxLength={32}
                    autoComplete="nickname"
                    aria-invalid={problem !== null}
                  />
                </label>
                <button type="submit" className="primary" disabled={busy !== null || problem !== null || unchanged} data-action="rename">
                  {busy === 'rename' ? t('member.saving') : t('member.save')}
                </button>
              </form>
              <hr />
              {extra && (
                <>
                  {extra}
                  <hr />
                </>
              )}
              <AccountMenuItem />
              <button
                type="button"
                className="danger-outline"
                onClick={() => {
                  setSaved(false);
                  setError(null);
                  setConfirming(true);
                }}
                disabled={busy !== null}
                data-action="leave"
              >
                {t('member.leave')}
              </button>
            </>
          )}
          <MenuStatus error={error} saved={saved} />
        </div>
      )}
    </div>
  );
}
