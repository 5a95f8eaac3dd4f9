/**
 * The nations' colours and the supply tokens' are told apart, also by colour-blind eyes: every pair
 * stays at least a CIE76 ΔE of 20 apart in normal sight and with the light-sensitive cones of one kind
 * missing (protanopia, deuteranopia, tritanopia; Machado, Oliveira and Fernandes 2009, full severity).
 */
import { describe, expect, it } from 'vitest';
import { NATION_COLOURS, SUPPLY_COLOUR } from '../src/data/nations.js';

type Rgb = [number, number, number];
const SIGHT: Record<string, [Rgb, Rgb, Rgb]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const linear = (hex: string): Rgb =>
  [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;

function lab([r, g, b]: Rgb): Rgb {
  const cl = (v: number) => Math.min(1, Math.max(0, v));
  const [R, G, B] = [cl(r), cl(g), cl(b)];
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

function seen(hex: string, m: [Rgb, Rgb, Rgb]): Rgb {
  const c = linear(hex);
  return lab(m.map((row) => row[0] * c[0] + row[1] * c[1] + row[2] * c[2]) as Rgb);
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('colours on the board', () => {
  const colours: Record<string, string> = { ...NATION_COLOURS, supply: SUPPLY_COLOUR };

  it('keeps every nation and the supply tokens apart in normal and colour-blind sight', () => {
    const close: string[] = [];
    const names = Object.keys(colours);
    for (const [sight, m] of Object.entries(SIGHT))
      for (let i = 0; i < names.length; i++)
        for (let j = i + 1; j < names.length; j++) {
          const d = distance(seen(colours[names[i]!]!, m), seen(colours[names[j]!]!, m));
          if (d < 20) close.push(`${sight}: ${names[i]} ~ ${names[j]} (ΔE ${d.toFixed(1)})`);
        }
    expect(close).toEqual([]);
  });

  it('finds the close pair the old colours had: Yellow and the supplies, Red and Green to the red-blind', () => {
    const old = { gul: '#e0b400', rod: '#c0392b', gronn: '#1e8449', supply: '#f4d03f' };
    expect(distance(seen(old.gul, SIGHT.normal!), seen(old.supply, SIGHT.normal!))).toBeLessThan(20);
    expect(distance(seen(old.rod, SIGHT.protanopia!), seen(old.gronn, SIGHT.protanopia!))).toBeLessThan(20);
  });
});
