/**
 * Squares by name (C7: column C from the west, row 7 from the north), as the map's edges, orders,
 * the log and refusals write them; and the shots offered to a player: only those that can hit.
 */
import { describe, expect, it } from 'vitest';
import { squareName, squareNameOfKey } from '../src/data/squares.js';
import { refusalText } from '../src/data/refusals.js';
import { legalShots, offeredShots } from '../src/engine/combat.js';
import { whyNoOrders } from '../src/engine/validate.js';
import { addRegiment, passUntil, table } from './helpers.js';

describe('square names', () => {
  it('letters the columns and numbers the rows from the top left', () => {
    expect(squareName({ x: 0, y: 0 })).toBe('A1');
    expect(squareName({ x: 2, y: 6 })).toBe('C7');
    expect(squareName({ x: 14, y: 11 })).toBe('O12');
    expect(squareNameOfKey('2,6')).toBe('C7');
    expect(squareNameOfKey('slot')).toBe('slot');
  });

  it('names the square in a refusal, in both languages', () => {
    const G = table({
      nations: ['rod', 'gul'],
      capitals: [
        { x: 0, y: 2 },
        { x: 5, y: 2 },
      ],
      rows: ['0.0.0.0.0.0.', '0.0.0.0.0.0.', '0.0.0.0.0.0.'],
    });
    passUntil(G, 'move');
    const a = addRegiment(G, '0', { x: 1, y: 1 });
    const b = addRegiment(G, '0', { x: 2, y: 1 });
    const why = whyNoOrders(G, '0', {
      kind: 'move',
      moves: [
        { piece: a, to: { x: 1, y: 0 } },
        { piece: b, to: { x: 1, y: 0 } },
      ],
    });
    expect(why?.code).toBe('square-shared');
    expect(refusalText(why!.code, why!.params, 'en')).toContain('(B1)');
    expect(refusalText(why!.code, why!.params, 'nb')).toContain('(B1)');
  });
});

describe('shots offered', () => {
  it('leaves out a shot that needs more than 12 on the d12, unless the sniper makes it sure', () => {
    const G = table({
      nations: ['lilla', 'gul'],
      capitals: [
        { x: 0, y: 2 },
        { x: 9, y: 2 },
      ],
      rows: ['0.0.0.0.0.0.0.0.0.0.', '0.0.0.0.0.0.0.0.0.0.', '0.0.0.0.0.0.0.0.0.0.'],
    });
    const near = addRegiment(G, '0', { x: 1, y: 1 });
    addRegiment(G, '1', { x: 2, y: 0 });
    addRegiment(G, '1', { x: 4, y: 2 });
    passUntil(G, 'shoot');
    const all = legalShots(G, '0');
    expect(all.some((s) => s.needed > 12)).toBe(true);
    const offered = offeredShots(G, '0');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((s) => s.needed <= 12)).toBe(true);
    expect(offered.some((s) => s.shooter === near && s.target.x === 2 && s.target.y === 0)).toBe(true);
    // Every offered shot is accepted as orders.
    for (const s of offered) expect(whyNoOrders(G, '0', { kind: 'shoot', shot: { shooter: s.shooter, target: s.target } })).toBeNull();
    G.nations['0']!.inventions.push('III');
    expect(offeredShots(G, '0', true).length).toBeGreaterThanOrEqual(all.length);
  });
});
