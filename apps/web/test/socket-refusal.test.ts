import { describe, expect, it } from 'vitest';
import { connectRefusal, socketRefusal } from '../src/game/socketRefusal';
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

describe('a refusal on an open socket (kon:error)', () => {
  it("keeps a limit's wait in seconds, and only a real one", () => {
    expect(socketRefusal({ code: 'rate_limited', retryAfter: 240 })).toEqual({ code: 'rate_limited', retryAfter: 240 });
    expect(socketRefusal({ code: 'rate_limited', retryAfter: -1 })).toEqual({ code: 'rate_limited' });
    expect(socketRefusal({ code: 'rate_limited', retryAfter: '9' })).toEqual({ code: 'rate_limited' });
    expect(socketRefusal(null)).toEqual({ code: 'error' });
  });

  it('names the wait in whole minutes', () => {
    const en = refusalText(
      (k, v) => translate('en', k, v),
      'rate_limited',
      socketRefusal({ code: 'rate_limited', retryAfter: 170 }).retryAfter,
    );
    expect(en).toContain('3 min');
  });
});
