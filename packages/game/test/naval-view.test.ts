/**
 * Hidden information at sea: a face-down ship's identity (and whether it is a dummy) reaches no
 * other faction's view and no spectator, in G.ships, in the naval state, or anywhere else.
 */
import { describe, it, expect } from 'vitest';
import { FACTIONS, type Faction } from '../src/types.js';
import { viewFor, hiddenFrom } from '../src/engine/view.js';
import { advancedPosition } from './advanced-helpers.js';

const GERMAN = ['ship.de.admiral-hipper', 'ship.de.karlsruhe', 'ship.de.falskt-skip-1'];
const ALLIED = ['ship.al.warspite', 'ship.al.lett-krysser-med-jagere'];
const EIDSVOLL = 'ship.no.eidsvoll-norge';

function position() {
  const G = advancedPosition({
    turn: 'germany',
    units: { germany: { oslo: 2 }, norway: { hamar: 1 } },
    ships: [
      ...GERMAN.map((id) => ({ id, at: 'III' as const })),
      ...ALLIED.map((id) => ({ id, at: 'III' as const })),
      { id: EIDSVOLL, at: 'VII' as const },
      { id: 'ship.de.scharnhorst', at: 'raid' as const, faceUp: true },
    ],
  });
  // A task force under way and an engagement: the naval state names ships too.
  G.naval = {
    moved: ['ship.de.karlsruhe'],
    tried: ['III'],
    force: { owner: 'germany', ships: ['ship.de.karlsruhe'], path: ['II', 'III'], step: 'defenderIntercept' },
    engagements: [{ zone: 'III', interceptors: ['germany'], intercepted: ['ship.al.warspite'] }],
    combat: null,
    lastCombat: null,
    recalled: false,
  };
  return G;
}
const ownerOf = (id: string): Faction => (id.startsWith('ship.de.') ? 'germany' : id.startsWith('ship.al.') ? 'allies' : 'norway');

describe('face-down ships in the views', () => {
  it('no other faction and no spectator receives a face-down ship id, anywhere in the view', () => {
    const G = position();
    for (const viewer of [...FACTIONS, null]) {
      const json = JSON.stringify(viewFor(G, viewer));
      for (const id of [...GERMAN, ...ALLIED]) {
        if (ownerOf(id) === viewer) expect(json, `${viewer} sees own ${id}`).toContain(`"${id}"`);
        else expect(json, `${viewer ?? 'spectator'} must not see ${id}`).not.toContain(`"${id}"`);
      }
      // Always face up: Eidsvoll & Norge and the ships in the raiding box.
      expect(json).toContain(`"${EIDSVOLL}"`);
      expect(json).toContain('"ship.de.scharnhorst"');
      // Reserve ships are the owner's secret too.
      for (const f of FACTIONS)
        for (const id of G.shipReserve[f]) {
          if (f === viewer) expect(json).toContain(`"${id}"`);
          else expect(json).not.toContain(`"${id}"`);
        }
    }
  });

  it('shows the others owner, zone and count, sorted so the order gives nothing away', () => {
    const G = position();
    const seen = viewFor(G, 'allies').ships.filter((s) => s.owner === 'germany' && s.at === 'III');
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.id === null && !s.faceUp)).toBe(true);
    const n = viewFor(G, null).naval!;
    expect(n.force!.ships).toEqual([null]);
    expect(n.engagements[0]!.intercepted).toEqual([null]);
    expect(viewFor(G, 'germany').naval!.force!.ships).toEqual(['ship.de.karlsruhe']);
  });

  it('a ship turned face up is public; turned face down again it is hidden again', () => {
    const G = position();
    G.ships.find((s) => s.id === 'ship.de.admiral-hipper')!.faceUp = true;
    expect(JSON.stringify(viewFor(G, 'allies'))).toContain('"ship.de.admiral-hipper"');
    expect(hiddenFrom(G, 'allies')).not.toContain('ship.de.admiral-hipper');
    G.ships.find((s) => s.id === 'ship.de.admiral-hipper')!.faceUp = false;
    expect(JSON.stringify(viewFor(G, 'allies'))).not.toContain('"ship.de.admiral-hipper"');
    expect(hiddenFrom(G, 'allies')).toContain('ship.de.admiral-hipper');
  });

  it('hiddenFrom lists every face-down and reserve ship of the other factions', () => {
    const G = position();
    const hidden = hiddenFrom(G, 'norway');
    for (const id of [...GERMAN, ...ALLIED, ...G.shipReserve.allies]) expect(hidden).toContain(id);
    expect(hidden).not.toContain(EIDSVOLL);
    expect(hiddenFrom(G, 'germany')).not.toContain('ship.de.karlsruhe');
  });
});
