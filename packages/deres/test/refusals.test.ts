/**
 * Every refusal a player can meet has a code and a text in both languages (data/refusals.ts): the
 * codes the engine's sources give are exactly the table's, each text of a code names the same
 * parameters in Norwegian and English, and refusals met in random games with spoilt moves read
 * as whole sentences in both languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REFUSAL_CODES, REFUSAL_TEXTS, refusalText, type RefusalCode } from '../src/data/refusals.js';
import { checkMove } from '../src/game.js';
import { deresModule } from '../src/platform-module.js';
import { parseAction, perform } from '../src/engine/actions.js';
import { legalActions } from '../src/engine/legal.js';
import { createInitialState } from '../src/engine/setup.js';
import { randomMove } from '../src/bots/random.js';
import { actors, seededRng, uniform } from './helpers.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('refusal texts', () => {
  it('has a Norwegian and an English sentence for every code, naming the same parameters', () => {
    expect(REFUSAL_CODES.length).toBeGreaterThan(40);
    for (const code of REFUSAL_CODES) {
      const { nb, en } = REFUSAL_TEXTS[code];
      expect(nb.length, code).toBeGreaterThan(8);
      expect(en.length, code).toBeGreaterThan(8);
      expect(nb, code).not.toBe(en);
      expect(nb, code).toMatch(/\.$/);
      expect(en, code).toMatch(/\.$/);
      expect(placeholders(nb), code).toEqual(placeholders(en));
    }
  });

  it('lists exactly the codes the engine gives', () => {
    const used = new Set<string>();
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:fail|why)\('([a-z0-9-]+)'/g)) used.add(m[1]!);
    }
    expect([...used].filter((c) => !(REFUSAL_CODES as string[]).includes(c))).toEqual([]);
    expect(REFUSAL_CODES.filter((c) => !used.has(c))).toEqual([]);
  });

  it('reads whole with its parameters and without them (a socket refusal carries only the code)', () => {
    const params = { at: '3,4', n: 2, invention: 'IV', phase: 'move', blocker: 'hill', field: 'slot', move: 'fly' };
    for (const code of REFUSAL_CODES)
      for (const lang of ['nb', 'en'] as const) {
        expect(refusalText(code, params, lang), code).not.toMatch(/[{}]/);
        expect(refusalText(code, undefined, lang), code).not.toMatch(/[{}]|\(\)/);
      }
    expect(refusalText('cannot-reach', { at: '3,4' }, 'nb')).toBe('Brikken når ikke dit (D5).');
    expect(refusalText('square-bought-twice', { at: '2,6' }, 'en')).toBe('Two purchases on one square (C7).');
    expect(refusalText('cannot-reach', undefined, 'en')).toBe('The piece cannot reach that square.');
    expect(refusalText('no-line-of-sight', { blocker: 'cliff' }, 'nb')).toBe('Ingen fri sikt: et stup er i veien.');
    expect(refusalText('wrong-orders', { phase: 'shoot' }, 'en')).toMatch(/^Orders for III /);
    expect(deresModule.refusalText?.('out-of-range', undefined, 'no')).toBe('Utenfor rekkevidde.');
    expect(deresModule.refusalText?.('no-such-rule', undefined, 'en')).toBeNull();
  });

  it('gives a code of the table, in both languages, for spoilt moves throughout random games', () => {
    const met = new Set<RefusalCode>();
    for (const seed of [1, 2, 3]) {
      const rng = seededRng(seed);
      const u = uniform(seed);
      const G = createInitialState(3, { maxRounds: 3 }, rng);
      for (let steps = 0; !G.result && steps < 3000; steps++) {
        const seat = actors(G)[Math.floor(u() * actors(G).length)]!;
        const listed = legalActions(G, seat);
        const m = randomMove(G, seat, u, listed)!;
        // The listed move from the wrong seat, with its squares moved, its numbers raised, or as another move.
        const other = G.seats.find((s) => s !== seat)!;
        const spoilt = JSON.parse(JSON.stringify(m.args[0] ?? {}), (k, v) =>
          k === 'x' || k === 'y' ? v + 1 + Math.floor(u() * 3) : k === 'upgrades' || k === 'repay' ? v + 3 : v,
        );
        for (const [who, type, args] of [
          [other, m.move, m.args],
          [seat, m.move, [spoilt]],
          [seat, 'useInvention', [{ invention: 'II' }]],
          [seat, 'answerSurrender', [{ accept: true }]],
          [seat, 'placeTile', [{ slot: 0, rotation: 0 }]],
        ] as const) {
          const r = checkMove(G, who, type, args);
          if (!r) continue;
          met.add(r.code);
          expect(REFUSAL_CODES).toContain(r.code);
          for (const lang of ['nb', 'en'] as const) expect(refusalText(r.code, r.params, lang)).not.toMatch(/[{}]/);
        }
        perform(G, seat, parseAction(m.move, m.args[0]), rng);
      }
    }
    // Set-up, order and surrender refusals are all met.
    for (const code of ['not-your-turn', 'no-orders-now', 'invention-not-held', 'no-surrender-to-answer', 'wrong-step'] as const)
      expect(met).toContain(code);
    expect(met.size).toBeGreaterThan(8);
  });
});
