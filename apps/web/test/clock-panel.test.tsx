// @vitest-environment jsdom
/** The clocks as a player sees them: every side's bank (live) or the running deadline, counting down. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ClockBadge, ClockPanel, ClockTag } from '../src/games/kon/ui/Clocks';
import { I18nContext, translate, type Lang } from '../src/i18n';
import type { ClockView } from '../src/api';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show(node: React.ReactNode, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{node}</I18nContext.Provider>,
  );
}

const live: ClockView = {
  mode: 'live',
  atZero: 'lose',
  baseSeconds: 600,
  incrementSeconds: 5,
  remainingMs: { germany: 65_000, norway: 600_000, allies: 3_599_000 },
  running: 'germany',
  deadline: 0,
  flagged: ['allies'],
  serverNow: 0,
};

describe('ClockPanel', () => {
  it('shows each side of a live clock, ticks the running one, and marks who ran out', () => {
    vi.useFakeTimers();
    show(<ClockPanel clock={live} />);
    expect(screen.getByTestId('clock-germany').textContent).toContain('1:05');
    expect(screen.getByTestId('clock-norway').textContent).toContain('10:00');
    expect(screen.getByTestId('clock-allies').textContent).toContain('59:59');
    expect(screen.getByTestId('clock-allies').textContent).toContain('ran out');
    expect(screen.getByTestId('clock-germany').className).toContain('running');
    expect(screen.getByTestId('clocks').textContent).toContain('10 min + 5 s');
    expect(screen.getByTestId('clocks').textContent).toContain('the side loses');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('clock-germany').textContent).toContain('0:55');
    expect(screen.getByTestId('clock-norway').textContent).toContain('10:00');
  });

  it('shows only the running decision of a correspondence clock, in Norwegian, and nothing without a clock', () => {
    const corr: ClockView = {
      mode: 'correspondence',
      atZero: 'pass',
      decisionSeconds: 86_400,
      remainingMs: { norway: 7_200_000 },
      running: 'norway',
      deadline: 0,
      flagged: [],
      serverNow: 0,
    };
    show(<ClockPanel clock={corr} />, 'no');
    expect(screen.queryByTestId('clock-germany')).toBeNull();
    expect(screen.getByTestId('clock-norway').textContent).toContain('2:00:00');
    expect(screen.getByTestId('clocks').textContent).toContain('1 døgn per avgjørelse');
    expect(screen.getByTestId('clocks').textContent).toContain('ellers tar datamaskinen over');
    cleanup();
    const { container } = show(<ClockPanel clock={null} />);
    expect(container.textContent).toBe('');
  });

  it('puts the running clock in the top bar, and the chosen control in the waiting room', () => {
    show(
      <>
        <ClockBadge clock={live} />
        <ClockTag clock={{ mode: 'live', baseSeconds: 1800, incrementSeconds: 10, atZero: 'pass' }} />
      </>,
    );
    expect(screen.getByTestId('clock-badge').textContent).toContain('1:05');
    expect(screen.getByTestId('clock-tag').textContent).toContain('Chess clock, 30 min + 10 s');
  });
});
