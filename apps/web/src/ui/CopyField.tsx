/** A read-only link with a copy button (invite links, co-commander and recovery links). */
import { useId, useState } from 'react';
import { useI18n } from '../i18n';

export function CopyField({ label, value, hint, testId }: { label: React.ReactNode; value: string; hint?: string; testId?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const el = document.createElement('textarea');
      el.value = value;
      document.body.appendChild(el);
      el.select();
      document.execCommand('copy');
      el.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1600);
  };
  return (
    <div className="copy-field" data-testid={testId}>
      <label className="copy-label" htmlFor={id}>
        {label}
      </label>
      {hint && <div className="muted small">{hint}</div>}
      <div className="copy-row">
        <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy}>
          {copied ? t('invite.copied') : t('invite.copy')}
        </button>
      </div>
    </div>
  );
}
