/** Placing ships by groups: a group picked ship by ship goes where each of its ships may go. */
import { describe, expect, it } from 'vitest';
import { shipPlacement } from '../src/games/kon/game/shipGroups';

describe('shipPlacement', () => {
  const single = [
    { ship: 'ship.de.blucher', zone: 'I' },
    { ship: 'ship.de.blucher', zone: 'II' },
    { ship: 'ship.de.lutzow', zone: 'I' },
    { ship: 'ship.de.lutzow', zone: 'II' },
    { ship: 'ship.de.admiral-hipper', zone: 'I' },
    { ship: 'ship.de.emden', zone: 'II' },
  ];
  it('offers the zones the engine listed for a group it listed', () => {
    const groups = [{ ships: ['ship.de.blucher', 'ship.de.lutzow', 'ship.de.admiral-hipper'], zone: 'I' }];
    expect(shipPlacement(single, groups, ['ship.de.blucher', 'ship.de.lutzow', 'ship.de.admiral-hipper']).zones).toEqual(['I']);
  });
  it('offers a group it did not list the zones every one of its ships may go to', () => {
    expect(shipPlacement(single, [], ['ship.de.blucher', 'ship.de.lutzow']).zones).toEqual(['I', 'II']);
    expect(shipPlacement(single, [], ['ship.de.blucher', 'ship.de.emden']).zones).toEqual(['II']);
    expect(shipPlacement(single, [], ['ship.de.admiral-hipper', 'ship.de.emden']).zones).toEqual([]);
  });
});
