// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

describe('the protocol in the page', () => {
  it('is imported for its types only: its schemas would be built before zod is told not to use eval (CSP)', () => {
    const src = path.resolve(__dirname, '../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    for (const f of files) {
      const text = readFileSync(path.join(src, f), 'utf8');
      for (const m of text.matchAll(/(import|export)\s+(type\s+)?\{[^}]*\}\s+from\s+'@kon\/protocol'/g))
        expect(m[2], `${f}: ${m[0].slice(0, 60)}`).toBe('type ');
      expect(text, f).not.toMatch(/import\s+['"*]?[^{]*from\s+'@kon\/protocol'|import\s+'@kon\/protocol'/);
    }
  });
});
