/**
 * Time controls on the create form: none, a live clock (minutes + seconds added per decision) or
 * correspondence (a deadline per decision, in minutes, hours or days), and what happens at zero.
 */
import type { AtZero, ClockSettings } from '../api';
import { useI18n } from '../i18n';
import { Choice } from './FormParts';

export type ClockMode = ClockSettings['mode'];
export type Unit = 'minutes' | 'hours' | 'days';
export interface ClockDraft {
  mode: ClockMode;
  baseMinutes: number;
  incrementSeconds: number;
  per: number;
  unit: Unit;
  atZero: AtZero;
}
export const DEFAULT_CLOCK: ClockDraft = { mode: 'none', baseMinutes: 30, incrementSeconds: 10, per: 1, unit: 'days', atZero: 'pass' };
const UNIT_SECONDS: Record<Unit, number> = { minutes: 60, hours: 3600, days: 86400 };

/** The settings to send, or null while the numbers are out of range (the server's limits). */
export function clockSettings(d: ClockDraft): ClockSettings | null {
  if (d.mode === 'none') return { mode: 'none' };
  if (d.mode === 'live') {
    const base = Math.round(d.baseMinutes * 60);
    const inc = Math.round(d.incrementSeconds);
    if (!(base >= 60 && base <= 86400 && inc >= 0 && inc <= 3600)) return null;
    return { mode: 'live', baseSeconds: base, incrementSeconds: inc, atZero: d.atZero };
  }
  const secs = Math.round(d.per * UNIT_SECONDS[d.unit]);
  if (!(secs >= 60 && secs <= 30 * 86400)) return null;
  return { mode: 'correspondence', decisionSeconds: secs, atZero: d.atZero };
}

export function ClockChoice({
  value,
  onChange,
  atZeroChoices = ['pass', 'lose'],
}: {
  value: ClockDraft;
  onChange: (d: ClockDraft) => void;
  /** What the game's clocks may do at zero (a game that cannot be lost on time offers 'pass' only). */
  atZeroChoices?: readonly AtZero[];
}) {
  const { t } = useI18n();
  const set = (patch: Partial<ClockDraft>) => onChange({ ...value, ...patch });
  const invalid = clockSettings(value) === null;
  return (
    <fieldset className="clock-choice">
      <legend>{t('home.clock')}</legend>
      {(['none', 'live', 'correspondence'] as ClockMode[]).map((m) => (
        <Choice
          key={m}
          name="clock"
          value={m}
          checked={value.mode === m}
          onChange={() => set({ mode: m })}
          title={t(`home.clock.${m}`)}
          hint={t(`home.clock.${m}.hint`)}
        />
      ))}
      {value.mode === 'live' && (
        <div className="row clock-numbers">
          <label className="field">
            <span>{t('home.clock.base')}</span>
            <input
              type="number"
              name="baseMinutes"
              min={1}
              max={1440}
              value={value.baseMinutes}
              onChange={(e) => set({ baseMinutes: Number(e.target.value) })}
            />
          </label>
          <label className="field">
            <span>{t('home.clock.increment')}</span>
            <input
              type="number"
              name="incrementSeconds"
              min={0}
              max={3600}
              value={value.incrementSeconds}
              onChange={(e) => set({ incrementSeconds: Number(e.target.value) })}
            />
          </label>
        </div>
      )}
      {value.mode === 'correspondence' && (
        <div className="row clock-numbers">
          <label className="field">
            <span>{t('home.clock.per')}</span>
            <input type="number" name="per" min={1} value={value.per} onChange={(e) => set({ per: Number(e.target.value) })} />
          </label>
          <label className="field">
            <span>{t('home.clock.unit')}</span>
            <select name="unit" value={value.unit} onChange={(e) => set({ unit: e.target.value as Unit })}>
              {(['minutes', 'hours', 'days'] as Unit[]).map((u) => (
                <option key={u} value={u}>
                  {t(`home.clock.unit.${u}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {value.mode !== 'none' && (
        <div className="clock-zero">
          <span>{t('home.clock.atZero')}</span>
          {atZeroChoices.map((z) => (
            <Choice
              key={z}
              name="atZero"
              value={z}
              checked={value.atZero === z}
              onChange={() => set({ atZero: z })}
              title={t(`home.clock.atZero.${z}`)}
              hint={t(`clock.atZero.${z}`)}
            />
          ))}
        </div>
      )}
      {invalid && <p className="error">{t(value.mode === 'live' ? 'home.clock.badLive' : 'home.clock.badPer')}</p>}
    </fieldset>
  );
}
