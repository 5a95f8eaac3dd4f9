// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS } from '@kon/protocol';
import { refusalText, translate, type T } from '../src/i18n';

describe('texts of error codes', () => {
  it('has a Norwegian and an English text for every code of the protocol', () => {
    for (const code of ERROR_CODES) {
      for (const lang of ['no', 'en'] as const) {
        const text = translate(lang, `code.${code}`);
        expect(text, `${lang} ${code}`).not.toBe(`code.${code}`);
        expect(text.trim().length, `${lang} ${code}`).toBeGreaterThan(0);
      }
      expect(translate('no', `code.${code}`), code).not.toBe(translate('en', `code.${code}`));
    }
  });

  it('writes every code in one style (snake_case), each HTTP status a real one', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const { status } of Object.values(ERRORS)) if (status !== null) expect(status >= 400 && status < 600).toBe(true);
  });

  it('shows a refusal by its code, and the general text for a code it does not know', () => {
    const t: T = (k, p) => translate('en', k, p);
    expect(refusalText(t, 'not_your_turn')).toBe('It is not your turn: the move was not made.');
    expect(refusalText(t, 'illegal_move')).toBe('The rules do not allow that move.');
    expect(refusalText(t, 'not-your-turn')).toBe('The server refused that move.');
  });
});
