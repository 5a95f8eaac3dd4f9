/**
 * The balance report's two parts (scripts/balance-parts.ts): which games a run plays, which
 * documents it writes and where, so BALANCE_PART=scenarios never rewrites the full game's report
 * and BALANCE_ONLY never writes over docs/. No games are played here.
 */
import { describe, expect, it } from 'vitest';
import { gamesToPlay, outDir, PARTS, parseOnly, parsePart, partsPlayed, reportHeader } from '../scripts/balance-parts.js';

const SCENARIOS = ['gudbrandsdalen', 'narvik'];

describe('balance report parts', () => {
  it('plays both parts by default, the full game first', () => {
    const games = gamesToPlay(SCENARIOS, undefined, undefined);
    expect(games).toEqual(['basic', 'advanced', 'gudbrandsdalen', 'narvik']);
    expect(partsPlayed(games, SCENARIOS)).toEqual(['full', 'scenarios']);
  });

  it('BALANCE_PART plays one part and writes only its document', () => {
    const scenarios = gamesToPlay(SCENARIOS, parsePart('scenarios'), undefined);
    expect(scenarios).toEqual(['gudbrandsdalen', 'narvik']);
    expect(partsPlayed(scenarios, SCENARIOS)).toEqual(['scenarios']);
    const full = gamesToPlay(SCENARIOS, parsePart('full'), undefined);
    expect(full).toEqual(['basic', 'advanced']);
    expect(partsPlayed(full, SCENARIOS)).toEqual(['full']);
  });

  it('BALANCE_ONLY narrows the games, within the part if one is named', () => {
    expect(gamesToPlay(SCENARIOS, undefined, parseOnly(' narvik, basic ,'))).toEqual(['basic', 'narvik']);
    expect(gamesToPlay(SCENARIOS, parsePart('scenarios'), parseOnly('narvik,basic'))).toEqual(['narvik']);
    expect(gamesToPlay(SCENARIOS, parsePart('full'), parseOnly('narvik'))).toEqual([]);
    expect(parseOnly('')).toBeUndefined();
    expect(parseOnly(undefined)).toBeUndefined();
  });

  it('refuses an unknown part rather than playing everything', () => {
    expect(parsePart(undefined)).toBeUndefined();
    expect(parsePart('')).toBeUndefined();
    expect(() => parsePart('scenario')).toThrow(/BALANCE_PART/);
  });

  it('a quick check never writes over docs/', () => {
    expect(outDir({ BALANCE_ONLY: 'narvik' }, '/repo/docs', '/tmp')).toBe('/tmp');
    expect(outDir({ BALANCE_ONLY: 'narvik', BALANCE_OUT: '/out', BALANCE_DOCS: '/repo/docs' }, '/repo/docs', '/tmp')).toBe('/out');
    expect(outDir({}, '/repo/docs', '/tmp')).toBe('/repo/docs');
    expect(outDir({ BALANCE_DOCS: '/try' }, '/repo/docs', '/tmp')).toBe('/try');
  });

  it('each document says how it is made, not to edit it, and links to the other', () => {
    expect(PARTS.full.md).toBe('balance.md');
    expect(PARTS.scenarios.md).toBe('balance-scenarios.md');
    const full = reportHeader('full');
    const scenarios = reportHeader('scenarios');
    for (const h of [full, scenarios]) {
      expect(h).toMatch(/^# /);
      expect(h).toContain('`npm run balance`');
      expect(h).toContain('Do not edit by hand');
    }
    expect(full).toContain('(balance-scenarios.md)');
    expect(full).toContain('BALANCE_PART=full');
    expect(scenarios).toContain('(balance.md)');
    expect(scenarios).toContain('BALANCE_PART=scenarios');
  });
});
