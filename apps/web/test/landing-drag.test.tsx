/**
 * The basic game's Allied landing in one gesture: dragging from one coastal area onto another that it
 * may land with sends that landing (one of the engine's listed moves); let go anywhere else, nothing is
 * sent and the first area stays chosen, so the two-click way goes on from there.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { actor, legalMoves, PLAYER_OF_FACTION, viewFor, type FactionView, type GameState } from '@kon/game';
import { useActionState } from '../src/games/kon/ui/action-state';
import { landingAreas, landingPartners, toChoices } from '../src/games/kon/game/choices';
import { I18nContext, translate } from '../src/i18n';
import { firstStateWhere } from './engine';

/** An Allied decision of a random basic game where some first area has two or more possible partners. */
function landingState(): GameState {
  return firstStateWhere({
    seeds: Array.from({ length: 39 }, (_, i) => i + 1),
    setup: { ruleset: 'basic' },
    maxActions: 2000,
    want: (G) => {
      if (actor(G)?.faction !== 'allies') return false;
      const c = toChoices(legalMoves(viewFor(G, 'allies') as never, undefined, PLAYER_OF_FACTION.allies));
      return landingAreas(c).some((a) => landingPartners(c, a).length > 1);
    },
  });
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>{children}</I18nContext.Provider>
);

describe('landing by drag', () => {
  it('sends the landing of the two areas dragged between, and nothing for a drop elsewhere', () => {
    const G = landingState();
    const view = viewFor(G, 'allies') as FactionView;
    const legal = legalMoves(view as never, undefined, PLAYER_OF_FACTION.allies);
    const choices = toChoices(legal);
    const first = landingAreas(choices).find((a) => landingPartners(choices, a).length > 1)!;
    const [partner] = landingPartners(choices, first);
    const send = vi.fn();
    const { result } = renderHook(() => useActionState(view, choices, send, 'k'), { wrapper });
    expect(result.current.drag.movable.has(first)).toBe(true);

    // Picked up: the first area is chosen and its partners light.
    act(() => result.current.drag.start(first));
    expect(result.current.mode).toEqual({ kind: 'land', first });
    expect([...result.current.pickable].sort()).toEqual(landingPartners(choices, first).sort());

    // Let go over no partner (the first area itself, a sea zone): nothing goes, the choice stays.
    act(() => result.current.drag.drop(first, [first, 'zone-that-is-not-a-partner']));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.mode).toEqual({ kind: 'land', first });

    // Let go over a partner (under a neighbour's tap target): that landing, as the engine lists it.
    act(() => result.current.drag.drop(first, ['not-a-partner', partner!]));
    expect(send).toHaveBeenCalledTimes(1);
    const [name, args] = send.mock.calls[0]!;
    expect(name).toBe('land');
    expect([...args.areas].sort()).toEqual([first, partner].sort());
    const listed = legal.filter((m) => m.move === 'land').map((m) => JSON.stringify(m.args[0]));
    expect(listed).toContain(JSON.stringify(args));
  });
});
