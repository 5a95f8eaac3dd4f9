// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actor, viewFor, type Faction } from '@kon/game';
import { bannerFor } from '../src/games/kon/game/banner';
import { combatReport } from '../src/games/kon/game/combatReport';
import { playRandomGame } from './engine';

describe('the banner', () => {
  it('tells the acting faction what to do and everyone else whom they wait for', () => {
    const seen = new Set<string>();
    playRandomGame({
      seed: 11,
      maxActions: 600,
      afterAction: (G) => {
        const a = actor(G);
        if (!a) return;
        for (const f of ['germany', 'norway', 'allies'] as Faction[]) {
          for (const lang of ['no', 'en'] as const) {
            const b = bannerFor(viewFor(G, f), a, [f], lang);
            expect(b.kind).toBe(f === a.faction ? 'act' : 'wait');
            expect(`${b.title} ${b.detail}`).not.toMatch(/\b(do|wait|banner)\.[a-zA-Z]+|undefined/);
          }
        }
        // Two-player seat: Norway and the Allies in one browser.
        const two = bannerFor(viewFor(G, 'norway'), a, ['norway', 'allies'], 'en');
        expect(two.kind).toBe(a.faction === 'germany' ? 'wait' : 'act');
        seen.add(a.stage);
      },
    });
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('combat reports', () => {
  it('keep showing the dice of the last finished combat of the turn', () => {
    let checked = 0;
    playRandomGame({
      seed: 2,
      maxActions: 800,
      afterAction: (G) => {
        const r = combatReport(viewFor(G, 'norway'));
        if (!r || G.combat) return;
        expect(r.live).toBe(false);
        const rolled = [...G.log].reverse().find((e) => e.event === 'combatRolled')!;
        expect(r.attackerSide.roll).toEqual(rolled.data!.attackerDice);
        expect(r.defenderSide.total).toBe(rolled.data!.defenderTotal);
        expect(r.winner === 'attacker').toBe(Number(rolled.data!.attackerTotal) > Number(rolled.data!.defenderTotal));
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(0);
  });
  it('show the live combat with its dice sources', () => {
    let live = 0;
    playRandomGame({
      seed: 9,
      maxActions: 800,
      afterAction: (G) => {
        const r = combatReport(viewFor(G, null));
        if (!r || !G.combat?.roll) return;
        expect(r.live).toBe(true);
        expect(r.attackerSide.battalionDice).toBe(G.combat.roll.attackerBattalionDice);
        expect(r.attackerSide.roll?.length).toBe(G.combat.roll.attacker.length);
        live++;
      },
    });
    expect(live).toBeGreaterThan(0);
  });
});
