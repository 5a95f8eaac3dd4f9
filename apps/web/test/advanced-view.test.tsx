// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
// @vitest-environment jsdom
/**
 * The advanced game in the client, rendered from real engine states: ship stacks as each seat may
 * see them, the choice of 9. April cards, the naval combat panel, and a privacy sweep: no seat's or
 * spectator's page holds the name of another faction's face-down ship.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  PLAYER_OF_FACTION,
  actor,
  APRIL9_KEEP,
  april9Card,
  april9SymbolsOf,
  cards,
  createInitialState,
  FACTIONS,
  legalMoves,
  ship,
  viewFor,
  type Faction,
  type GameState,
} from '@kon/game';
import { GameView } from '../src/games/kon/ui/GameView';
import { preselect } from '../src/games/kon/ui/April9Cards';
import { bannerFor } from '../src/games/kon/game/banner';
import { describeLog } from '../src/games/kon/game/logText';
import { FleetPanel } from '../src/games/kon/ui/Fleet';
import { NavalCombatPanel } from '../src/games/kon/ui/NavalCombatPanel';
import { I18nContext, translate, type Lang } from '../src/i18n';
import { standInConnection } from './stand-in';
import { playRandomGame, seededRng } from './engine';

afterEach(cleanup);

const ADVANCED = { ruleset: 'advanced' as const };

const conn = standInConnection;
function wrap(node: React.ReactNode, lang: Lang = 'en') {
  return render(
    <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>{node}</I18nContext.Provider>,
  );
}
/** The first state of a random advanced game where `stop` holds (a copy). */
function stateWhere(seed: number, stop: (G: GameState) => boolean, maxActions = 3000): GameState {
  let found: GameState | null = null;
  playRandomGame({
    seed,
    setup: ADVANCED,
    maxActions,
    afterAction: (G) => {
      if (!found && stop(G)) found = structuredClone(G);
    },
  });
  if (!found) throw new Error('no such state');
  return found;
}
const initial = () => createInitialState(ADVANCED, seededRng(1));

describe('ship stacks', () => {
  // After every ship is placed: Germany's and the Allies' face down, Eidsvoll & Norge face up.
  const G = stateWhere(2, (g) => !!g.april9 && g.april9.step === 'movement');
  const faceDown = (f: Faction) => G.ships.filter((s) => s.owner === f && !s.faceUp);

  it('shows your own ships by name and type, the enemy’s as face-down counters', () => {
    wrap(<FleetPanel G={viewFor(G, 'germany')} />);
    const fleet = screen.getByTestId('fleet');
    for (const s of G.ships.filter((x) => x.owner === 'germany')) {
      const chip = fleet.querySelector(`[data-ship="${s.id}"]`);
      expect(chip, s.id).not.toBeNull();
      expect(chip!.textContent).toContain(ship(s.id).name);
    }
    const alliedHidden = faceDown('allies');
    expect(alliedHidden.length).toBeGreaterThan(0);
    for (const s of alliedHidden) expect(fleet.textContent).not.toContain(ship(s.id).name);
    const counted = [...fleet.querySelectorAll('.fleet-stack[data-owner="allies"] [data-hidden-ships]')].reduce(
      (n, el) => n + Number(el.getAttribute('data-hidden-ships')),
      0,
    );
    expect(counted).toBe(alliedHidden.length);
  });

  it('shows a face-up ship by name to everyone, the spectator included', () => {
    const up = G.ships.filter((s) => s.faceUp);
    expect(up.length).toBeGreaterThan(0);
    for (const viewer of [...FACTIONS, null] as (Faction | null)[]) {
      cleanup();
      wrap(<FleetPanel G={viewFor(G, viewer)} />);
      for (const s of up) expect(screen.getByTestId('fleet').textContent, String(viewer)).toContain(ship(s.id).name);
    }
  });

  it('lists your own reserve and counts the others’', () => {
    const H = stateWhere(
      3,
      (g) => !!g.april9 && g.april9.step === 'ships' && g.april9.who === 'germany' && g.ships.some((s) => s.owner === 'germany'),
    );
    wrap(<FleetPanel G={viewFor(H, 'germany')} />);
    const reserves = screen.getByTestId('reserves');
    for (const id of H.shipReserve.germany) expect(reserves.querySelector(`[data-ship="${id}"]`)).not.toBeNull();
    expect(reserves.querySelector('[data-reserve="allies"]')!.textContent).toContain(`${H.shipReserve.allies.length} ships`);
    for (const id of H.shipReserve.allies) expect(reserves.textContent).not.toContain(ship(id).name);
  });
});

describe('choosing 9. April cards', () => {
  it('offers the whole stock with its texts, and keeps exactly N before it sends a legal choice', () => {
    const G = initial();
    expect(actor(G)?.stage).toBe('april9Choose');
    const move = vi.fn();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    expect(screen.getByTestId('banner').textContent).toContain(
      `Keep ${APRIL9_KEEP.germany} of your ${G.april9!.boxed.germany.length} cards`,
    );
    const choice = screen.getByTestId('a9-choice');
    const stock = G.april9!.boxed.germany;
    for (const c of stock) expect(choice.querySelector(`[data-a9-card="${c}"]`)).not.toBeNull();
    // The card texts in the reader's language.
    expect(choice.textContent).toContain(april9Card(stock[0]!).texts.effects[0]!.en);
    const keep = choice.querySelector('[data-action="keep"]') as HTMLButtonElement;
    const boxes = stock.map((c) => choice.querySelector(`[data-keep="${c}"]`) as HTMLInputElement);
    // A keepable set is ticked from the start: one of each kind first, most symbols first.
    const ticked = () => boxes.filter((b) => b.checked).map((b) => b.dataset.keep!);
    expect(ticked()).toHaveLength(APRIL9_KEEP.germany);
    expect(ticked().sort()).toEqual(preselect(stock, APRIL9_KEEP.germany, april9SymbolsOf).sort());
    expect(new Set(ticked().map((c) => c.split('#')[0])).size).toBe(APRIL9_KEEP.germany);
    expect(keep.disabled).toBe(false);
    // Untick one: Keep waits; a sixth card cannot be ticked once five are kept.
    const off = boxes.find((b) => b.checked)!;
    fireEvent.click(off);
    expect(keep.disabled).toBe(true);
    const other = boxes.find((b) => !b.checked && b !== off)!;
    fireEvent.click(other);
    expect(boxes.find((b) => !b.checked)!.disabled).toBe(true);
    expect(keep.disabled).toBe(false);
    fireEvent.click(keep);
    expect(move).toHaveBeenCalledTimes(1);
    const [, name, args] = move.mock.calls[0]!;
    expect(name).toBe('chooseApril9');
    const legal = legalMoves(viewFor(G, 'germany') as never, undefined, '0').map((m) => JSON.stringify(m));
    expect(legal).toContain(JSON.stringify({ move: 'chooseApril9', args: [args] }));
  });

  it('shows the card texts in Norwegian to a Norwegian reader', () => {
    const G = initial();
    wrap(<GameView conn={conn(G, ['germany'])} spectator={false} />, 'no');
    expect(screen.getByTestId('a9-choice').textContent).toContain(april9Card(G.april9!.boxed.germany[0]!).texts.effects[0]!.no);
  });
});

describe('choosing 9. April cards in the two-player plan', () => {
  it('gives the second faction of the page a fresh choice, its own cards preselected', () => {
    const norwayChooses = stateWhere(1, (g) => actor(g)?.stage === 'april9Choose' && actor(g)?.faction === 'norway');
    const alliesChoose = stateWhere(1, (g) => actor(g)?.stage === 'april9Choose' && actor(g)?.faction === 'allies');
    const view = wrap(<GameView conn={conn(norwayChooses, ['norway', 'allies'])} spectator={false} />);
    const first = norwayChooses.april9!.boxed.norway;
    // Norway's page changes its preselection before it is sent.
    const changed = [...document.querySelectorAll<HTMLInputElement>('[data-keep]:checked')][0]!;
    fireEvent.click(changed);
    fireEvent.click(document.querySelector(`[data-keep]:not(:checked):not([data-keep="${changed.dataset.keep}"])`)!);
    expect(document.querySelectorAll('[data-keep]:checked')).toHaveLength(APRIL9_KEEP.norway);
    void first;
    // The Norwegian choice is sent; the same page now chooses for the Allies.
    view.rerender(
      <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>
        <GameView conn={conn(alliesChoose, ['norway', 'allies'])} spectator={false} />
      </I18nContext.Provider>,
    );
    const boxes = [...document.querySelectorAll<HTMLInputElement>('[data-keep]')];
    expect(boxes.map((b) => b.dataset.keep).sort()).toEqual([...alliesChoose.april9!.boxed.allies].sort());
    const ticked = boxes.filter((b) => b.checked).map((b) => b.dataset.keep!);
    expect(ticked.sort()).toEqual(preselect(alliesChoose.april9!.boxed.allies, APRIL9_KEEP.allies, april9SymbolsOf).sort());
  });
});

describe('9. April interceptions', () => {
  it('the banner says the ships lie together, for the deciding side and the others, in both languages', () => {
    const G = stateWhere(12, (g) => !!g.april9 && actor(g)?.stage === 'intercept');
    const a = actor(G)!;
    const zone = G.naval!.force!.path.at(-1)!;
    const other = FACTIONS.find((f) => f !== a.faction)!;
    const en = bannerFor(viewFor(G, a.faction) as never, a, [a.faction], 'en');
    expect(en.kind).toBe('act');
    expect(en.detail).toContain(`9 April: German and Allied or Norwegian ships lie together in sea zone ${zone}.`);
    expect(bannerFor(viewFor(G, a.faction) as never, a, [a.faction], 'no').detail).toContain(
      `9. april: tyske og allierte eller norske skip ligger sammen i havområde ${zone}.`,
    );
    const waiting = bannerFor(viewFor(G, other) as never, a, [other], 'en');
    expect(waiting.kind).toBe('wait');
    expect(waiting.detail).toContain(`ships of both sides lie in sea zone ${zone}`);
    // Eidsvoll & Norge's sure interception is mentioned to Germany exactly when it lies there.
    const eidsvoll = G.ships.some((s) => s.owner === 'norway' && s.at === zone);
    expect(en.detail.includes('Eidsvoll & Norge is intercepted without a roll')).toBe(a.faction === 'germany' && eidsvoll);
    // The buttons come from the legal moves: try, or not.
    wrap(<GameView conn={conn(G, [a.faction])} spectator={false} />);
    expect(document.querySelector('[data-adv="intercept-yes"]')).not.toBeNull();
    expect(document.querySelector('[data-adv="intercept-no"]')!.textContent).toBe('Do not intercept');
  });
});

describe('the 9. April hand', () => {
  it('stays in view while others act, and only for its owner', () => {
    const G = stateWhere(2, (g) => actor(g)?.stage === 'april9Ships' && actor(g)?.faction === 'germany');
    wrap(<GameView conn={conn(G, ['allies'])} spectator={false} />);
    const hand = screen.getByTestId('a9-hand');
    for (const c of G.april9!.hands.allies) expect(hand.querySelector(`[data-a9-card="${c}"]`)).not.toBeNull();
    const html = document.body.innerHTML;
    for (const c of [...G.april9!.hands.germany, ...G.april9!.hands.norway]) expect(html).not.toContain(c);
  });
});

describe('naval combat cards', () => {
  it('lists the cards each side played, marks cancelled ones, and names the cards voided', () => {
    const G = stateWhere(
      3,
      (g) =>
        (g.naval?.lastCombat?.played.length ?? 0) > 0 || Object.values(g.naval?.lastCombat?.voided ?? {}).some((v) => (v?.length ?? 0) > 0),
      6000,
    );
    const c = G.naval!.lastCombat!;
    wrap(<NavalCombatPanel combat={viewFor(G, null).naval!.lastCombat!} live={false} />);
    const panel = screen.getByTestId('naval-panel');
    for (const p of c.played) expect(panel.textContent).toContain(cards.cardDef(p.card).title);
    for (const [f, list] of Object.entries(c.voided))
      if (list?.length) expect(panel.querySelector(`[data-voided="${f}"]`)!.textContent).toContain(`${list.length}`);
  });
});

describe('placing ships', () => {
  const german = () => stateWhere(4, (g) => actor(g)?.stage === 'april9Ships' && actor(g)?.faction === 'germany');
  const listed = (G: GameState) => legalMoves(viewFor(G, 'germany') as never, undefined, '0');
  const pickable = () => [...document.querySelectorAll('path.sea.pickable')].map((el) => el.getAttribute('data-zone')!).sort();

  it('offers the first type at once: its zones light up before any click, one click places the group', () => {
    const G = german();
    const move = vi.fn();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    const type = ship(G.shipReserve.germany[0]!).type;
    const group = G.shipReserve.germany.filter((id) => ship(id).type === type);
    expect(group.length).toBeGreaterThan(1);
    expect(screen.getByTestId('ships-picked').dataset.count).toBe(String(group.length));
    const key = (ids: string[]) => [...ids].sort().join();
    const zones = listed(G)
      .filter((m) => m.move === 'placeShips' && key((m.args[0] as { ships: string[] }).ships) === key(group))
      .map((m) => (m.args[0] as { zone: string }).zone);
    expect(zones.length).toBeGreaterThan(0);
    expect(pickable()).toEqual([...zones].sort());
    fireEvent.click(document.querySelector(`path[data-zone="${zones[0]}"]`)!);
    expect(move).toHaveBeenCalledTimes(1);
    const [, name, args] = move.mock.calls[0]!;
    expect(name).toBe('placeShips');
    expect(key(args.ships)).toBe(key(group));
    expect(listed(G).map((m) => JSON.stringify(m))).toContain(JSON.stringify({ move: 'placeShips', args: [args] }));
  });

  it('takes fewer of a type, every type at once, or one particular ship, always by a listed move', () => {
    const G = german();
    const move = vi.fn();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    const legal = listed(G).map((m) => JSON.stringify(m));
    const sent = () => {
      const [, name, args] = move.mock.calls.at(-1)!;
      expect(legal).toContain(JSON.stringify({ move: name, args: [args] }));
      return args as { ships?: string[]; ship?: string; zone: string };
    };
    // The type picked first has a count: one less.
    const first = document.querySelector('.ship-group.picked')!;
    fireEvent.click(within(first as HTMLElement).getByLabelText('−1'));
    const n = Number(screen.getByTestId('ships-picked').dataset.count);
    fireEvent.click(document.querySelector('[data-place-zone]')!);
    const fewer = sent();
    expect(fewer.ships?.length ?? (fewer.ship ? 1 : 0)).toBe(n);
    // Every ship at once (a fresh page: the one above waits for the server's answer).
    cleanup();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    fireEvent.click(document.querySelector('[data-pick-all]')!);
    expect(screen.getByTestId('ships-picked').dataset.count).toBe(String(G.shipReserve.germany.length));
    fireEvent.click(document.querySelector(`path[data-zone="${pickable()[0]}"]`)!);
    expect(sent().ships).toHaveLength(G.shipReserve.germany.length);
    // One named ship: its own move.
    cleanup();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    const id = G.shipReserve.germany.at(-1)!;
    fireEvent.click(document.querySelector(`[data-place-ship="${id}"]`)!);
    fireEvent.click(document.querySelector('[data-place-zone]')!);
    expect(move.mock.calls.at(-1)![1]).toBe('placeShip');
    expect(sent().ship).toBe(id);
  });
});

describe('naval movement', () => {
  const sails = (g: GameState) =>
    legalMoves(viewFor(g, 'germany') as never, undefined, '0')
      .filter((m) => m.move === 'sail')
      .map((m) => m.args[0] as { ships: string[]; to: string });
  it('sails a whole task force in two clicks (Sail, then the zone), or the ships left ticked', () => {
    const G = stateWhere(
      2,
      (g) => !g.april9 && actor(g)?.stage === 'movement' && actor(g)?.faction === 'germany' && sails(g).some((o) => o.ships.length >= 2),
    );
    const legal = sails(G);
    const all = legal.find((o) => o.ships.length >= 2)!.ships;
    const from = G.ships.find((x) => x.id === all[0])!.at;
    const move = vi.fn();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    const picker = document.querySelector(`[data-sail-from="${from}"]`)!;
    // Every ship there is ticked: one click sends them all, the map then offers the zones.
    fireEvent.click(picker.querySelector('[data-adv="sail"]')!);
    const zones = [...new Set(legal.filter((o) => o.ships.join() === all.join()).map((o) => o.to))].sort();
    expect([...document.querySelectorAll('path.sea.pickable')].map((el) => el.getAttribute('data-zone')).sort()).toEqual(zones);
    fireEvent.click(document.querySelector(`path[data-zone="${zones[0]}"]`)!);
    expect(move).toHaveBeenCalledWith('0', 'sail', { ships: all, to: zones[0] });
    // Unticking a ship leaves it behind: the others go as one task force.
    cleanup();
    move.mockClear();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    const again = document.querySelector(`[data-sail-from="${from}"]`)!;
    fireEvent.click(again.querySelectorAll('input[type="checkbox"]')[0]!);
    fireEvent.click(again.querySelector('[data-adv="sail"]')!);
    const rest = all.slice(1);
    const to = legal.find((o) => [...o.ships].sort().join() === [...rest].sort().join())!.to;
    fireEvent.click(document.querySelector(`path[data-zone="${to}"]`)!);
    const [, name, args] = move.mock.calls[0]!;
    expect(name).toBe('sail');
    expect([...(args as { ships: string[] }).ships].sort()).toEqual([...rest].sort());
  });
});

describe('landings', () => {
  it('start from a sea zone on the map, then a coastal area, then the ships, and send a legal landing', () => {
    const G = stateWhere(
      2,
      (g) =>
        actor(g)?.stage === 'april9Landing' &&
        legalMoves(viewFor(g, 'germany') as never, undefined, '0').some((m) => m.move === 'landShips'),
    );
    const move = vi.fn();
    wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
    const legal = legalMoves(viewFor(G, 'germany') as never, undefined, '0')
      .filter((m) => m.move === 'landShips')
      .map((m) => m.args[0] as { zone: string; area: string; ships: string[] });
    const zones = [...new Set(legal.map((l) => l.zone))].sort();
    expect([...document.querySelectorAll('path.sea.pickable')].map((el) => el.getAttribute('data-zone')).sort()).toEqual(zones);
    fireEvent.click(document.querySelector(`path[data-zone="${zones[0]}"]`)!);
    const areas = [...new Set(legal.filter((l) => l.zone === zones[0]).map((l) => l.area))];
    if (areas.length > 1) {
      expect([...document.querySelectorAll('path.area.pickable')].map((el) => el.getAttribute('data-area')).sort()).toEqual(
        [...areas].sort(),
      );
      fireEvent.click(document.querySelector(`path[data-area="${areas[0]}"]`)!);
    }
    for (let i = 0; i < 3 && move.mock.calls.length === 0; i++) fireEvent.click(document.querySelector('[data-step]')!);
    expect(move).toHaveBeenCalledTimes(1);
    const [, name, args] = move.mock.calls[0]!;
    expect(name).toBe('landShips');
    expect(legal.map((l) => JSON.stringify(l))).toContain(JSON.stringify(args));
  });
});

describe('9. April windows', () => {
  it('say what opened them, and offer Pass', () => {
    const G = stateWhere(2, (g) => actor(g)?.stage === 'april9Window');
    const a = actor(G)!;
    const p = G.prompts[G.prompts.length - 1]!;
    if (p.kind !== 'april9Window') throw new Error('not a window');
    const move = vi.fn();
    wrap(<GameView conn={conn(G, [a.faction], move)} spectator={false} />);
    const trigger = translate('en', `trigger.${p.window}`, { area: 'x', zone: p.zone ?? '', n: p.count ?? 1 }).split('(')[1]!;
    expect(screen.getByTestId('banner').textContent).toContain(trigger);
    expect(screen.getByTestId('trigger').textContent).toContain(trigger);
    fireEvent.click(within(screen.getByTestId('action-panel')).getByText('Pass'));
    expect(move).toHaveBeenCalledWith(PLAYER_OF_FACTION[a.faction], 'pass', {});
  });
});

describe('the naval windows of 9. April', () => {
  for (const [window, seed, en, no] of [
    [
      'smokeScreen',
      2,
      'with Smoke Screen (Røykdekke) one of them slips out of the naval combat',
      'med Røykdekke kan ett av dem slippe unna sjøslaget',
    ],
    [
      'sailors',
      3,
      'with Evacuated Sailors (Evakuerte matroser) the battalion on board still lands',
      'med Evakuerte matroser går bataljonen om bord likevel i land',
    ],
  ] as const)
    it(`${window}: Germany is told what the card would do and may play it or pass; the others wait, in both languages`, () => {
      const G = stateWhere(seed, (g) => {
        const p = g.prompts[g.prompts.length - 1];
        return !!g.april9 && p?.kind === 'april9Window' && p.window === window;
      });
      const a = actor(G)!;
      expect(a).toEqual({ faction: 'germany', stage: 'april9Window' });
      expect(bannerFor(viewFor(G, 'germany') as never, a, ['germany'], 'en').detail).toContain(en);
      expect(bannerFor(viewFor(G, 'germany') as never, a, ['germany'], 'no').detail).toContain(no);
      const waiting = bannerFor(viewFor(G, null) as never, a, [], 'en');
      expect(waiting.kind).toBe('wait');
      expect(waiting.detail).toContain(en);
      const move = vi.fn();
      wrap(<GameView conn={conn(G, ['germany'], move)} spectator={false} />);
      expect(screen.getByTestId('trigger').textContent).toContain(en);
      // The card is offered exactly when the legal moves list it.
      const legal = legalMoves(viewFor(G, 'germany') as never, undefined, '0');
      const playable = new Set(legal.filter((m) => m.move === 'playApril9').map((m) => (m.args[0] as { card: string }).card));
      expect(new Set([...document.querySelectorAll<HTMLElement>('[data-play-a9]')].map((b) => b.dataset.playA9))).toEqual(playable);
      fireEvent.click(within(screen.getByTestId('action-panel')).getByText('Pass'));
      expect(move).toHaveBeenCalledWith('0', 'pass', {});
    });
});

describe('naval combat panel', () => {
  const G = stateWhere(1, (g) => (g.naval?.lastCombat?.rolls.length ?? 0) > 0);
  const c = G.naval!.lastCombat!;

  it("shows each ship's die with what it did, and the ships sunk", () => {
    const view = viewFor(G, 'allies');
    wrap(<NavalCombatPanel combat={view.naval!.lastCombat!} live={false} />);
    const panel = screen.getByTestId('naval-panel');
    expect(panel.textContent).toContain(`sea zone ${c.zone}`);
    const dice = [...panel.querySelectorAll('[data-die]')].map((d) => Number(d.getAttribute('data-die')));
    expect(dice).toEqual(['germany', 'allies'].flatMap((side) => c.rolls.filter((r) => r.side === side).map((r) => r.die)));
    const results = [...panel.querySelectorAll('[data-result]')].map((el) => el.getAttribute('data-result'));
    expect(results).toEqual(['germany', 'allies'].flatMap((side) => c.rolls.filter((r) => r.side === side).map((r) => r.result ?? 'miss')));
    for (const id of c.sunk) expect(panel.textContent).toContain(ship(id).name);
  });

  it('names no ship the viewer may not see', () => {
    for (const viewer of [...FACTIONS, null] as (Faction | null)[]) {
      cleanup();
      const view = viewFor(G, viewer);
      wrap(<NavalCombatPanel combat={view.naval!.lastCombat!} live={false} />);
      const text = screen.getByTestId('naval-panel').textContent!;
      for (const s of G.ships) if (!s.faceUp && s.owner !== viewer) expect(text, `${viewer} sees ${s.id}`).not.toContain(ship(s.id).name);
    }
  });
});

describe('privacy', () => {
  /** Names and ids of ships this viewer must not know: others' face-down ships and reserves. */
  function secrets(G: GameState, viewer: Faction | null): string[] {
    const ids = [
      ...G.ships.filter((s) => !s.faceUp && s.owner !== viewer).map((s) => s.id),
      ...FACTIONS.filter((f) => f !== viewer).flatMap((f) => G.shipReserve[f]),
    ];
    return ids.flatMap((id) => [id, ship(id).name]);
  }
  for (const seed of [11, 12]) {
    it(`no seat's or spectator's page names another faction's face-down ship (random advanced game, seed ${seed})`, () => {
      // The first state of every stage the game reaches (the 9. April turn's and the naval ones included).
      const states: GameState[] = [];
      const seen = new Set<string>();
      playRandomGame({
        seed,
        setup: ADVANCED,
        maxActions: 1500,
        afterAction: (G) => {
          const stage = actor(G)?.stage ?? 'over';
          if (!seen.has(stage)) {
            seen.add(stage);
            states.push(structuredClone(G));
          }
        },
      });
      expect(seen.has('april9Ships') && seen.has('intercept')).toBe(true);
      let checked = 0;
      for (const G of states)
        for (const viewer of [...FACTIONS, null] as (Faction | null)[]) {
          cleanup();
          wrap(<GameView conn={conn(G, [viewer])} spectator={viewer === null} />);
          const html = document.body.innerHTML;
          for (const secret of secrets(G, viewer)) {
            // Ship names that are also words of the interface would be false alarms; none are today.
            expect(html.includes(secret), `${viewer ?? 'spectator'} sees ${secret}`).toBe(false);
            checked++;
          }
        }
      expect(checked).toBeGreaterThan(100);
    }, 120_000);
  }
});

describe('banners and log lines of the advanced game', () => {
  it('say what to do (or whom we wait for) in every stage reached, in both languages, and phrase every log entry', () => {
    const seen = new Set<string>();
    const { G: end } = playRandomGame({
      seed: 21,
      setup: ADVANCED,
      maxActions: 2500,
      afterAction: (G) => {
        const a = actor(G);
        if (!a) return;
        for (const lang of ['no', 'en'] as const)
          for (const viewer of [a.faction, FACTIONS.find((f) => f !== a.faction)!]) {
            const b = bannerFor(viewFor(G, viewer) as never, a, [viewer], lang);
            const text = `${b.title} ${b.detail}`;
            expect(text, `${a.stage} (${lang})`).not.toMatch(/\b(do|wait|trigger|a9step|phase)\.[a-zA-Z]|undefined|NaN/);
          }
        seen.add(a.stage);
      },
    });
    expect(seen.has('april9Window') && seen.has('navalAttackerCards')).toBe(true);
    for (const e of end.log)
      for (const lang of ['no', 'en'] as const) expect(describeLog(e, lang), e.event).not.toMatch(/undefined|NaN|\[object|#\d|phase\./);
  }, 60_000);
});
