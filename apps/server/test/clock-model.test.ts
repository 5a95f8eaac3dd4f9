/**
 * The clock as pure data (src/clocks/clock.ts): one decision at a time as Kampen om Norge has always
 * had it (the same record comes back while the same faction decides), and several at once for a game
 * with clocks per seat, each with its own deadline and bank, a renamed decision being a new one.
 */
import { describe, expect, it } from 'vitest';
import { kampenOmNorgeModule } from '@kon/game';
import { advance, flag, handOff, newClock, runsOf, viewOf } from '../src/clocks/clock';

const live = { mode: 'live' as const, baseSeconds: 600, incrementSeconds: 10, atZero: 'pass' as const };

describe('the clock model', () => {
  it("keeps Kampen om Norge's single decision: same record while the same faction decides, its shape unchanged", () => {
    // The keys the clock service gives it: the module's names of the match's seats.
    const c0 = newClock(live, Object.values(kampenOmNorgeModule.clockNames!));
    expect(Object.keys(c0.bankMs)).toEqual(['germany', 'norway', 'allies']);
    const c1 = advance(c0, [{ key: 'germany' }], 1, 1000);
    expect(advance(c1, [{ key: 'germany' }], 2, 5000)).toBe(c1);
    const c2 = advance(c1, [{ key: 'norway' }], 3, 61_000);
    // Germany spent 60 s and gained the increment; Norway's decision runs.
    expect(c2.bankMs.germany).toBe(600_000 - 60_000 + 10_000);
    expect(c2.running).toMatchObject({ faction: 'norway', since: 61_000, stateID: 3, deadline: 661_000 });
    expect(c2).not.toHaveProperty('others');
    expect(c2).not.toHaveProperty('seats');
    expect(viewOf(c2, 61_000)).toMatchObject({ running: 'norway', deadline: 661_000, remainingMs: { germany: 550_000, norway: 600_000 } });
  });

  it('runs a decision per seat at once, ends each on its own, and starts a renamed one afresh', () => {
    const c0 = newClock(live, ['0', '1', '2'], true);
    const c1 = advance(
      c0,
      ['0', '1', '2'].map((key) => ({ key, decision: 'buy' })),
      5,
      0,
    );
    expect(runsOf(c1).map((r) => r.faction)).toEqual(['0', '1', '2']);
    // Seat 1 submits after 30 s: only its decision ends (increment added); the others keep their deadlines.
    const c2 = advance(
      c1,
      ['0', '2'].map((key) => ({ key, decision: 'buy' })),
      6,
      30_000,
    );
    expect(runsOf(c2).map((r) => r.faction)).toEqual(['0', '2']);
    expect(c2.bankMs['1']).toBe(580_000);
    expect(runsOf(c2).every((r) => r.deadline === 600_000)).toBe(true);
    // Seat 2's orders close the step at 50 s: the next step is a new decision for all three, seat 2 included.
    const c3 = advance(
      c2,
      ['0', '1', '2'].map((key) => ({ key, decision: 'move' })),
      7,
      50_000,
    );
    expect(runsOf(c3).map((r) => [r.faction, r.since, r.decision])).toEqual([
      ['0', 50_000, 'move'],
      ['1', 50_000, 'move'],
      ['2', 50_000, 'move'],
    ]);
    expect(c3.bankMs['2']).toBe(560_000);
    // Flagging and handing off touch one seat only; the view shows each seat, not the faction fields.
    const c4 = handOff(flag(c3, 60_000, '1'), '1');
    expect(c4.flagged).toEqual(['1']);
    expect(
      runsOf(c4)
        .filter((r) => r.handedOff)
        .map((r) => r.faction),
    ).toEqual(['1']);
    const v = viewOf(c4, 60_000);
    expect(v.running).toBeNull();
    expect(v.seats!['1']).toMatchObject({ running: true, flagged: true });
    // Seat 0: 600 s less its 50 s buy decision plus 10 s, less 10 s of this one.
    expect(v.seats!['0']).toMatchObject({ running: true, flagged: false, remainingMs: 550_000 });
  });
});

describe("the match maker's day-scale paces", () => {
  it('are live clocks the protocol accepts: days in the bank, hours added per decision', async () => {
    const { clockSettingsShape } = await import('@kon/protocol');
    const { PACE_RULES } = await import('../src/matchmaker/tickets');
    for (const pace of ['fast', 'slow'] as const) {
      const settings = { ...PACE_RULES[pace].clock, atZero: 'lose' as const };
      expect(clockSettingsShape.safeParse(settings).success, pace).toBe(true);
      const c1 = advance(newClock(settings, Object.values(kampenOmNorgeModule.clockNames!)), [{ key: 'germany' }], 1, 0);
      // Germany decides for three hours, then Norway: Germany's bank loses 3 h and gains the increment.
      const c2 = advance(c1, [{ key: 'norway' }], 2, 3 * 3600_000);
      expect(c2.bankMs.germany).toBe(settings.baseSeconds * 1000 - 3 * 3600_000 + settings.incrementSeconds * 1000);
      expect(c2.running!.deadline).toBe(3 * 3600_000 + settings.baseSeconds * 1000);
    }
    // Still refused beyond the widened limits.
    expect(clockSettingsShape.safeParse({ mode: 'live', baseSeconds: 31 * 86400, incrementSeconds: 0, atZero: 'pass' }).success).toBe(
      false,
    );
    expect(clockSettingsShape.safeParse({ mode: 'live', baseSeconds: 3600, incrementSeconds: 86401, atZero: 'pass' }).success).toBe(false);
  });
});
