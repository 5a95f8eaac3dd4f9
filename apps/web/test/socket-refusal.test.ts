import { describe, expect, it } from 'vitest';
import { connectRefusal } from '../src/game/socketRefusal';
import { refusalText, translate } from '../src/i18n';

describe('a socket the server would not open', () => {
  it("reads our code from socket.io's connect_error, and only a code we have", () => {
    const err = Object.assign(new Error('refused'), { data: { code: 'too_many_connections' } });
    expect(connectRefusal(err)).toBe('too_many_connections');
    expect(connectRefusal(new Error('xhr poll error'))).toBeNull();
    expect(connectRefusal({ data: { code: 'constructor' } })).toBeNull();
    expect(connectRefusal(null)).toBeNull();
  });

  it('is told in both languages', () => {
    const no = refusalText((k, v) => translate('no', k, v), 'too_many_connections');
    const en = refusalText((k, v) => translate('en', k, v), 'too_many_connections');
    expect(no).not.toBe(en);
    expect(en).toContain('Too many open connections');
    expect(no).toContain('For mange åpne forbindelser');
  });
});
