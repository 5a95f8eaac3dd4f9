// @vitest-environment node
/**
 * Every refusal the server can send reads in the player's language: the codes come from the
 * protocol's table (the type the server's ApiError and socket refusals must use), each has a
 * Norwegian and an English text naming the same parameters, a limit's text names the wait in
 * minutes, and an API refusal reaches the page as that text (never the server's English message).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, ERRORS, WAIT_CODES } from '@kon/protocol';
import { ApiError, call } from '../src/api';
import { refusalText, translate, type Lang, type T } from '../src/i18n';
import { ERROR_TEXTS } from '../src/i18n-errors';
import { apiErrorText, limitText } from '../src/refusal-text';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const tOf =
  (lang: Lang): T =>
  (k, p) =>
    translate(lang, k, p);

const SERVER = path.resolve(__dirname, '../../server/src');
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

describe('refusal texts', () => {
  it('has a Norwegian and an English text for every code of the table, with the same parameters', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(80);
    for (const code of ERROR_CODES) {
      const { no, en } = ERROR_TEXTS[code];
      expect(no.length, code).toBeGreaterThan(8);
      expect(en.length, code).toBeGreaterThan(8);
      expect(placeholders(no), code).toEqual(placeholders(en));
      // A limit's text names the wait; no other text has a parameter the server does not send.
      expect(placeholders(en), code).toEqual(WAIT_CODES.includes(code) ? ['minutes'] : []);
    }
    expect(WAIT_CODES).toContain('rate_limited');
  });

  it('knows every code the server sources name in a refusal', () => {
    const named = new Set<string>();
    const patterns = [
      /new ApiError\(\s*\d{3},\s*'([a-z_]+)'/g,
      /\brefuse\(\s*'([a-z_]+)'/g,
      /\bcode: '([a-z_]+)'(?: as const)? satisfies (?:ErrorCode|SocketRefusal)/g,
      /'([a-z_]+)' satisfies ErrorCode/g,
      /code: '([a-z_]+)' \}\s*satisfies SocketRefusal/g,
    ];
    for (const file of sources(SERVER)) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(30);
    expect([...named].filter((c) => !Object.hasOwn(ERRORS, c))).toEqual([]);
    for (const code of named) for (const lang of ['no', 'en'] as const) expect(refusalText(tOf(lang), code), code).not.toMatch(/^code\./);
  });

  it('shows a limit with its wait in whole minutes, in both languages, and a minute when none was sent', () => {
    expect(refusalText(tOf('no'), 'rate_limited', 600)).toMatch(/prøv igjen om 10 min\.$/);
    expect(refusalText(tOf('en'), 'rate_limited', 601)).toMatch(/try again in 11 min\.$/);
    expect(refusalText(tOf('en'), 'rate_limited', 5)).toMatch(/try again in 1 min\.$/);
    expect(refusalText(tOf('no'), 'rate_limited')).toMatch(/om 1 min\.$/);
    for (const code of ERROR_CODES)
      for (const lang of ['no', 'en'] as const) expect(refusalText(tOf(lang), code, 90), code).not.toMatch(/[{}]|undefined/);
  });
});

describe('an API refusal on the page', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers }));

  it('reads the wait from the body and the code in the page language, not the server message', async () => {
    answer(429, { error: { code: 'rate_limited', message: 'Too many matches created from here; wait a while.', retryAfter: 1_740 } });
    const err = await call('POST', '/api/matches', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).retryAfter).toBe(1_740);
    expect(apiErrorText(tOf('no'), err)).toBe('For mange forsøk fra denne adressen på kort tid; prøv igjen om 29 min.');
    expect(apiErrorText(tOf('en'), err)).toBe('Too many tries from this address in a short time; try again in 29 min.');
    expect(limitText(tOf('en'), err)).toBe(apiErrorText(tOf('en'), err));
  });

  it('takes the wait from a Retry-After header when the body has none', async () => {
    answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'retry-after': '120' });
    const err = await call('GET', '/api/matches').catch((e: unknown) => e);
    expect(apiErrorText(tOf('en'), err)).toMatch(/in 2 min\.$/);
  });

  it('shows any other refusal by its code, and a failure that is not a refusal as the general error', async () => {
    answer(409, { error: { code: 'seat_taken', message: 'Seat taken.' } });
    const err = await call('POST', '/api/matches/x/join', {}).catch((e: unknown) => e);
    expect(apiErrorText(tOf('no'), err)).toBe(ERROR_TEXTS.seat_taken.no);
    expect(limitText(tOf('no'), err)).toBeNull();
    expect(apiErrorText(tOf('en'), new ApiError(502, 'http_502', 'Bad Gateway'))).toBe(translate('en', 'error.generic'));
    expect(apiErrorText(tOf('en'), new TypeError('fetch failed'))).toBe(translate('en', 'error.generic'));
  });
});
