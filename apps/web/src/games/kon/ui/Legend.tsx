/** The map's legend: every kind of thing drawn on the map, with a swatch drawn the way the map draws it. */
import { useState } from 'react';
import { useI18n } from '../../../i18n';
import { FACTIONS } from '../game/data';
import { FACTION_COLOR, TokenShape } from '../../../ui/FactionBadge';
import { FLAG, PLANE, STAR } from './mapIcons';

function Swatch({ children, w = 24, h = 16 }: { children: React.ReactNode; w?: number; h?: number }) {
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width={w} height={h} aria-hidden className="legend-swatch">
      {children}
    </svg>
  );
}

export function Legend({ scenario = false }: { scenario?: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <div className={`legend ${open ? 'open' : ''}`} data-testid="legend">
      <button type="button" className="legend-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('map.legend')}
      </button>
      {open && (
        <ul>
          {FACTIONS.map((f) => (
            <li key={f} data-legend={`faction-${f}`}>
              <svg viewBox="-14 -14 28 28" width="20" height="20" aria-hidden>
                <TokenShape faction={f} r={9} />
              </svg>
              {t(`faction.${f}`)} ({t(`letter.${f}`)})
            </li>
          ))}
          <li data-legend="moved">
            <svg viewBox="-14 -14 28 28" width="20" height="20" aria-hidden opacity={0.55}>
              <TokenShape faction="germany" r={9} />
            </svg>
            {t('map.movedLegend')}
          </li>
          <li data-legend="victoryCity">
            <svg viewBox="-8 -8 16 16" width="18" height="18" aria-hidden>
              <path d={STAR} transform="scale(7)" className="icon-star" />
            </svg>
            {t('map.victoryCity')}
          </li>
          <li data-legend="mobilization">
            <svg viewBox="-6 -6 12 12" width="18" height="18" aria-hidden>
              <path d={FLAG} transform="scale(5)" className="icon-flag" />
            </svg>
            {t('map.mobilization')}
          </li>
          <li data-legend="airfield">
            <svg viewBox="-6 -6 12 12" width="18" height="18" aria-hidden>
              <path d={PLANE} transform="scale(5.5)" className="icon-plane" />
            </svg>
            {t('map.airfield')}
          </li>
          <li data-legend="fjord">
            <Swatch h={10}>
              <line x1="0" y1="5" x2="24" y2="5" className="fjord" />
            </Swatch>
            {t('map.fjord')}
          </li>
          <li data-legend="fjordCrossing">
            <Swatch h={10}>
              <line x1="0" y1="5" x2="24" y2="5" className="fjord crossing" />
            </Swatch>
            {t('map.fjordCrossing')}
          </li>
          <li data-legend="fraTyskland">
            <Swatch h={10}>
              <line x1="0" y1="5" x2="24" y2="5" className="fra-tyskland" />
            </Swatch>
            {t('map.fraTyskland')}
          </li>
          <li data-legend="redZone">
            <Swatch>
              <rect width="24" height="16" fill="url(#hatch-red)" stroke="#d98a78" />
            </Swatch>
            {t('map.redZone')}
          </li>
          <li data-legend="blueZone">
            <Swatch>
              <rect width="24" height="16" fill="#d3e3ec" stroke="#9fbfd3" />
            </Swatch>
            {t('map.blueZone')}
          </li>
          <li data-legend="impassable">
            <Swatch>
              <rect width="24" height="16" fill="url(#hatch-grey)" stroke="#bdb6a8" />
            </Swatch>
            {t('map.impassable')}
          </li>
          {scenario && (
            <li data-legend="outOfPlay">
              <Swatch>
                <rect width="24" height="16" fill="url(#hatch-grey)" stroke="#b9b2a4" />
              </Swatch>
              {t('map.outOfPlayLegend')}
            </li>
          )}
          <li data-legend="pickable">
            <Swatch>
              <rect x="1" y="1" width="22" height="14" className="area pickable" />
            </Swatch>
            {t('map.pickable')}
          </li>
          <li data-legend="selected">
            <Swatch>
              <rect x="1" y="1" width="22" height="14" className="area selected" />
            </Swatch>
            {t('map.selected')}
          </li>
          <li data-legend="attack">
            <Swatch w={28} h={18}>
              <path d="M12,0 L28,9 L12,18 Z" className="attack-arrow" fill={FACTION_COLOR.germany} />
            </Swatch>
            {t('map.attackLegend')}
          </li>
          <li data-legend="combat">
            <Swatch w={20} h={20}>
              <circle cx="10" cy="10" r="7.5" className="legend-ring" />
            </Swatch>
            {t('map.combatLegend')}
          </li>
        </ul>
      )}
    </div>
  );
}
