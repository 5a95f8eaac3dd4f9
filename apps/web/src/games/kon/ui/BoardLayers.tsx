/** The map's layers (ui/Board.tsx draws them in this order): sea zones, areas, names, stacks and attacks, tap targets, buttons. */
import { useMemo, type KeyboardEvent } from 'react';
import type { Faction, FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { FACTION_COLOR } from '../../../ui/FactionBadge';
import { BOARD, FACTIONS } from '../game/data';
import { attackAnchor } from '../game/geometry';
import type { useAreaFacts } from './AreaFacts';
import { LABEL_FONT, type LabelBox } from './mapLabels';
import { FLAG, PLANE, STAR } from './mapIcons';
import { hitRadius } from './mapView';
import { Token } from './MapToken';
import type { Placement } from './labelPlace';

/** What the shapes need to be picked: the choices now, and the handlers. */
export interface PickControl {
  pickable: ReadonlySet<string> | undefined;
  sources: ReadonlySet<string> | undefined;
  selected: string | null | undefined;
  pickHint: ((area: string) => string | undefined) | undefined;
  pick: (area: string) => void;
  onKey: (area: string) => (e: KeyboardEvent) => void;
  facts: ReturnType<typeof useAreaFacts>;
  /**
   * Whether this SVG holds an area's or zone's live copy (the main view and the Northern Norway inset
   * share the board: each place is clickable, focusable and named in one of them only).
   */
  own: (id: string) => boolean;
  /** Prefix of this SVG's own ids (its hatch patterns): ids are unique on the page. */
  ids: string;
}

export function SeaShapes({ ctl }: { ctl: PickControl }) {
  const { pickable, selected, pickHint, pick, onKey, facts, own, ids } = ctl;
  return (
    <>
      {BOARD.seaZones.map((z) => {
        const fill = z.redShadow ? `url(#${ids}hatch-red)` : '#d6e5ee';
        if (!own(z.id)) return <path key={z.id} d={z.shape} className="sea passive" fill={fill} />;
        const isPick = pickable?.has(z.id);
        const hint = isPick ? pickHint?.(z.id) : undefined;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a map shape repeats a choice the action panel offers as a button, the keyboard's way
          <path
            key={z.id}
            d={z.shape}
            className={`sea ${z.redShadow ? 'sea-red' : ''} ${isPick ? 'pickable' : ''} ${selected === z.id ? 'selected' : ''}`}
            fill={fill}
            data-zone={z.id}
            data-lesson-target={`zone:${z.id}`}
            onClick={() => pick(z.id)}
            {...facts.bind(z.id)}
            {...(isPick ? { tabIndex: 0, role: 'button', 'aria-label': hint ?? z.id, onKeyDown: onKey(z.id) } : {})}
          ></path>
        );
      })}
    </>
  );
}

export function AreaShapes({ ctl, G, inPlay }: { ctl: PickControl; G: FactionView; inPlay: ReadonlySet<string> | null }) {
  const { t } = useI18n();
  const { pickable, sources, selected, pickHint, pick, onKey, facts, own } = ctl;
  const combatArea = G.combat?.area;
  const attackTargets = new Set(G.attacks.map((a) => a.target));
  return (
    <>
      {BOARD.areas.map((a) => {
        if (!own(a.id)) return <path key={a.id} d={a.shape} className="area passive" />;
        const isPick = pickable?.has(a.id);
        const isSource = sources?.has(a.id);
        const cls = [
          'area',
          isPick ? 'pickable' : '',
          isSource ? 'source' : '',
          selected === a.id ? 'selected' : '',
          combatArea === a.id ? 'in-combat' : '',
          attackTargets.has(a.id) ? 'attacked' : '',
          inPlay && !inPlay.has(a.id) ? 'out-of-play' : '',
        ].join(' ');
        const out = inPlay !== null && !inPlay.has(a.id);
        const hint = isPick || isSource ? pickHint?.(a.id) : undefined;
        return (
          // biome-ignore lint/a11y/noStaticElementInteractions: a map shape repeats a choice the action panel offers as a button, the keyboard's way
          <path
            key={a.id}
            d={a.shape}
            className={cls}
            data-area={a.id}
            data-lesson-target={`area:${a.id}`}
            onClick={() => pick(a.id)}
            {...facts.bind(a.id)}
            {...(isPick || isSource
              ? { tabIndex: 0, role: 'button', 'aria-label': hint ? `${a.name}: ${hint}` : a.name, onKeyDown: onKey(a.id) }
              : {})}
          >
            {/* The facts card (hover, long press, focus) names the area and what a click does there. */}
            {out && <title>{`${a.name} – ${t('map.outOfPlay')}`}</title>}
          </path>
        );
      })}
    </>
  );
}

export function AreaLabels({ placed, labelBoxes, kText }: { placed: Placement; labelBoxes: ReadonlyMap<string, LabelBox>; kText: number }) {
  return (
    <>
      {BOARD.areas
        .filter((a) => placed.has(a.id))
        .map((a) => {
          const p = placed.get(a.id)!;
          const b = labelBoxes.get(a.id)!;
          return (
            <g
              key={a.id}
              className="area-label"
              data-label={a.id}
              transform={`translate(${a.label.x + p.dx - ((b.left + b.right) / 2) * kText},${a.label.y + p.dy - ((b.top + b.bottom) / 2) * kText}) scale(${kText})`}
              pointerEvents="none"
            >
              <text y={3.6} className="area-name" fontSize={LABEL_FONT}>
                {a.name}
              </text>
              {a.victoryCity && <path d={STAR} transform={`translate(${-b.text / 2 - 7.5},0) scale(6.2)`} className="icon-star" />}
              {a.airfield && <path d={PLANE} transform={`translate(${b.text / 2 + 6},0) scale(5.2)`} className="icon-plane" />}
              {a.mobilizationPoint && (
                <path d={FLAG} transform={`translate(${b.text / 2 + (a.airfield ? 17 : 6)},0) scale(4.6)`} className="icon-flag" />
              )}
            </g>
          );
        })}
    </>
  );
}

export function StacksAndAttacks({ G, k, own }: { G: FactionView; k: number; own: (id: string) => boolean }) {
  const { t } = useI18n();
  const letters = useMemo(() => Object.fromEntries(FACTIONS.map((f) => [f, t(`letter.${f}`)])) as Record<Faction, string>, [t]);
  return (
    <>
      {BOARD.areas.map((a) => {
        if (!own(a.id)) return null;
        const here = FACTIONS.filter((f) => (G.units[a.id]?.[f] ?? 0) > 0);
        if (here.length === 0) return null;
        const gap = 25 * k;
        const x0 = a.label.x - ((here.length - 1) * gap) / 2;
        return (
          <g key={a.id} pointerEvents="none" data-stack={a.id}>
            {here.map((f, i) => {
              const n = G.units[a.id]?.[f] ?? 0;
              const moved = G.moved[a.id]?.[f] ?? 0;
              return (
                <Token
                  key={f}
                  faction={f}
                  count={n}
                  x={x0 + i * gap}
                  y={a.label.y + 5 * k}
                  r={11 * k}
                  dim={moved >= n && G.turn === f && G.phase === 'movement'}
                  letter={letters[f]}
                />
              );
            })}
          </g>
        );
      })}
      {G.attacks
        .filter((atk) => own(atk.target))
        .map((atk) => {
          const { at, angle } = attackAnchor(atk.from, atk.target, atk.route);
          return (
            <g key={atk.id} className="attack" transform={`translate(${at.x},${at.y})`} pointerEvents="none" data-attack={atk.id}>
              <g transform={`rotate(${angle}) scale(${k})`}>
                <path d="M4,-9 L20,0 L4,9 Z" className="attack-arrow" fill={FACTION_COLOR[atk.faction]} />
              </g>
              <Token faction={atk.faction} count={atk.count} x={0} y={0} r={10 * k} letter={letters[atk.faction]} />
              {atk.route !== 'land' && (
                <text className="attack-route" y={22} fontSize={8.5}>
                  {atk.route === 'fjord' ? '≈' : atk.route === 'air' ? '✈︎' : '⚓︎'}
                </text>
              )}
            </g>
          );
        })}
    </>
  );
}

export function HitTargets({ ctl, k, px }: { ctl: PickControl; k: number; px: number }) {
  const { pickable, sources, pick, facts, own } = ctl;
  return (
    <>
      {/* Tap targets of at least 40 px around each stack or destination that can be picked now. */}
      {BOARD.areas
        .filter((a) => own(a.id) && (pickable?.has(a.id) || sources?.has(a.id)))
        .map((a) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a map shape repeats a choice the action panel offers as a button, the keyboard's way
          <circle
            key={a.id}
            className="hit"
            cx={a.label.x}
            cy={a.label.y + 5 * k}
            r={hitRadius(11 * k, px)}
            data-hit={a.id}
            onClick={() => pick(a.id)}
            {...facts.bind(a.id)}
          />
        ))}
    </>
  );
}

export function MapControls({
  zoomAt,
  openView,
  home,
  inset,
}: {
  zoomAt: (f: number) => void;
  openView: (region: 'south' | 'north' | 'all' | readonly string[]) => void;
  home: 'all' | readonly string[];
  /** The Northern Norway inset (wide panes, the whole game): whether it shows, and its switch. */
  inset?: { shown: boolean; toggle: () => void } | null;
}) {
  const { t } = useI18n();
  return (
    <div className="map-controls">
      <button type="button" onClick={() => zoomAt(1 / 1.4)} aria-label={t('map.zoomIn')} title={t('map.zoomIn')}>
        +
      </button>
      <button type="button" onClick={() => zoomAt(1.4)} aria-label={t('map.zoomOut')} title={t('map.zoomOut')}>
        −
      </button>
      <button type="button" onClick={() => openView(home)} aria-label={t('map.reset')} title={t('map.reset')}>
        ⤢
      </button>
      <button type="button" className="region" onClick={() => openView('north')} title={t('map.north')}>
        {t('map.northShort')}
      </button>
      <button type="button" className="region" onClick={() => openView('south')} title={t('map.south')}>
        {t('map.southShort')}
      </button>
      {inset && (
        <button
          type="button"
          className="region inset-toggle"
          onClick={inset.toggle}
          aria-pressed={inset.shown}
          title={t(inset.shown ? 'map.insetHide' : 'map.insetShow')}
          data-testid="inset-toggle"
        >
          ▣
        </button>
      )}
    </div>
  );
}
