// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeLog } from '../src/games/kon/game/logText';
import { playRandomGame } from './engine';
import type { LogEntry } from '@kon/game';

/** Every event name the engine logs, read from its source. */
function engineEvents(): string[] {
  const dir = path.resolve(__dirname, '../../../packages/game/src/engine');
  const names = new Set<string>();
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'));
  for (const f of files) {
    const src = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of src.matchAll(/log\(G,[^,]+,\s*'([a-zA-Z]+)'/g)) names.add(m[1]!);
    for (const m of src.matchAll(/log\(G,[^,]+,\s*[^']*\?\s*'([a-zA-Z]+)'\s*:\s*'([a-zA-Z]+)'/g)) {
      names.add(m[1]!);
      names.add(m[2]!);
    }
  }
  return [...names];
}

describe('log phrasing', () => {
  it('phrases every event the engine logs, in both languages', () => {
    const events = engineEvents();
    expect(events.length).toBeGreaterThan(20);
    for (const event of events)
      for (const lang of ['no', 'en'] as const) {
        const text = describeLog({ round: 1, faction: 'germany', event, data: {} }, lang);
        expect(text, `${event} (${lang})`).not.toMatch(new RegExp(`:\\s*${event}$`));
      }
  });
  it('reads well on real entries', () => {
    expect(describeLog({ round: 1, faction: 'germany', event: 'attack', data: { from: 'oslo', to: 'honefoss', count: 2 } }, 'en')).toBe(
      'Germany attacks Hønefoss from Oslo with 2 battalions.',
    );
    expect(describeLog({ round: 1, faction: 'norway', event: 'cardPlayed', data: { card: 'no.veisperring#2', effect: 0 } }, 'no')).toBe(
      'Norge spilte Veisperring.',
    );
    expect(describeLog({ round: 2, faction: 'germany', event: 'turnStarts', data: { round: 2 } }, 'no')).toBe(
      'Runde 2: Tysklands tur begynner.',
    );
  });

  it('names cards in the reader’s language, as the card faces do: English with the printed Norwegian name after it', () => {
    const log = (event: string, data: Record<string, unknown>, lang: 'no' | 'en', faction = 'norway') =>
      describeLog({ round: 1, faction, event, data } as LogEntry, lang);
    expect(log('cardPlayed', { card: 'no.veisperring#2', effect: 0 }, 'en')).toBe('Norway played Roadblock (Veisperring).');
    expect(log('discarded', { card: 'de.ubat#1' }, 'en', 'germany')).toBe('Germany discarded Submarine (Ubåt).');
    expect(log('discarded', { card: 'de.ubat#1' }, 'no', 'germany')).toBe('Tyskland kastet Ubåt.');
    expect(log('cardCancelled', { by: 'no.bakhold#1', card: 'de.panzer#1' }, 'en')).toBe('Ambush (Bakhold) cancelled Armour (Panzer).');
    expect(log('roadblock', { count: 2, area: 'honefoss', from: 'oslo' }, 'en')).toMatch(/^Roadblock \(Veisperring\): 2 German battalions/);
    expect(log('submarine', { area: 'bergen', die: 6, sunk: true }, 'en', 'germany')).toMatch(
      /^Germany struck with Submarine \(Ubåt\) off /,
    );
    expect(log('april9CardPlayed', { card: 'a9.de.villedende-manover#1' }, 'en', 'germany')).toBe(
      'Germany played Deceptive Manoeuvre (Villedende manøver).',
    );
    expect(log('april9CardPlayed', { card: 'a9.de.villedende-manover#1' }, 'no', 'germany')).toBe('Tyskland spilte Villedende manøver.');
  });

  it('writes no printed Norwegian card name alone in an English entry of whole random games', () => {
    const { G } = playRandomGame({ seed: 5, maxActions: 1500 });
    const printed = [...new Set(G.log.flatMap((e) => [e.data?.card, e.data?.by]).filter((c): c is string => typeof c === 'string'))];
    expect(printed.length).toBeGreaterThan(3);
    const named = (c: string, lang: 'no' | 'en') =>
      describeLog({ round: 1, faction: 'norway', event: 'discarded', data: { card: c } } as LogEntry, lang).replace(
        /^\S+ \S+ (.*)\.$/,
        '$1',
      );
    const pairs = printed.map((c) => ({ no: named(c, 'no'), en: named(c, 'en') })).filter((p) => p.no !== p.en);
    expect(pairs.length).toBeGreaterThan(0);
    for (const e of G.log) {
      const text = describeLog(e, 'en');
      // A printed name appears only inside the brackets after the English one.
      for (const { no } of pairs) expect(text.split(`(${no})`).join(''), text).not.toContain(no);
    }
  }, 30_000);

  it("counts with the language's own plural rules", () => {
    const starts = (attackers: number, defenders: number, lang: 'no' | 'en') =>
      describeLog({ round: 1, faction: 'germany', event: 'combatStarts', data: { area: 'oslo', attackers, defenders } }, lang);
    expect(starts(2, 1, 'en')).toBe('Combat in Oslo: 2 attackers against 1 defender.');
    expect(starts(1, 3, 'en')).toBe('Combat in Oslo: 1 attacker against 3 defenders.');
    expect(starts(1, 1, 'no')).toBe('Kamp i Oslo: 1 angriper mot 1 forsvarer.');
    expect(starts(3, 0, 'no')).toBe('Kamp i Oslo: 3 angripere mot 0 forsvarere.');
  });
  it('phrases every entry of whole random games without leaking raw data', () => {
    const { G } = playRandomGame({ seed: 5, maxActions: 1500 });
    expect(G.log.length).toBeGreaterThan(50);
    for (const e of G.log)
      for (const lang of ['no', 'en'] as const) {
        const s = describeLog(e, lang);
        expect(s).not.toMatch(/undefined|NaN|\[object|#\d/);
      }
  });
});
