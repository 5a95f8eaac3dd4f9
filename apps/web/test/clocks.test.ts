import { describe, expect, it } from 'vitest';
import { clockSettings, DEFAULT_CLOCK } from '../src/ui/ClockChoice';
import { formatClock, remainingNow } from '../src/game/clockText';

describe('clock settings from the create form', () => {
  it('turns the form into what the server takes, and refuses out-of-range numbers', () => {
    expect(clockSettings(DEFAULT_CLOCK)).toEqual({ mode: 'none' });
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'live', baseMinutes: 30, incrementSeconds: 10, atZero: 'lose' })).toEqual({
      mode: 'live',
      baseSeconds: 1800,
      incrementSeconds: 10,
      atZero: 'lose',
    });
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'correspondence', per: 2, unit: 'days' })).toEqual({
      mode: 'correspondence',
      decisionSeconds: 172800,
      atZero: 'pass',
    });
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'correspondence', per: 1, unit: 'minutes' })).toMatchObject({ decisionSeconds: 60 });
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'correspondence', per: 0.5, unit: 'minutes' })).toBeNull();
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'correspondence', per: 31, unit: 'days' })).toBeNull();
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'live', baseMinutes: 0 })).toBeNull();
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'live', incrementSeconds: -1 })).toBeNull();
    expect(clockSettings({ ...DEFAULT_CLOCK, mode: 'live', baseMinutes: Number.NaN })).toBeNull();
  });
});

describe('clock display', () => {
  it('shows m:ss, h:mm:ss, then days and hours', () => {
    expect(formatClock(59_001, 'en')).toBe('1:00');
    expect(formatClock(5_000, 'en')).toBe('0:05');
    expect(formatClock(-10, 'en')).toBe('0:00');
    expect(formatClock(3_600_000 + 61_000, 'en')).toBe('1:01:01');
    expect(formatClock(2 * 86_400_000 + 3 * 3_600_000, 'no')).toBe('2 d 3 t');
    expect(formatClock(2 * 86_400_000 + 3 * 3_600_000, 'en')).toBe('2 d 3 h');
  });
  it('counts down only the running side, from when the clock arrived', () => {
    const clock = { remainingMs: { germany: 30_000, norway: 50_000 }, running: 'germany', deadline: 0, serverNow: 0 };
    expect(remainingNow(clock, 'germany', 1000, 11_000)).toBe(20_000);
    expect(remainingNow(clock, 'norway', 1000, 11_000)).toBe(50_000);
    expect(remainingNow(clock, 'germany', 1000, 100_000)).toBe(0);
    expect(remainingNow(clock, 'allies', 1000, 11_000)).toBeUndefined();
  });
});

describe('time control lengths', () => {
  it('reads as words', async () => {
    const { formatSpan } = await import('../src/game/clockText');
    expect(formatSpan(60, 'no')).toBe('1 min');
    expect(formatSpan(1800, 'en')).toBe('30 min');
    expect(formatSpan(9000, 'no')).toBe('2 t 30 min');
    expect(formatSpan(86400, 'no')).toBe('1 døgn');
    expect(formatSpan(2 * 86400 + 3600, 'en')).toBe('2 days 1 h');
  });
});
