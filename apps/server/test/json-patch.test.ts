/** applyJsonPatch: diffJson's operations applied without touching the state they apply to. */
import { describe, expect, it } from 'vitest';
import { diffJson } from '../src/core/json-diff';
import { applyJsonPatch } from '../src/core/json-patch';

/** A small deterministic random source (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(r: () => number, depth: number): unknown {
  const k = r();
  if (depth <= 0 || k < 0.3) return k < 0.1 ? null : k < 0.2 ? Math.floor(r() * 100) : `s${Math.floor(r() * 5)}/~`;
  if (k < 0.6) return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth - 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(r() * 4) }, (_, i) => [`k${i}${r() < 0.2 ? '/x~' : ''}`, randomValue(r, depth - 1)]),
  );
}

/** A copy of `v` with a few random changes, sharing the parts it leaves alone (as boardgame.io's states do). */
function mutate(v: unknown, r: () => number, depth: number): unknown {
  if (r() < 0.5) return v;
  if (Array.isArray(v)) {
    const out = v.map((x) => mutate(x, r, depth - 1));
    if (r() < 0.3) out.push(randomValue(r, 2));
    if (r() < 0.2 && out.length) out.splice(Math.floor(r() * out.length), 1);
    return out;
  }
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, x] of Object.entries(v)) if (r() > 0.1) out[key] = mutate(x, r, depth - 1);
    if (r() < 0.3) out[`n${Math.floor(r() * 3)}`] = randomValue(r, 2);
    return out;
  }
  return r() < 0.5 ? randomValue(r, 2) : v;
}

describe('applyJsonPatch', () => {
  it("turns a state into the next by diffJson's operations, leaving the state before as it was", () => {
    const r = rng(42);
    for (let n = 0; n < 2_000; n++) {
      const prev = { G: randomValue(r, 5), ctx: { turn: n, list: [1, 2, 3] } };
      const next = mutate(prev, r, 6);
      const before = JSON.stringify(prev);
      const out = applyJsonPatch(prev, diffJson(prev, next));
      expect(JSON.stringify(prev)).toBe(before);
      expect(out).toEqual(next);
    }
  });

  it('keeps the parts no operation touches the very objects of the state before', () => {
    const prev = { a: { deep: [1, 2] }, b: { x: 1 }, c: [{ y: 1 }, { y: 2 }] };
    const next = { ...prev, b: { x: 2 }, c: [prev.c[0], { y: 3 }] };
    const out = applyJsonPatch(prev, diffJson(prev, next));
    expect(out).toEqual(next);
    expect(out.a).toBe(prev.a);
    expect(out.c[0]).toBe(prev.c[0]);
  });

  it('copies a part from its sibling (a finished combat becoming the last), then corrects it', () => {
    const big = { rolls: Array.from({ length: 60 }, (_, i) => ({ die: i % 6, hit: i % 2 === 0 })), where: 'Narvik' };
    const prev = { combat: big as unknown, lastCombat: null as unknown };
    const next = { combat: null, lastCombat: { ...big, where: 'Bodø' } };
    const ops = diffJson(prev, next);
    expect(ops.some((o) => o.op === 'copy')).toBe(true);
    expect(applyJsonPatch(prev, ops)).toEqual(next);
    expect(prev.combat).toBe(big);
  });

  it('refuses a path that is not there', () => {
    expect(() => applyJsonPatch({ a: [] }, [{ op: 'replace', path: '/a/3', value: 1 }])).toThrow();
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'remove', path: '/b' }])).toThrow();
  });
});
