/**
 * Looking back at a Deres match: the log cut into steps (set-up, each set of orders revealed together
 * with its result, the collection of supplies) covers every entry once, in order, a step per reveal;
 * each line reads in both languages. Games between the computer players give every kind of entry.
 */
import { describe, expect, it } from 'vitest';
import { viewFor, type DeresEvent } from '@kon/deres';
import { historySteps, revealedDrawn } from '../src/games/deres/history';
import { eventLines, stepTitle } from '../src/games/deres/history-words';
import { BOTS, playBots } from '../../../packages/deres/test/bot-games';
import { addRegiment, fixedRng, order, passUntil, table } from '../../../packages/deres/test/helpers';

describe('Deres history steps', () => {
  it('gives each revealed set of orders a step of its own, with its results, covering the whole log', () => {
    const kinds = new Set<string>();
    for (const [seed, players] of [
      [3, 3],
      [5, 4],
    ] as const) {
      const G = playBots(
        Array.from({ length: players }, () => BOTS.greedy!),
        seed,
        4,
      );
      const steps = historySteps(G.log);
      // Every entry once, in order.
      let next = 0;
      for (const s of steps) {
        expect(s.first).toBe(next);
        expect(s.last).toBeGreaterThanOrEqual(s.first);
        expect(s.events).toEqual(G.log.slice(s.first, s.last + 1));
        next = s.last + 1;
      }
      expect(next).toBe(G.log.length);
      // One step per reveal, starting with it; the set-up's four steps first.
      const reveals = G.log.filter((e) => e.t === 'reveal') as Extract<DeresEvent, { t: 'reveal' }>[];
      const revealSteps = steps.filter((s) => s.kind === 'reveal');
      expect(revealSteps.map((s) => s.events[0])).toEqual(reveals);
      expect(revealSteps.map((s) => `${s.round}:${s.phase}:${s.shootingRound}`)).toEqual(
        reveals.map((r) => `${r.round}:${r.phase}:${r.shootingRound}`),
      );
      expect(steps.slice(0, 4).map((s) => s.kind)).toEqual(['nations', 'map', 'supplies', 'capitals']);
      // Rolls, throws and collections belong to the step whose orders caused them.
      for (const s of steps) {
        for (const e of s.events) kinds.add(e.t);
        if (s.events.some((e) => e.t === 'roll')) expect(s.phase).toBe('shoot');
        if (s.events.some((e) => e.t === 'throw')) expect(s.phase).toBe('spread');
        if (s.kind === 'collect') expect(s.events[0]!.t).toBe('collect');
      }
      const name = (seat: string) => `N${seat}`;
      for (const s of steps)
        for (const lang of ['nb', 'en'] as const) {
          expect(stepTitle(s, lang)).not.toMatch(/undefined|null/);
          for (const e of s.events)
            for (const line of eventLines(e, lang, name)) {
              expect(line.length).toBeGreaterThan(4);
              expect(line).not.toMatch(/undefined|null|NaN|\[object/);
            }
        }
    }
    for (const k of ['reveal', 'roll', 'collect', 'throw', 'removed']) expect(kinds).toContain(k);
  });

  it('names the step in both languages', () => {
    const log: DeresEvent[] = [
      {
        t: 'reveal',
        phase: 'shoot',
        round: 2,
        shootingRound: 1,
        step: 'declare',
        orders: { 0: { kind: 'shoot', shot: { shooter: 'r1', target: { x: 3, y: 4 } } } },
      },
      { t: 'roll', seat: '0', shooter: 'r1', target: { x: 3, y: 4 }, needed: 9, rolls: [7], hit: false, sniper: false },
    ];
    const [s] = historySteps(log);
    expect(stepTitle(s!, 'en')).toBe('Round 2 · III Shoot · shooting round 1 – orders revealed');
    expect(stepTitle(s!, 'nb')).toBe('Runde 2 · III Skyt · skyterunde 1 – ordrene avslørt');
    expect(eventLines(log[0]!, 'en', () => 'The Red')).toEqual(['The Red shoots at D5']);
    expect(eventLines(log[1]!, 'nb', () => 'De Røde')).toEqual(['De Røde skyter på D5: trenger 9+, slo 7 – bom']);
  });

  it('draws on an answer step the declared shots it rolls as well as the answers', () => {
    // Purple aims at Red's regiment; Red passed, so it may answer, and shoots back at Purple's.
    const G = table({
      nations: ['lilla', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    const mine = addRegiment(G, '0', { x: 2, y: 2 });
    const foe = addRegiment(G, '1', { x: 4, y: 2 });
    passUntil(G, 'shoot');
    order(G, '0', { kind: 'shoot', shot: { shooter: mine, target: { x: 4, y: 2 } } });
    if (!G.submitted['1']) order(G, '1', { kind: 'shoot', shot: null });
    expect(G.step).toBe('answer');
    // The board the answer step starts from: the server's board at the entry before it.
    const before = viewFor(structuredClone(G), null);
    order(G, '1', { kind: 'shoot', shot: { shooter: foe, target: { x: 2, y: 2 } } }, fixedRng([1, 1]));
    const answer = historySteps(G.log).find((s) => s.step === 'answer')!;
    expect(answer.step).toBe('answer');
    const rolls = answer.events.filter((e) => e.t === 'roll');
    expect(rolls.map((e) => e.seat).sort()).toEqual(['0', '1']);
    const needed = (seat: string) => `${(rolls.find((e) => e.seat === seat) as { needed: number }).needed}+`;
    expect(revealedDrawn(before, answer)).toEqual([
      { kind: 'shot', from: { x: 2, y: 2 }, to: { x: 4, y: 2 }, label: needed('0'), seat: '0' },
      { kind: 'shot', from: { x: 4, y: 2 }, to: { x: 2, y: 2 }, label: needed('1'), seat: '1' },
    ]);
    // Red passes instead: Purple's shot is still drawn.
    const H = table({
      nations: ['lilla', 'rod'],
      capitals: [
        { x: 0, y: 7 },
        { x: 9, y: 7 },
      ],
    });
    const h = addRegiment(H, '0', { x: 2, y: 2 });
    addRegiment(H, '1', { x: 4, y: 2 });
    passUntil(H, 'shoot');
    order(H, '0', { kind: 'shoot', shot: { shooter: h, target: { x: 4, y: 2 } } });
    if (!H.submitted['1']) order(H, '1', { kind: 'shoot', shot: null });
    const start = viewFor(structuredClone(H), null);
    order(H, '1', { kind: 'shoot', shot: null }, fixedRng([1]));
    const passed = historySteps(H.log).find((s) => s.step === 'answer')!;
    expect(passed.step).toBe('answer');
    expect(revealedDrawn(start, passed).map((d) => [d.kind, d.seat])).toEqual([['shot', '0']]);
  });
});
