/**
 * The blocks the create, join and matchmaking forms share: one radio choice (a title with a hint
 * below it), a set of them under a legend, and the player's name. Each page gives its own texts.
 */
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';

export interface ChoiceProps {
  /** The radio group's name (the form field). */
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  hint?: ReactNode;
  /** data-* attributes tests and styles find the choice by (e.g. `{ 'data-game': id }`). */
  data?: Record<`data-${string}`, string>;
}

/** One radio choice: its title in bold, its hint small below. */
export function Choice({ name, value, checked, onChange, title, hint, data }: ChoiceProps) {
  return (
    <label className="choice" {...data}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      <span>
        <strong>{title}</strong>
        {hint !== undefined && <small>{hint}</small>}
      </span>
    </label>
  );
}

export interface ChoiceOption<V extends string> {
  value: V;
  title: ReactNode;
  hint?: ReactNode;
  data?: Record<`data-${string}`, string>;
}

/** A set of radio choices under a legend; `children` come after the choices (extra choices, a note). */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  className,
  testId,
  children,
}: {
  legend: ReactNode;
  name: string;
  options: readonly ChoiceOption<V>[];
  /** The chosen value; none is checked when it is null. */
  value: V | null;
  onChange: (v: V) => void;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className={className} data-testid={testId}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <Choice
          key={o.value}
          name={name}
          value={o.value}
          checked={value === o.value}
          onChange={() => onChange(o.value)}
          title={o.title}
          hint={o.hint}
          data={o.data}
        />
      ))}
      {children}
    </fieldset>
  );
}

/** The player's name, as the create and join forms ask for it. */
export function NameField({ value, onChange, required = true }: { value: string; onChange: (name: string) => void; required?: boolean }) {
  const { t } = useI18n();
  return (
    <label className="field">
      <span>{t('home.name')}</span>
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('home.namePlaceholder')}
        maxLength={32}
        required={required}
        name="name"
        autoComplete="nickname"
      />
    </label>
  );
}
