/**
 * The advanced game's half-made decision: which move is being answered and the parameters chosen so
 * far, and what the map offers for it (the legal moves of game/advancedChoices.ts).
 */
import { useEffect, useState } from 'react';
import { useI18n, type T } from '../../../i18n';
import { nextStep, type AdvancedChoices, type AdvancedMove, type Args } from '../game/advancedChoices';
import { areaName } from '../game/data';
import { shipPlacement, type ShipPlacement } from '../game/shipGroups';

export type Send = (move: string, args: unknown) => void;

/** The order in which each move's parameters are asked for. */
export const ORDER: Partial<Record<AdvancedMove, string[]>> = {
  placeShip: ['ship', 'zone'],
  placeShips: ['ships', 'zone'],
  playApril9: ['card', 'ship', 'other', 'from', 'zone', 'area'],
  landShips: ['zone', 'area', 'ships'],
  sail: ['ships', 'to'],
  chaseShip: ['ship', 'to'],
  commitShips: ['ships'],
  playNavalCard: ['card', 'effect', 'target'],
  voidGermanCards: ['count'],
  raid: ['ship'],
  deploy: ['area'],
  mobilize: ['area'],
  pullBack: ['to'],
  deceive: ['to'],
  chooseNavalCombat: ['zone'],
};
/** Parameters answered by a click on the map. */
export const MAP_KEYS = new Set(['zone', 'area', 'from', 'to']);
/** Moves of one map parameter that the map answers at once, without opening a decision first. */
export const DIRECT: AdvancedMove[] = ['deploy', 'mobilize', 'pullBack', 'deceive', 'chooseNavalCombat'];

export type AdvMode = { kind: 'idle' } | { kind: 'move'; move: AdvancedMove; chosen: Args };

export interface AdvancedState {
  mode: AdvMode;
  setMode(m: AdvMode): void;
  start(move: AdvancedMove, chosen?: Args): void;
  /** The map is driven by the advanced decision (not by the basic game's). */
  active: boolean;
  pickable: Set<string>;
  sources: Set<string>;
  selected: string | null;
  onPick(place: string): void;
  pickHint(place: string): string | undefined;
  /** Ship placement (9. April, the home fleet): the picked group and the zones it may go to. */
  ships: ShipPlacement | null;
  /** Pick another group of ships to place (null: back to the group offered first). */
  pickShips(ids: string[] | null): void;
  /** Place the picked group in a zone. */
  placeShips(zone: string): void;
}

export function placeLabel(t: T, v: unknown): string {
  const s = String(v);
  return /^(I|II|III|IV|V|VI|VII|VIII)$/.test(s) ? t('adv.zone', { zone: s }) : areaName(s);
}

export function useAdvancedState(adv: AdvancedChoices, send: Send, stateKey: string): AdvancedState {
  const { t } = useI18n();
  const [mode, setMode] = useState<AdvMode>({ kind: 'idle' });
  const [shipPick, setShipPick] = useState<string[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state (its key) is the trigger that drops a half-made choice
  useEffect(() => {
    setMode({ kind: 'idle' });
    setShipPick(null);
  }, [stateKey]);
  const ships = adv.has('placeShip') ? shipPlacement(adv.get('placeShip')!, adv.get('placeShips') ?? [], shipPick) : null;
  const placeShips = (zone: string) => {
    if (!ships?.zones.includes(zone)) return;
    if (ships.pick.length === 1) send('placeShip', { ship: ships.pick[0], zone });
    else send('placeShips', { ships: ships.pick, zone });
  };

  const start = (move: AdvancedMove, chosen: Args = {}) => {
    const step = nextStep(adv.get(move) ?? [], chosen, ORDER[move] ?? []);
    if (step.kind === 'ready') send(move, step.args);
    else if (step.kind === 'choose') setMode({ kind: 'move', move, chosen });
  };

  let pickable = new Set<string>();
  let onPick: (p: string) => void = () => {};
  let pickHint: (p: string) => string | undefined = () => undefined;
  let active = false;
  let selected: string | null = null;

  if (mode.kind === 'move') {
    const step = nextStep(adv.get(mode.move) ?? [], mode.chosen, ORDER[mode.move] ?? []);
    active = true;
    if (step.kind === 'choose' && MAP_KEYS.has(step.key)) {
      pickable = new Set(step.values.map(String));
      onPick = (p) => pickable.has(p) && start(mode.move, { ...mode.chosen, [step.key]: p });
      pickHint = (p) => placeLabel(t, p);
    }
    const at = mode.chosen.zone ?? mode.chosen.from ?? mode.chosen.area;
    if (typeof at === 'string') selected = at;
  } else if (ships) {
    // The picked group's zones light up at once: no second click on a ship to see where it may go.
    active = true;
    pickable = new Set(ships.zones);
    onPick = placeShips;
    pickHint = (p) => placeLabel(t, p);
  } else if (adv.has('landShips')) {
    // A landing starts with its sea zone, or at once with the coast: a coastal area served by one
    // zone lands all that zone's ships there in one click (the zone first chooses fewer).
    const options = adv.get('landShips')!;
    const zones = new Set(options.map((o) => String(o.zone)));
    const whole = wholeLandings(options);
    active = true;
    pickable = new Set([...zones, ...options.map((o) => String(o.area))]);
    onPick = (p) => {
      if (zones.has(p)) return start('landShips', { zone: p });
      const all = whole.get(p);
      if (all) send('landShips', all);
      else if (pickable.has(p)) start('landShips', { area: p });
    };
    pickHint = (p) => {
      const all = whole.get(p);
      return all ? t('adv.landAll', { n: (all.ships as string[]).length, area: areaName(p), zone: String(all.zone) }) : placeLabel(t, p);
    };
  } else if (adv.has('chaseShip') && new Set(adv.get('chaseShip')!.map((o) => String(o.ship))).size === 1) {
    // One ship chased: the zones it may be chased to light at once, and a click on one sends the chase.
    const options = adv.get('chaseShip')!;
    active = true;
    pickable = new Set(options.map((o) => String(o.to)));
    onPick = (p) => {
      const args = options.find((o) => String(o.to) === p);
      if (args) send('chaseShip', args);
    };
    pickHint = (p) => placeLabel(t, p);
  } else {
    const direct = DIRECT.find((m) => adv.has(m));
    if (direct) {
      const key = ORDER[direct]![0]!;
      const options = adv.get(direct)!;
      active = true;
      pickable = new Set(options.map((o) => String(o[key])));
      onPick = (p) => {
        const args = options.find((o) => o[key] === p);
        if (args) send(direct, args);
      };
      pickHint = (p) => placeLabel(t, p);
    }
  }
  return {
    mode,
    setMode,
    start,
    active,
    pickable,
    sources: new Set(),
    selected,
    onPick,
    pickHint,
    ships,
    pickShips: setShipPick,
    placeShips,
  };
}

/** Per coastal area served by one sea zone only: the landing of every ship there that may land. */
export function wholeLandings(options: readonly Args[]): Map<string, Args> {
  const zonesOf = new Map<string, Set<string>>();
  const most = new Map<string, Args>();
  for (const o of options) {
    const area = String(o.area);
    zonesOf.set(area, (zonesOf.get(area) ?? new Set()).add(String(o.zone)));
    const n = (o.ships as string[]).length;
    if (n > ((most.get(area)?.ships as string[] | undefined)?.length ?? 0)) most.set(area, o);
  }
  return new Map([...most].filter(([area]) => zonesOf.get(area)!.size === 1));
}
